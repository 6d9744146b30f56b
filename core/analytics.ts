// Constants only, no zod: the web app's shell imports this module (web/lib/analytics.ts), and its first
// load must not carry zod; the request schemas are in analytics-schemas.ts.
export const pageViewEvent = 'page_view';
export const maxEventsPerBatch = 50;
