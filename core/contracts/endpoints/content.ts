import { apiErrorBodySchema } from '../../api-types.ts';
import {
  blogPageQuerySchema,
  blogPageSchema,
  blogPostSchema,
  contentLanguageQuerySchema,
  contentSlugParamsSchema,
  helpArticleSchema,
  helpCenterQuerySchema,
  helpCenterSchema,
  legalDocumentParamsSchema,
  legalDocumentViewSchema,
} from '../content.ts';
import { defineEndpoints } from '../endpoint.ts';

export const contentEndpoints = defineEndpoints('content', {
  'GET /api/blog': {
    summary: 'Blog posts, newest first, nine a page, optionally of one category',
    query: blogPageQuerySchema,
    responses: { 200: blogPageSchema },
  },
  'GET /api/blog/:slug': {
    summary: 'One blog post with its related articles',
    params: contentSlugParamsSchema,
    query: contentLanguageQuerySchema,
    responses: { 200: blogPostSchema, 404: apiErrorBodySchema },
  },
  'GET /api/legal/:doc': {
    summary: 'Terms of service or privacy policy, in numbered sections (open to visitors in prelaunch too)',
    params: legalDocumentParamsSchema,
    query: contentLanguageQuerySchema,
    responses: { 200: legalDocumentViewSchema },
  },
  'GET /api/help': {
    summary: 'Help center: the six categories, filtered by q (category name or article title), and popular articles',
    query: helpCenterQuerySchema,
    responses: { 200: helpCenterSchema },
  },
  'GET /api/help/:slug': {
    summary: 'One help article',
    params: contentSlugParamsSchema,
    query: contentLanguageQuerySchema,
    responses: { 200: helpArticleSchema, 404: apiErrorBodySchema },
  },
});
