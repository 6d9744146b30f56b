import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/errors.ts';
import type { HttpCacheRule } from '../../http/http-cache.ts';
import { markAccess } from '../../http/openapi.ts';
import type { LaunchModeReader } from '../../settings/launch-mode.ts';
import type { ContentStore } from '../../content/content-store.ts';
import { route } from '../../http/route.ts';
import { endpoints } from '../../../core/contracts/endpoints.ts';

/** A blog post or help article that exists, or 404 with the page's own code. */
function orNotFound<T>(item: T | null, code: 'post_not_found' | 'help_article_not_found', message: string): T {
  if (!item) throw new HttpError(404, code, message);
  return item;
}

// Content changes only with a deploy. In prelaunch only members may read it, and a member's
// answers are never shared (http/http-cache.ts).
const contentCache: HttpCacheRule = { maxAge: 300, staleWhileRevalidate: 86400 };
const legalRoute = endpoints['GET /api/legal/:doc'].path;

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

  route(app, 'GET /api/blog', { config: { httpCache: contentCache } }, async (request) => content.blogPage(request.query));

  route(app, 'GET /api/blog/:slug', { config: { httpCache: contentCache } }, async (request) => orNotFound(await content.blogPost(request.params.slug, request.query.lang), 'post_not_found', 'Post Not Found'));

  route(app, 'GET /api/legal/:doc', { config: { httpCache: contentCache } }, async (request) =>
    content.legalDocument(request.params.doc, request.query.lang),
  );

  route(app, 'GET /api/help', { config: { httpCache: contentCache } }, async (request) => content.helpCenter(request.query));

  route(app, 'GET /api/help/:slug', { config: { httpCache: contentCache } }, async (request) => orNotFound(await content.helpArticle(request.params.slug, request.query.lang), 'help_article_not_found', 'Help article not found'));
};
