import { robotsResponseSchema, sitemapResponseSchema } from '../seo.ts';
import { defineEndpoints } from '../endpoint.ts';

export const seoEndpoints = defineEndpoints('seo', {
  'GET /sitemap.xml': {
    summary:
      'The public pages in English and Hebrew with hreflang alternates, and every approved listing; before launch only the landing and the legal pages',
    responses: { 200: sitemapResponseSchema },
  },
  'GET /robots.txt': {
    summary: 'Crawling rules and the sitemap address',
    responses: { 200: robotsResponseSchema },
  },
});
