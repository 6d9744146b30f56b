import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Language } from '../../../core/languages.ts';
import type { ListingCard } from '../../../core/contracts/search.ts';
import { api } from '../../lib/api-client.ts';
import { withoutListing, withListingAt } from './saved-model.ts';

/** The prefix of every saved list; the property page's Save toggle invalidates it too. */
export const savedQueryKey = ['saved'] as const;
const savedListKey = (language: Language) => [...savedQueryKey, language] as const;

interface SavedResponse {
  listings: ListingCard[];
}

/** The signed-in user's saved listings, latest saved first, titles and places in the page's language. */
export function useSavedListings(language: Language) {
  return useQuery({
    queryKey: savedListKey(language),
    queryFn: ({ signal }) => api.get<SavedResponse>(`/api/saved?lang=${language}`, signal),
    select: (data) => data.listings,
  });
}

/** Both languages' lists and the listing's own page (its Save toggle) are out of date after a change. */
function refreshAfterChange(queryClient: QueryClient, id: number) {
  void queryClient.invalidateQueries({ queryKey: savedQueryKey });
  void queryClient.invalidateQueries({ queryKey: ['property', id] });
}

/** Removes a listing from the saved list at once, putting it back where it was if the server refuses. */
export function useUnsaveListing(language: Language) {
  const queryClient = useQueryClient();
  const key = savedListKey(language);
  return useMutation({
    mutationFn: (listing: ListingCard) => api.delete<{ saved: boolean }>(`/api/saved/${listing.id}`),
    onMutate: async (listing) => {
      await queryClient.cancelQueries({ queryKey: key });
      const index = queryClient.getQueryData<SavedResponse>(key)?.listings.findIndex((card) => card.id === listing.id) ?? -1;
      queryClient.setQueryData<SavedResponse>(key, (current) => current && { listings: withoutListing(current.listings, listing.id) });
      return { index };
    },
    // Only this card goes back: restoring a snapshot would also undo other removals made meanwhile.
    onError: (_error, listing, context) => {
      queryClient.setQueryData<SavedResponse>(key, (current) => current && { listings: withListingAt(current.listings, listing, context?.index ?? 0) });
    },
    onSettled: (_data, _error, listing) => refreshAfterChange(queryClient, listing.id),
  });
}

/** Saves a listing again (the Undo of a removal). */
export function useResaveListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.put<{ saved: boolean }>(`/api/saved/${id}`),
    onSettled: (_data, _error, id) => refreshAfterChange(queryClient, id),
  });
}
