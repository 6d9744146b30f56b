/** The public pages search engines may list, in English; each also exists under /he (spec §2). */
export const sitemapPaths = [
  '/',
  '/explore',
  '/become-host',
  '/features',
  '/about',
  '/contact',
  '/careers',
  '/blog',
  '/blog/complete-guide-seo-vacation-rental-websites-2025',
  '/blog/local-seo-strategies-short-term-rental-hosts',
  '/help',
  '/terms',
  '/privacy',
] as const;

/** Pages that are someone's own or an operator's: never for search engines. */
export const privatePaths = ['/api/', '/auth', '/profile', '/my-bookings', '/host/', '/admin'] as const;
