import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogCategory } from '../../../core/content.ts';
import type { BlogPage, BlogPost } from '../../../core/contracts/content.ts';
import type { Language } from '../../../core/languages.ts';
import { legacyApi, isApiError } from '../../lib/api-client.ts';

/** A missing post will not appear by asking again. */
const retryUnlessMissing = (failures: number, error: Error) =>
  !(isApiError(error) && (error.status === 404 || error.status === 400)) && failures < 2;

export const blogQueries = {
  all: () => ['blog'] as const,
  page: (language: Language, category: BlogCategory | null, page: number) => {
    const params = new URLSearchParams({ lang: language, page: String(page) });
    if (category) params.set('category', category);
    return queryOptions({
      queryKey: [...blogQueries.all(), language, category, page],
      queryFn: ({ signal }) => legacyApi.get<BlogPage>(`/api/blog?${params.toString()}`, signal),
      placeholderData: keepPreviousData,
    });
  },
  post: (slug: string, language: Language) =>
    queryOptions({
      queryKey: [...blogQueries.all(), 'post', slug, language],
      queryFn: ({ signal }) => legacyApi.get<BlogPost>(`/api/blog/${encodeURIComponent(slug)}?lang=${language}`, signal),
      retry: retryUnlessMissing,
    }),
};

/** One page of posts; the previous page stays on screen while the next loads, so the grid does not jump. */
export const useBlogPage = (language: Language, category: BlogCategory | null, page: number) =>
  useQuery(blogQueries.page(language, category, page));
export const useBlogPost = (slug: string, language: Language) => useQuery(blogQueries.post(slug, language));
