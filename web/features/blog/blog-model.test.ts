import { describe, expect, it } from 'vitest';
import { blogHref, readBlogParams } from './blog-model.ts';

describe('blog URL', () => {
  it('reads category and page, falling back to All and page 1', () => {
    expect(readBlogParams(new URLSearchParams('category=seo&page=2'))).toEqual({ category: 'seo', page: 2 });
    expect(readBlogParams(new URLSearchParams('category=gossip&page=-3'))).toEqual({ category: null, page: 1 });
    expect(readBlogParams(new URLSearchParams('page=1.5'))).toEqual({ category: null, page: 1 });
  });

  it('writes the shortest URL, page 1 and All left out', () => {
    expect(blogHref(null)).toBe('/blog');
    expect(blogHref('host-tips')).toBe('/blog?category=host-tips');
    expect(blogHref(null, 2)).toBe('/blog?page=2');
  });
});
