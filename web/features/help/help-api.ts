import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HelpArticle, HelpCenter } from '../../../core/content.ts';
import type { Language } from '../../../core/languages.ts';
import { api, isApiError } from '../../lib/api-client.ts';

/** Categories filtered by the search; the last answer stays while the next one loads, so typing does not flicker. */
export function useHelpCenter(language: Language, query: string) {
  const params = new URLSearchParams({ lang: language, q: query.trim() });
  return useQuery({
    queryKey: ['help', language, query.trim()],
    queryFn: ({ signal }) => api.get<HelpCenter>(`/api/help?${params.toString()}`, signal),
    placeholderData: keepPreviousData,
    staleTime: 10 * 60_000,
  });
}

export function useHelpArticle(slug: string, language: Language) {
  return useQuery({
    queryKey: ['help-article', slug, language],
    queryFn: ({ signal }) => api.get<HelpArticle>(`/api/help/${encodeURIComponent(slug)}?lang=${language}`, signal),
    retry: (failures, error) => !(isApiError(error) && (error.status === 404 || error.status === 400)) && failures < 2,
  });
}
