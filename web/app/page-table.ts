import type { ComponentType } from 'react';
import type { TranslationGroup } from '../i18n/translation-groups.ts';
import type { Access } from './access.ts';

/**
 * The app's pages, each written here once: its paths (English, unprefixed; each also exists under /he),
 * who may open them, its module, and whether the server renders it. The router (routes.tsx), server
 * rendering (route-data.ts, entry-server.tsx) and the first-load budget (scripts/first-load.ts, which
 * imports this file) all read this table. It is part of every page's first load, so it holds strings and
 * `import()` functions only, never a page's code or data, and its entries have no names of their own (an
 * entry is known by its first path): names would be bytes in every page's first load (decision 044).
 */
export interface PageEntry {
  /** The first path names the entry in route-data.ts and routes.tsx. */
  paths: readonly string[];
  access: Access;
  /** The page module's source path under web/: its chunk's key in the build's manifest (page-table.test.tsx checks `load` imports it). */
  module?: string;
  load?: () => Promise<{ default: ComponentType }>;
  /** No module: a route component in routes.tsx draws the route, showing one of these pages (by module), or none (a redirect). */
  shows?: readonly string[];
  /** Server rendered: route-data.ts gives its data and head (its type asks for exactly these entries). */
  serverRendered?: true;
  /**
   * The groups of translations the page shows beyond the shell's (web/i18n/translation-groups.ts),
   * loaded with its module before it renders; translation-groups.test.ts checks they hold every key
   * its modules use.
   */
  translations?: readonly TranslationGroup[];
}

export const pageTable = [
  { paths: ['/'], access: 'home', shows: ['features/explore/explore-page.tsx', 'features/landing/landing-page.tsx'], serverRendered: true },
  // Shown by the home route before launch; no path of its own.
  {
    paths: [],
    access: 'home',
    module: 'features/landing/landing-page.tsx',
    load: () => import('../features/landing/landing-page.tsx'),
    translations: ['content', 'account'],
  },
  {
    paths: ['/explore'],
    access: 'public',
    module: 'features/explore/explore-page.tsx',
    load: () => import('../features/explore/explore-page.tsx'),
    translations: ['search'],
    serverRendered: true,
  },
  {
    paths: ['/results'],
    access: 'public',
    module: 'features/results/results-page.tsx',
    load: () => import('../features/results/results-page.tsx'),
    translations: ['search'],
    serverRendered: true,
  },
  {
    paths: ['/auth'],
    access: 'auth',
    module: 'features/auth/auth-page.tsx',
    load: () => import('../features/auth/auth-page.tsx'),
    translations: ['account', 'errors'],
  },
  {
    paths: ['/property/:id?'],
    access: 'public',
    module: 'features/property/property-page.tsx',
    load: () => import('../features/property/property-page.tsx'),
    translations: ['search', 'property'],
    serverRendered: true,
  },
  {
    paths: ['/become-host'],
    access: 'public',
    module: 'features/become-host/become-host-page.tsx',
    load: () => import('../features/become-host/become-host-page.tsx'),
    translations: ['content'],
    serverRendered: true,
  },
  {
    paths: ['/features'],
    access: 'public',
    module: 'features/product-features/features-page.tsx',
    load: () => import('../features/product-features/features-page.tsx'),
    translations: ['content'],
    serverRendered: true,
  },
  {
    paths: ['/about'],
    access: 'public',
    module: 'features/about/about-page.tsx',
    load: () => import('../features/about/about-page.tsx'),
    translations: ['content'],
    serverRendered: true,
  },
  {
    paths: ['/contact'],
    access: 'public',
    module: 'features/contact/contact-page.tsx',
    load: () => import('../features/contact/contact-page.tsx'),
    translations: ['content'],
    serverRendered: true,
  },
  {
    paths: ['/careers'],
    access: 'public',
    module: 'features/careers/careers-page.tsx',
    load: () => import('../features/careers/careers-page.tsx'),
    translations: ['content'],
    serverRendered: true,
  },
  {
    paths: ['/blog'],
    access: 'public',
    module: 'features/blog/blog-page.tsx',
    load: () => import('../features/blog/blog-page.tsx'),
    translations: ['content'],
    serverRendered: true,
  },
  {
    paths: ['/blog/:slug'],
    access: 'public',
    module: 'features/blog/blog-post-page.tsx',
    load: () => import('../features/blog/blog-post-page.tsx'),
    translations: ['content'],
    serverRendered: true,
  },
  {
    paths: ['/terms', '/terms-of-service'],
    access: 'everyone',
    module: 'features/legal/terms-page.tsx',
    load: () => import('../features/legal/terms-page.tsx'),
    translations: ['content'],
    serverRendered: true,
  },
  {
    paths: ['/privacy', '/privacy-policy'],
    access: 'everyone',
    module: 'features/legal/privacy-page.tsx',
    load: () => import('../features/legal/privacy-page.tsx'),
    translations: ['content'],
    serverRendered: true,
  },
  {
    paths: ['/accessibility', '/accessibility-statement'],
    access: 'everyone',
    module: 'features/legal/accessibility-page.tsx',
    load: () => import('../features/legal/accessibility-page.tsx'),
    translations: ['content'],
    serverRendered: true,
  },
  {
    paths: ['/help', '/help-center'],
    access: 'public',
    module: 'features/help/help-page.tsx',
    load: () => import('../features/help/help-page.tsx'),
    translations: ['content'],
    serverRendered: true,
  },
  {
    paths: ['/help/:slug'],
    access: 'public',
    module: 'features/help/help-article-page.tsx',
    load: () => import('../features/help/help-article-page.tsx'),
    translations: ['content'],
    serverRendered: true,
  },
  // Kept for old links: sends to the home page in the same language.
  { paths: ['/old-home'], access: 'everyone', shows: [] },
  {
    paths: ['/profile'],
    access: 'account',
    module: 'features/profile/profile-page.tsx',
    load: () => import('../features/profile/profile-page.tsx'),
    translations: ['account', 'errors'],
  },
  {
    paths: ['/profile/security'],
    access: 'account',
    module: 'features/profile/security-page.tsx',
    load: () => import('../features/profile/security-page.tsx'),
    translations: ['account'],
  },
  {
    paths: ['/people/:id'],
    access: 'public',
    module: 'features/people/person-page.tsx',
    load: () => import('../features/people/person-page.tsx'),
    translations: ['property'],
    serverRendered: true,
  },
  {
    paths: ['/my-bookings'],
    access: 'account',
    module: 'features/bookings/my-bookings-page.tsx',
    load: () => import('../features/bookings/my-bookings-page.tsx'),
    translations: ['search', 'property', 'bookings'],
  },
  {
    paths: ['/my-bookings/:id/receipt'],
    access: 'account',
    module: 'features/receipts/receipt-page.tsx',
    load: () => import('../features/receipts/receipt-page.tsx'),
    translations: ['property', 'bookings'],
  },
  {
    paths: ['/my-bookings/:id/agreement'],
    access: 'account',
    module: 'features/bookings/agreement-page.tsx',
    load: () => import('../features/bookings/agreement-page.tsx'),
    translations: ['bookings'],
  },
  {
    paths: ['/host/bookings'],
    access: 'account',
    module: 'features/bookings/host-bookings-page.tsx',
    load: () => import('../features/bookings/host-bookings-page.tsx'),
    translations: ['search', 'property', 'bookings', 'host'],
  },
  {
    paths: ['/host/listings'],
    access: 'account',
    module: 'features/host-listings/host-dashboard-page.tsx',
    load: () => import('../features/host-listings/host-dashboard-page.tsx'),
    translations: ['search', 'property', 'bookings', 'host', 'errors'],
  },
  {
    paths: ['/host/listings/new', '/host/listings/:id/edit'],
    access: 'account',
    module: 'features/host-listings/listing-wizard-page.tsx',
    load: () => import('../features/host-listings/listing-wizard-page.tsx'),
    translations: ['search', 'property', 'host', 'errors'],
  },
  {
    paths: ['/host/listings/:id/calendar'],
    access: 'account',
    module: 'features/host-listings/listing-calendar-page.tsx',
    load: () => import('../features/host-listings/listing-calendar-page.tsx'),
    translations: ['search', 'property', 'host', 'errors'],
  },
  {
    paths: ['/saved'],
    access: 'account',
    module: 'features/saved/saved-page.tsx',
    load: () => import('../features/saved/saved-page.tsx'),
    translations: ['search'],
  },
  {
    // An alert mail's unsubscribe link: works signed out, in prelaunch too (decision 048).
    paths: ['/alerts/unsubscribe'],
    access: 'everyone',
    module: 'features/alerts/unsubscribe-page.tsx',
    load: () => import('../features/alerts/unsubscribe-page.tsx'),
    translations: ['account'],
  },
  {
    paths: ['/admin'],
    access: 'admin',
    module: 'features/admin/admin-page.tsx',
    load: () => import('../features/admin/admin-page.tsx'),
    translations: ['content', 'property', 'bookings', 'host', 'admin'],
  },
  {
    paths: ['*'],
    access: 'everyone',
    module: 'features/errors/not-found-page.tsx',
    load: () => import('../features/errors/not-found-page.tsx'),
  },
] as const satisfies readonly PageEntry[];

type Entry = (typeof pageTable)[number];

/** A page with a module of its own, and its module's path. */
export type ModulePage = Extract<Entry, { module: string }>;
export type PageModulePath = ModulePage['module'];

/** The routes drawn by a route component of routes.tsx, by first path. */
export type ComponentRoutePath = Exclude<Entry, { module: string }>['paths'][0];

/** The server-rendered entries, by first path: route-data.ts has one data entry for each. */
export type ServerRenderedPath = Extract<Entry, { serverRendered: true }>['paths'][0];

type Holds<Check extends true> = Check;
/** A route component shows only the table's pages (checked by the compiler). */
export type ShownArePages = Holds<Extract<Entry, { shows: unknown }>['shows'][number] extends PageModulePath ? true : false>;

/** The table as its readers take it. */
export const pageEntries: readonly PageEntry[] = pageTable;
