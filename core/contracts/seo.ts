import { z } from 'zod';

/** GET /sitemap.xml: the sitemap document (XML text). */
export const sitemapResponseSchema = z.string();

/** GET /robots.txt: the crawling rules (plain text). */
export const robotsResponseSchema = z.string();
