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
] as const;

/** Pages that are someone's own or an operator's: never for search engines. */
export const privatePaths = ['/api/', '/auth', '/profile', '/my-bookings', '/host/', '/admin'] as const;
