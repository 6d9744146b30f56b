import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BlogCategory, BlogPage, BlogPost } from '../../../core/content.ts';
import type { Language } from '../../../core/languages.ts';
import { api, isApiError } from '../../lib/api-client.ts';

/** One page of posts; the previous page stays on screen while the next loads, so the grid does not jump. */
export function useBlogPage(language: Language, category: BlogCategory | null, page: number) {
  const params = new URLSearchParams({ lang: language, page: String(page) });
  if (category) params.set('category', category);
  return useQuery({
    queryKey: ['blog', language, category, page],
    queryFn: ({ signal }) => api.get<BlogPage>(`/api/blog?${params.toString()}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBlogPost(slug: string, language: Language) {
  return useQuery({
    queryKey: ['blog-post', slug, language],
    queryFn: ({ signal }) => api.get<BlogPost>(`/api/blog/${encodeURIComponent(slug)}?lang=${language}`, signal),
    // A missing post will not appear by asking again.
    retry: (failures, error) => !(isApiError(error) && (error.status === 404 || error.status === 400)) && failures < 2,
  });
}
