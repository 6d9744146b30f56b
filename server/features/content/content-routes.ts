import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBodySchema } from '../../../core/api-types.ts';
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
} from '../../../core/contracts/content.ts';
import { HttpError } from '../../http/errors.ts';
import type { HttpCacheRule } from '../../http/http-cache.ts';
import { markAccess } from '../../http/openapi.ts';
import type { LaunchModeReader } from '../../settings/launch-mode.ts';
import type { ContentStore } from '../../content/content-store.ts';

/** A blog post or help article that exists, or 404 with the page's own code. */
function orNotFound<T>(item: T | null, code: 'post_not_found' | 'help_article_not_found', message: string): T {
  if (!item) throw new HttpError(404, code, message);
  return item;
}

// Content changes only with a deploy. In prelaunch only members may read it, and a member's
// answers are never shared (http/http-cache.ts).
const contentCache: HttpCacheRule = { maxAge: 300, staleWhileRevalidate: 86400 };
const legalRoute = '/api/legal/:doc';

export const contentRoutes: FastifyPluginAsyncZod<{ content: ContentStore; launchMode: LaunchModeReader }> = async (
  app,
  { content, launchMode },
) => {
  // Content pages are public when live and for members in prelaunch, like the web app's guard. The
  // terms and the privacy policy are for everyone: visitors must be able to read what sign-up asks
  // them to accept.
  markAccess(app, 'browsing', (url) => url !== legalRoute);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url === legalRoute) return;
    await launchMode.assertBrowsingAllowed(request);
  });

  const tags = ['content'];

  app.get(
    '/api/blog',
    { config: { httpCache: contentCache }, schema: { tags, summary: 'Blog posts, newest first, nine a page, optionally of one category', querystring: blogPageQuerySchema, response: { 200: blogPageSchema } } },
    async (request) => content.blogPage(request.query),
  );

  app.get(
    '/api/blog/:slug',
    {
      config: { httpCache: contentCache },
      schema: {
        tags,
        summary: 'One blog post with its related articles',
        params: contentSlugParamsSchema,
        querystring: contentLanguageQuerySchema,
        response: { 200: blogPostSchema, 404: apiErrorBodySchema },
      },
    },
    async (request) => orNotFound(await content.blogPost(request.params.slug, request.query.lang), 'post_not_found', 'Post Not Found'),
  );

  app.get(
    legalRoute,
    {
      config: { httpCache: contentCache },
      schema: {
        tags,
        summary: 'Terms of service or privacy policy, in numbered sections (open to visitors in prelaunch too)',
        params: legalDocumentParamsSchema,
        querystring: contentLanguageQuerySchema,
        response: { 200: legalDocumentViewSchema },
      },
    },
    async (request) => content.legalDocument(request.params.doc, request.query.lang),
  );

  app.get(
    '/api/help',
    {
      config: { httpCache: contentCache },
      schema: {
        tags,
        summary: 'Help center: the six categories, filtered by q (category name or article title), and popular articles',
        querystring: helpCenterQuerySchema,
        response: { 200: helpCenterSchema },
      },
    },
    async (request) => content.helpCenter(request.query),
  );

  app.get(
    '/api/help/:slug',
    {
      config: { httpCache: contentCache },
      schema: { tags, summary: 'One help article', params: contentSlugParamsSchema, querystring: contentLanguageQuerySchema, response: { 200: helpArticleSchema, 404: apiErrorBodySchema } },
    },
    async (request) => orNotFound(await content.helpArticle(request.params.slug, request.query.lang), 'help_article_not_found', 'Help article not found'),
  );
};
