import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BlockDatesBody,
  CreateListingBody,
  HostArrivalInfo,
  HostListing,
  HostListingAction,
  ListingCalendar,
} from '../../../core/contracts/host-listings.ts';
import type { ListingDraftPatch } from '../../../core/listing-draft-schema.ts';
import type { PlaceDocumentKind } from '../../../core/constants.ts';
import type { Language } from '../../../core/languages.ts';
import { api } from '../../lib/api-client.ts';
import { myProfileQuery } from '../../lib/profile-query.ts';

export const hostListingQueries = {
  /** Every language's dashboard list. */
  all: () => ['host-listings'] as const,
  /** The dashboard: the signed-in host's listings, titles and places in the page's language. */
  mine: (language: Language) =>
    queryOptions({
      queryKey: [...hostListingQueries.all(), language],
      queryFn: ({ signal }) => api.get('/api/host/listings', { query: { lang: language }, signal }),
    }),
  earnings: () =>
    queryOptions({
      queryKey: ['host-earnings'],
      queryFn: ({ signal }) => api.get('/api/host/earnings', { signal }),
    }),
  /** One listing as the wizard edits it. */
  listing: (id: number) =>
    queryOptions({
      queryKey: ['host-listing', id],
      queryFn: ({ signal }) => api.get('/api/host/listings/:id', { params: { id }, signal }),
    }),
  /** A listing's stays and blocked dates from today. */
  calendar: (id: number) =>
    queryOptions({
      queryKey: ['host-listing-calendar', id],
      queryFn: ({ signal }) => api.get('/api/host/listings/:id/calendar', { params: { id }, signal }),
    }),
};

export function useHostListings(language: Language) {
  return useQuery({ ...hostListingQueries.mine(language), select: (data) => data.listings });
}

export function useHostEarnings() {
  return useQuery(hostListingQueries.earnings());
}

export function useHostListing(id: number | null) {
  return useQuery({ ...hostListingQueries.listing(id ?? 0), enabled: id !== null });
}

/** Every mutation answers with the whole listing: it replaces the cached one, and the dashboard list is refreshed. */
function useListingMutation<V>(request: (variables: V) => Promise<HostListing>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (listing) => {
      queryClient.setQueryData(hostListingQueries.listing(listing.id).queryKey, listing);
      void queryClient.invalidateQueries({ queryKey: hostListingQueries.all() });
    },
  });
}

export const useCreateListing = () => useListingMutation((body: CreateListingBody) => api.post('/api/host/listings', { body }));

export const useSaveListing = () =>
  useListingMutation(({ id, patch }: { id: number; patch: ListingDraftPatch }) =>
    api.patch('/api/host/listings/:id', { params: { id }, body: patch }),
  );

export const useListingAction = () =>
  useListingMutation(({ id, action }: { id: number; action: HostListingAction }) =>
    api.post('/api/host/listings/:id/:action', { params: { id, action } }),
  );

export const useUploadPhoto = () =>
  useListingMutation(({ id, file }: { id: number; file: File }) => api.upload('/api/host/listings/:id/photos', file, { params: { id } }));

/** Sends a listing's proof of the right to let it (a deed, a lease, a business licence) for an admin to verify. */
export const useUploadPlaceDocument = () =>
  useListingMutation(({ id, kind, file }: { id: number; kind: PlaceDocumentKind; file: File }) =>
    api.upload('/api/host/listings/:id/place-document', file, { params: { id }, query: { kind } }),
  );

export const useReorderPhotos = () =>
  useListingMutation(({ id, photoIds }: { id: number; photoIds: number[] }) =>
    api.put('/api/host/listings/:id/photos/order', { params: { id }, body: { photoIds } }),
  );

export const useDeletePhoto = () =>
  useListingMutation(({ id, photoId }: { id: number; photoId: number }) =>
    api.delete('/api/host/listings/:id/photos/:photoId', { params: { id, photoId } }),
  );

export function useListingCalendar(id: number) {
  return useQuery(hostListingQueries.calendar(id));
}

/** Blocking and unblocking dates answer with the whole calendar, which replaces the cached one. */
function useCalendarMutation<V>(id: number, request: (variables: V) => Promise<ListingCalendar>, onError: (error: unknown) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (calendar) => queryClient.setQueryData(hostListingQueries.calendar(id).queryKey, calendar),
    onError,
  });
}

export const useBlockDates = (id: number, onError: (error: unknown) => void) =>
  useCalendarMutation(id, (body: BlockDatesBody) => api.post('/api/host/listings/:id/blocks', { params: { id }, body }), onError);

export const useUnblockDates = (id: number, onError: (error: unknown) => void) =>
  useCalendarMutation(id, (blockId: number) => api.delete('/api/host/listings/:id/blocks/:blockId', { params: { id, blockId } }), onError);

/**
 * Whether the signed-in host's ID is verified (only they can publish): read from their profile,
 * under the profile's own cache key so that a verification seen there is seen here. Undefined while unknown.
 */
export function useIdVerified(): boolean | undefined {
  const query = useQuery(myProfileQuery());
  return query.data ? query.data.idVerificationStatus === 'verified' : undefined;
}

/** A listing's private arrival information (check-in instructions, house manual, Wi-Fi), for its host. */
export function useArrivalInfo(id: number) {
  return useQuery({
    queryKey: ['host-listing-arrival', id],
    queryFn: ({ signal }) => api.get('/api/host/listings/:id/arrival', { params: { id }, signal }),
  });
}

/** Saves the whole of a listing's arrival information at once (it is never reviewed). */
export function useSaveArrivalInfo(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (info: HostArrivalInfo) => api.put('/api/host/listings/:id/arrival', { params: { id }, body: info }),
    onSuccess: (saved) => queryClient.setQueryData(['host-listing-arrival', id], saved),
  });
}
