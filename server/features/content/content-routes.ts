import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  blogPageQuerySchema,
  blogPageSchema,
  blogPostSchema,
  contentLanguageQuerySchema,
  contentNotFoundSchema,
  contentSlugParamsSchema,
  helpArticleSchema,
  helpCenterQuerySchema,
  helpCenterSchema,
  legalDocumentParamsSchema,
  legalDocumentViewSchema,
} from '../../../core/contracts/content.ts';
import { HttpError } from '../../http/errors.ts';
import type { LaunchModeReader } from '../../settings/launch-mode.ts';
import type { ContentStore } from '../../content/content-store.ts';

// Content changes only with a deploy; private, since in prelaunch only members may read it.
const contentCache = 'private, max-age=300';
const legalRoute = '/api/legal/:doc';

export const contentRoutes: FastifyPluginAsyncZod<{ content: ContentStore; launchMode: LaunchModeReader }> = async (
  app,
  { content, launchMode },
) => {
  // Content pages are public when live and for members in prelaunch, like the web app's guard. The
  // terms and the privacy policy are for everyone: visitors must be able to read what sign-up asks
  // them to accept.
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url === legalRoute) return;
    await launchMode.assertBrowsingAllowed(request);
  });

  app.get(
    '/api/blog',
    {
      schema: {
        tags: ['content'],
        summary: 'Blog posts, newest first, nine a page, optionally of one category',
        querystring: blogPageQuerySchema,
        response: { 200: blogPageSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', contentCache);
      return content.blogPage(request.query);
    },
  );

  app.get(
    '/api/blog/:slug',
    {
      schema: {
        tags: ['content'],
        summary: 'One blog post with its related articles',
        params: contentSlugParamsSchema,
        querystring: contentLanguageQuerySchema,
        response: { 200: blogPostSchema, 404: contentNotFoundSchema },
      },
    },
    async (request, reply) => {
      const post = await content.blogPost(request.params.slug, request.query.lang);
      if (!post) throw new HttpError(404, 'post_not_found', 'Post Not Found');
      reply.header('Cache-Control', contentCache);
      return post;
    },
  );

  app.get(
    legalRoute,
    {
      schema: {
        tags: ['content'],
        summary: 'Terms of service or privacy policy, in numbered sections (open to visitors in prelaunch too)',
        params: legalDocumentParamsSchema,
        querystring: contentLanguageQuerySchema,
        response: { 200: legalDocumentViewSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', contentCache);
      return content.legalDocument(request.params.doc, request.query.lang);
    },
  );

  app.get(
    '/api/help',
    {
      schema: {
        tags: ['content'],
        summary: 'Help center: the six categories, filtered by q (category name or article title), and popular articles',
        querystring: helpCenterQuerySchema,
        response: { 200: helpCenterSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', contentCache);
      return content.helpCenter(request.query);
    },
  );

  app.get(
    '/api/help/:slug',
    {
      schema: {
        tags: ['content'],
        summary: 'One help article',
        params: contentSlugParamsSchema,
        querystring: contentLanguageQuerySchema,
        response: { 200: helpArticleSchema, 404: contentNotFoundSchema },
      },
    },
    async (request, reply) => {
      const article = await content.helpArticle(request.params.slug, request.query.lang);
      if (!article) throw new HttpError(404, 'help_article_not_found', 'Help article not found');
      reply.header('Cache-Control', contentCache);
      return article;
    },
  );
};
