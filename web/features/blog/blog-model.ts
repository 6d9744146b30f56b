import { blogCategories, type BlogCategory } from '../../../core/content.ts';

/** The category and page of a /blog URL; anything unknown reads as All, page 1. */
export function readBlogParams(params: URLSearchParams): { category: BlogCategory | null; page: number } {
  const rawCategory = params.get('category');
  const category = (blogCategories as readonly string[]).includes(rawCategory ?? '') ? (rawCategory as BlogCategory) : null;
  const rawPage = Number(params.get('page'));
  const page = Number.isInteger(rawPage) && rawPage >= 1 && rawPage <= 1000 ? rawPage : 1;
  return { category, page };
}

/** The /blog URL of a category and page; choosing a category always starts again at page 1. */
export function blogHref(category: BlogCategory | null, page = 1): string {
  const params = new URLSearchParams();
  if (category) params.set('category', category);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/blog?${query}` : '/blog';
}
