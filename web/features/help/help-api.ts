import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '../../../core/languages.ts';
import { api, isApiError } from '../../lib/api-client.ts';

export const helpQueries = {
  all: () => ['help'] as const,
  /** Categories filtered by the search; the last answer stays while the next one loads, so typing does not flicker. */
  center: (language: Language, query: string) =>
    queryOptions({
      queryKey: [...helpQueries.all(), language, query.trim()],
      queryFn: ({ signal }) => api.get('/api/help', { query: { lang: language, q: query.trim() }, signal }),
      placeholderData: keepPreviousData,
      staleTime: 10 * 60_000,
    }),
  article: (slug: string, language: Language) =>
    queryOptions({
      queryKey: [...helpQueries.all(), 'article', slug, language],
      queryFn: ({ signal }) => api.get('/api/help/:slug', { params: { slug }, query: { lang: language }, signal }),
      // A missing article will not appear by asking again.
      retry: (failures, error) => !(isApiError(error) && (error.status === 404 || error.status === 400)) && failures < 2,
    }),
};

export const useHelpCenter = (language: Language, query: string) => useQuery(helpQueries.center(language, query));
export const useHelpArticle = (slug: string, language: Language) => useQuery(helpQueries.article(slug, language));
