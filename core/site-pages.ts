/** The public pages search engines may list, in English; each also exists under /he. Posts and help articles come from content/. */
export const sitemapPaths = [
  '/',
  '/explore',
  '/become-host',
  '/features',
  '/about',
  '/contact',
  '/careers',
  '/blog',
  '/help',
  '/terms',
  '/privacy',
  '/accessibility',
] as const;

/**
 * What a visitor may open before launch (docs/decisions/004-launch-mode.md): the coming-soon landing and
 * the legal pages. In prelaunch the sitemap lists these only, never a listing, a post or an article.
 */
export const prelaunchSitemapPaths = [
  '/',
  '/terms',
  '/privacy',
  '/accessibility',
] as const satisfies readonly (typeof sitemapPaths)[number][];

/** Pages that are someone's own or an operator's: never for search engines. */
export const privatePaths = ['/api/', '/auth', '/profile', '/my-bookings', '/host/', '/admin'] as const;
