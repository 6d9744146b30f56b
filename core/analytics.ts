// Constants only, no zod: the web app's shell imports this module (web/lib/analytics.ts), and its first
// load must not carry zod; the request schemas are in analytics-schemas.ts.
export const pageViewEvent = 'page_view';
export const maxEventsPerBatch = 50;

/** Routes whose parameter is public (a listing, a post, an article): their views keep the path, so each page's count stands apart. */
const publicParamRoutes = new Set(['/property/:id?', '/blog/:slug', '/help/:slug']);

/**
 * The path a page view records for a route pattern and the bare path shown: the pattern itself
 * ('/people/:id', '/my-bookings/:id/receipt') unless the route's parameter is public, so that no
 * private id (a person's, a booking's) is stored; '/*' for a path no page answers, which may hold
 * anything (issue 41).
 */
export function pageViewPathOf(pattern: string, barePath: string): string {
  if (pattern === '*') return '/*';
  return publicParamRoutes.has(pattern) ? barePath : pattern;
}
