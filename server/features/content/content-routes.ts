import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isoDateSchema } from '../../../core/dates.ts';
import { z } from 'zod';
import {
  blogCategories,
  contentSlugPattern,
  helpCategories,
  legalDocuments,
  maxContentSlugLength,
  maxHelpQueryLength,
} from '../../../core/content.ts';
import { languages } from '../../../core/languages.ts';
import { HttpError } from '../../http/errors.ts';
import type { LaunchModeReader } from '../../settings/launch-mode.ts';
import type { ContentStore } from '../../content/content-store.ts';

const lang = z.enum(languages).default('en');
const slug = z.string().max(maxContentSlugLength).regex(contentSlugPattern, 'Not a content slug');

const blogSummarySchema = z.object({
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

const blogPostSchema = blogSummarySchema.extend({
  authorBio: z.string(),
  html: z.string().describe('Sanitised HTML'),
  related: z.array(blogSummarySchema),
});

const sectionSchema = z.object({ id: z.string(), title: z.string(), html: z.string() });

const helpSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  category: z.enum(helpCategories),
  views: z.number().int(),
  rating: z.number(),
});

const notFoundSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

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
        querystring: z.object({
          lang,
          category: z.enum(blogCategories).optional(),
          page: z.coerce.number().int().min(1).max(1000).default(1),
        }),
        response: {
          200: z.object({
            posts: z.array(blogSummarySchema),
            page: z.number().int(),
            pageSize: z.number().int(),
            pageCount: z.number().int(),
            total: z.number().int(),
          }),
        },
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
        params: z.object({ slug }),
        querystring: z.object({ lang }),
        response: { 200: blogPostSchema, 404: notFoundSchema },
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
        params: z.object({ doc: z.enum(legalDocuments) }),
        querystring: z.object({ lang }),
        response: {
          200: z.object({
            doc: z.enum(legalDocuments),
            title: z.string(),
            lastUpdated: isoDateSchema,
            introHtml: z.string(),
            sections: z.array(sectionSchema),
          }),
        },
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
        querystring: z.object({ lang, q: z.string().max(maxHelpQueryLength).default('') }),
        response: {
          200: z.object({
            categories: z.array(
              z.object({
                id: z.enum(helpCategories),
                name: z.string(),
                description: z.string(),
                articles: z.array(helpSummarySchema),
              }),
            ),
            popular: z.array(helpSummarySchema),
          }),
        },
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
        params: z.object({ slug }),
        querystring: z.object({ lang }),
        response: { 200: helpSummarySchema.extend({ updated: isoDateSchema, html: z.string() }), 404: notFoundSchema },
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
