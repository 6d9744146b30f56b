import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { maxLocationSuggestions } from '../../../core/constants.ts';
import type { Language } from '../../../core/languages.ts';
import { api } from '../../lib/api-client.ts';

export const searchQueries = {
  /**
   * One search, as /results and the home search share it: key ['search', language, query string],
   * where the query string is resultsFiltersToParams(filters).toString() (its canonical form).
   */
  results: (language: Language, queryString: string) =>
    queryOptions({
      queryKey: ['search', language, queryString] as const,
      queryFn: ({ signal }) => {
        const query = new URLSearchParams(queryString);
        query.set('lang', language);
        return api.get('/api/search', { query, signal });
      },
      staleTime: 30_000,
    }),
  /** The home page's top-rated listings of each type. */
  featured: (language: Language) =>
    queryOptions({
      queryKey: ['listings', 'featured', language] as const,
      queryFn: ({ signal }) => api.get('/api/listings/featured', { query: { lang: language }, signal }).then((data) => data.listings),
      staleTime: 5 * 60_000,
    }),
  /** Places whose English or Hebrew name contains the text (compared in lower case), at most maxLocationSuggestions. */
  placeSuggestions: (language: Language, text: string) =>
    queryOptions({
      queryKey: ['places', 'suggest', language, text.toLocaleLowerCase()] as const,
      queryFn: ({ signal }) =>
        api
          .get('/api/places/suggest', { query: { q: text, lang: language }, signal })
          .then((data) => data.suggestions.slice(0, maxLocationSuggestions)),
      staleTime: 5 * 60_000,
    }),
};

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

/** Places whose English or Hebrew name contains the text (at most 8), asked only once the text is not empty and has settled. */
export function usePlaceSuggestions(text: string, language: Language, enabled = true) {
  const query = useDebouncedValue(text.trim(), suggestDebounceMs);
  const result = useQuery({
    ...searchQueries.placeSuggestions(language, query),
    enabled: enabled && query !== '',
    placeholderData: keepPreviousData,
  });
  const suggestions = text.trim() === '' || query === '' ? [] : (result.data ?? []);
  return { suggestions, isFetching: result.isFetching, settled: query === text.trim() && !result.isFetching };
}
