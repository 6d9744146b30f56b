import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { maxLocationSuggestions } from '../../../core/constants.ts';
import type { Language } from '../../../core/languages.ts';
import type { ListingCard, PlaceSuggestion, SearchResponse } from '../../../core/contracts/search.ts';
import { api } from '../../lib/api-client.ts';

/**
 * One search, as /results and the home search share it: key ['search', language, query string],
 * where the query string is resultsFiltersToParams(filters).toString() (its canonical form).
 */
export function searchQueryOptions(language: Language, queryString: string) {
  return queryOptions({
    queryKey: ['search', language, queryString] as const,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams(queryString);
      params.set('lang', language);
      return api.get<SearchResponse>(`/api/search?${params.toString()}`, signal);
    },
    staleTime: 30_000,
  });
}

export function featuredListingsQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['listings', 'featured', language] as const,
    queryFn: ({ signal }) => api.get<{ listings: ListingCard[] }>(`/api/listings/featured?lang=${language}`, signal).then((data) => data.listings),
    staleTime: 5 * 60_000,
  });
}

/** The value, once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

export const suggestDebounceMs = 150;

/** Places whose English or Hebrew name contains the text (at most 8), only for non-empty text (spec §5). */
export function usePlaceSuggestions(text: string, language: Language, enabled = true) {
  const query = useDebouncedValue(text.trim(), suggestDebounceMs);
  const result = useQuery<PlaceSuggestion[], Error, PlaceSuggestion[], readonly [string, string, Language, string]>({
    queryKey: ['places', 'suggest', language, query.toLocaleLowerCase()] as const,
    queryFn: ({ signal }) =>
      api
        .get<{ suggestions: PlaceSuggestion[] }>(`/api/places/suggest?${new URLSearchParams({ q: query, lang: language }).toString()}`, signal)
        .then((data) => data.suggestions.slice(0, maxLocationSuggestions)),
    enabled: enabled && query !== '',
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
  const suggestions = text.trim() === '' || query === '' ? [] : (result.data ?? []);
  return { suggestions, isFetching: result.isFetching, settled: query === text.trim() && !result.isFetching };
}
