import { z } from 'zod';
import {
  blogCategories,
  contentSlugPattern,
  helpCategories,
  legalDocuments,
  maxContentSlugLength,
  maxHelpQueryLength,
} from '../content.ts';
import { isoDateSchema } from '../date-schema.ts';
import { languages } from '../languages.ts';

/** The content routes' shapes: blog, help center and legal documents (all their HTML is sanitised). */

const lang = z.enum(languages).default('en');
const slug = z.string().max(maxContentSlugLength).regex(contentSlugPattern, 'Not a content slug');

export const contentLanguageQuerySchema = z.object({ lang });
export const contentSlugParamsSchema = z.object({ slug });

export const blogPostSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  author: z.string(),
  date: isoDateSchema,
  category: z.enum(blogCategories),
  readTimeMinutes: z.number().int(),
  views: z.number().int(),
  trending: z.boolean(),
  tags: z.array(z.string()),
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

export const blogPostSchema = blogPostSummarySchema.extend({
  authorBio: z.string(),
  html: z.string().describe('Sanitised HTML'),
  related: z.array(blogPostSummarySchema),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

export const blogPageQuerySchema = z.object({
  lang,
  category: z.enum(blogCategories).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export const blogPageSchema = z.object({
  posts: z.array(blogPostSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type BlogPage = z.infer<typeof blogPageSchema>;

/** A numbered section of a legal document; `id` is the table of contents' anchor, e.g. 'section-3'. */
export const contentSectionSchema = z.object({ id: z.string(), title: z.string(), html: z.string() });
export type ContentSection = z.infer<typeof contentSectionSchema>;

export const legalDocumentParamsSchema = z.object({ doc: z.enum(legalDocuments) });
/** A legal document: `introHtml` is what comes before the first section. */
export const legalDocumentViewSchema = z.object({
  doc: z.enum(legalDocuments),
  title: z.string(),
  lastUpdated: isoDateSchema,
  introHtml: z.string(),
  sections: z.array(contentSectionSchema),
});
export type LegalDocumentView = z.infer<typeof legalDocumentViewSchema>;

export const helpArticleSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  category: z.enum(helpCategories),
  views: z.number().int(),
  rating: z.number(),
});
export type HelpArticleSummary = z.infer<typeof helpArticleSummarySchema>;

export const helpCenterQuerySchema = z.object({ lang, q: z.string().max(maxHelpQueryLength).default('') });
export const helpCategoryViewSchema = z.object({
  id: z.enum(helpCategories),
  name: z.string(),
  description: z.string(),
  articles: z.array(helpArticleSummarySchema),
});
export type HelpCategoryView = z.infer<typeof helpCategoryViewSchema>;
/** The categories the query kept, and the most read articles whatever the query. */
export const helpCenterSchema = z.object({ categories: z.array(helpCategoryViewSchema), popular: z.array(helpArticleSummarySchema) });
export type HelpCenter = z.infer<typeof helpCenterSchema>;

export const helpArticleSchema = helpArticleSummarySchema.extend({ updated: isoDateSchema, html: z.string() });
export type HelpArticle = z.infer<typeof helpArticleSchema>;
