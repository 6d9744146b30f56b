import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { UpdateSavedSearch } from '../../../core/contracts/saved-searches.ts';
import type { ListingCard } from '../../../core/contracts/search.ts';
import type { Language } from '../../../core/languages.ts';
import { api } from '../../lib/api-client.ts';
import { stayQueryKeys } from '../../lib/stay-query-keys.ts';
import { withoutListing, withListingAt } from './saved-model.ts';

export const savedQueries = {
  /** The signed-in user's saved listings, latest saved first, titles and places in the page's language. */
  list: (language: Language) =>
    queryOptions({
      queryKey: [...stayQueryKeys.saved(), language],
      queryFn: ({ signal }) => api.get('/api/saved', { query: { lang: language }, signal }),
    }),
};

export function useSavedListings(language: Language) {
  return useQuery({ ...savedQueries.list(language), select: (data) => data.listings });
}

/** Both languages' lists and the listing's own page (its Save toggle) are out of date after a change. */
function refreshAfterChange(queryClient: QueryClient, id: number) {
  void queryClient.invalidateQueries({ queryKey: stayQueryKeys.saved() });
  void queryClient.invalidateQueries({ queryKey: stayQueryKeys.property(id) });
}

/** Removes a listing from the saved list at once, putting it back where it was if the server refuses. */
export function useUnsaveListing(language: Language) {
  const queryClient = useQueryClient();
  const key = savedQueries.list(language).queryKey;
  return useMutation({
    mutationFn: (listing: ListingCard) => api.delete('/api/saved/:id', { params: { id: listing.id } }),
    onMutate: async (listing) => {
      await queryClient.cancelQueries({ queryKey: key });
      const index = queryClient.getQueryData(key)?.listings.findIndex((card) => card.id === listing.id) ?? -1;
      queryClient.setQueryData(key, (current) => current && { listings: withoutListing(current.listings, listing.id) });
      return { index };
    },
    // Only this card goes back: restoring a snapshot would also undo other removals made meanwhile.
    onError: (_error, listing, context) => {
      queryClient.setQueryData(key, (current) => current && { listings: withListingAt(current.listings, listing, context?.index ?? 0) });
    },
    onSettled: (_data, _error, listing) => refreshAfterChange(queryClient, listing.id),
  });
}

/** Saves a listing again (the Undo of a removal). */
export function useResaveListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.put('/api/saved/:id', { params: { id } }),
    onSettled: (_data, _error, id) => refreshAfterChange(queryClient, id),
  });
}

const savedSearchesKey = ['saved-searches'] as const;

/** The member's saved searches (issue 38, item 4), the latest first. */
export function useSavedSearches() {
  return useQuery({
    queryKey: savedSearchesKey,
    queryFn: ({ signal }) => api.get('/api/saved-searches', { signal }),
    select: (data) => data.searches,
  });
}

/** Renames a saved search or changes its alerts; the list is read again after. */
export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: UpdateSavedSearch & { id: number }) =>
      api.patch('/api/saved-searches/:id', { params: { id }, body: change }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete('/api/saved-searches/:id', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}
