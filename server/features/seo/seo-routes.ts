import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languages, localizePath } from '../../../core/languages.ts';
import { prelaunchSitemapPaths, privatePaths, sitemapPaths } from '../../../core/site-pages.ts';
import type { ContentStore } from '../../content/content-store.ts';
import type { Database } from '../../db/database.ts';
import { escapeHtml } from '../../mail/escape-html.ts';
import type { LaunchModeReader } from '../../settings/launch-mode.ts';
import { approvedListings } from './seo-repository.ts';
import { route } from '../../http/route.ts';

// The sitemap protocol allows 50,000 URLs per file; two per page leaves room for both languages.
const maxListings = 20_000;

/** One <url> per language, each naming every language version (and English as x-default). */
function urlEntries(site: string, path: string, lastModified?: Date): string {
  const href = (language: (typeof languages)[number]) => escapeHtml(`${site}${localizePath(path, language)}`);
  const alternates = [
    ...languages.map((language) => `<xhtml:link rel="alternate" hreflang="${language}" href="${href(language)}"/>`),
    `<xhtml:link rel="alternate" hreflang="x-default" href="${href('en')}"/>`,
  ].join('');
  const lastmod = lastModified ? `<lastmod>${lastModified.toISOString().slice(0, 10)}</lastmod>` : '';
  return languages.map((language) => `<url><loc>${href(language)}</loc>${lastmod}${alternates}</url>`).join('\n');
}

function sitemapXml(entries: string[]) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${entries.join('\n')}
</urlset>
`;
}

export const seoRoutes: FastifyPluginAsyncZod<{
  db: Database;
  content: ContentStore;
  siteUrl: string;
  launchMode: LaunchModeReader;
}> = async (app, { db, content, siteUrl, launchMode }) => {
  route(app, 'GET /sitemap.xml', async (_request, reply) => {
    const site = siteUrl;
    // Before launch, visitors (and crawlers) may open the landing and the legal pages only: the
    // listings, posts and articles are for members, so the sitemap does not name them.
    if ((await launchMode.current()) === 'prelaunch') {
      reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600');
      return sitemapXml(prelaunchSitemapPaths.map((path) => urlEntries(site, path)));
    }
    const listings = await approvedListings(db, maxListings);
    const entries = [
      ...sitemapPaths.map((path) => urlEntries(site, path)),
      ...(await content.pagePaths()).map((path) => urlEntries(site, path)),
      ...listings.map((listing) => urlEntries(site, `/property/${listing.id}`, listing.updatedAt)),
    ];
    reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600');
    return sitemapXml(entries);
  });

  route(app, 'GET /robots.txt', async (_request, reply) => {
    const disallowed = privatePaths.flatMap((path) => (path === '/api/' ? [path] : [path, `/he${path}`]));
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600');
    return ['User-agent: *', 'Allow: /', ...disallowed.map((path) => `Disallow: ${path}`), '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join(
      '\n',
    );
  });
};
