import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HostEarningsMonth, HostListing, HostListingSummary, ListingDraftPatch } from '../../../core/host-listing-rules.ts';
import type { PropertyType, VerificationStatus } from '../../../core/constants.ts';
import type { Language } from '../../../core/languages.ts';
import { api } from '../../lib/api-client.ts';

const listingsKey = ['host-listings'] as const;
const listingKey = (id: number) => ['host-listing', id] as const;

export function useHostListings(language: Language) {
  return useQuery({
    queryKey: [...listingsKey, language],
    queryFn: ({ signal }) => api.get<{ listings: HostListingSummary[] }>(`/api/host/listings?lang=${language}`, signal),
    select: (data) => data.listings,
  });
}

export function useHostEarnings() {
  return useQuery({
    queryKey: ['host-earnings'],
    queryFn: ({ signal }) => api.get<{ months: HostEarningsMonth[] }>('/api/host/earnings', signal),
    select: (data) => data.months,
  });
}

export function useHostListing(id: number | null) {
  return useQuery({
    queryKey: listingKey(id ?? 0),
    queryFn: ({ signal }) => api.get<HostListing>(`/api/host/listings/${id}`, signal),
    enabled: id !== null,
  });
}

/** Every mutation answers with the whole listing: it replaces the cached one, and the dashboard list is refreshed. */
function useListingMutation<V>(request: (variables: V) => Promise<HostListing>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (listing) => {
      queryClient.setQueryData(listingKey(listing.id), listing);
      void queryClient.invalidateQueries({ queryKey: listingsKey });
    },
  });
}

export const useCreateListing = () =>
  useListingMutation((body: ListingDraftPatch & { propertyType: PropertyType }) => api.post<HostListing>('/api/host/listings', body));

export const useSaveListing = () =>
  useListingMutation(({ id, patch }: { id: number; patch: ListingDraftPatch }) => api.patch<HostListing>(`/api/host/listings/${id}`, patch));

export type ListingAction = 'submit' | 'pause' | 'resume';
export const useListingAction = () =>
  useListingMutation(({ id, action }: { id: number; action: ListingAction }) => api.post<HostListing>(`/api/host/listings/${id}/${action}`));

export const useUploadPhoto = () =>
  useListingMutation(({ id, file }: { id: number; file: File }) => api.upload<HostListing>(`/api/host/listings/${id}/photos`, file));

export const useReorderPhotos = () =>
  useListingMutation(({ id, photoIds }: { id: number; photoIds: number[] }) => api.put<HostListing>(`/api/host/listings/${id}/photos/order`, { photoIds }));

export const useDeletePhoto = () =>
  useListingMutation(({ id, photoId }: { id: number; photoId: number }) => api.delete<HostListing>(`/api/host/listings/${id}/photos/${photoId}`));

/**
 * Whether the signed-in host's ID is verified (only they can publish): read from their profile,
 * under the profile's own cache key so that a verification seen there is seen here. Undefined while unknown.
 */
export function useIdVerified(): boolean | undefined {
  const query = useQuery({
    queryKey: ['profile'],
    queryFn: ({ signal }) => api.get<{ idVerificationStatus: VerificationStatus }>('/api/profile', signal),
  });
  return query.data ? query.data.idVerificationStatus === 'verified' : undefined;
}
