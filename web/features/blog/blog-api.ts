import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogCategory } from '../../../core/content.ts';
import type { Language } from '../../../core/languages.ts';
import { api, isApiError } from '../../lib/api-client.ts';

/** A missing post will not appear by asking again. */
const retryUnlessMissing = (failures: number, error: Error) =>
  !(isApiError(error) && (error.status === 404 || error.status === 400)) && failures < 2;

export const blogQueries = {
  all: () => ['blog'] as const,
  page: (language: Language, category: BlogCategory | null, page: number) =>
    queryOptions({
      queryKey: [...blogQueries.all(), language, category, page],
      queryFn: ({ signal }) => api.get('/api/blog', { query: { lang: language, page, category: category ?? undefined }, signal }),
      placeholderData: keepPreviousData,
    }),
  post: (slug: string, language: Language) =>
    queryOptions({
      queryKey: [...blogQueries.all(), 'post', slug, language],
      queryFn: ({ signal }) => api.get('/api/blog/:slug', { params: { slug }, query: { lang: language }, signal }),
      retry: retryUnlessMissing,
    }),
};

/** One page of posts; the previous page stays on screen while the next loads, so the grid does not jump. */
export const useBlogPage = (language: Language, category: BlogCategory | null, page: number) =>
  useQuery(blogQueries.page(language, category, page));
export const useBlogPost = (slug: string, language: Language) => useQuery(blogQueries.post(slug, language));
