/**
 * The translations split into groups, each its own chunk per language (decision 066). en.json and
 * he.json stay the one source everybody edits; the build cuts them into these groups
 * (vite.config.ts, `translationGroupChunks`), and a page loads the shell's group and the groups its
 * entry in the page table names (web/app/page-table.ts, `translations`), instead of every string of
 * the site on every page (31-36 KB compressed, most of it the host's, the admin's and the account's).
 *
 * Rule: a key belongs to the group of its longest prefix listed in `groupRules` (whole segments:
 * 'errors.codes.unknown' before 'errors'); every top-level key is listed (translation-groups.test.ts).
 * This module is read by the build, the server and the tests, never by the browser's code: the
 * browser knows only the groups' names (its loaders in web/i18n/index.ts).
 */

export const translationGroups = ['shell', 'errors', 'search', 'property', 'account', 'bookings', 'host', 'admin', 'content'] as const;
export type TranslationGroup = (typeof translationGroups)[number];

/**
 * - shell: what the layout, the nav bar, the footer, page titles and the loading, forbidden and
 *   not-found screens say, on every page; and the messages of errors a page may meet before it
 *   could load any more (no network, an unknown error, a server down).
 * - errors: the message of each API error code, loaded when an API call fails (main.tsx,
 *   `setBeforeApiError`) or when the server rendered one.
 * - search: the explore and results pages, listing cards, the map, saved places and alerts.
 * - property: a listing's page and what it shows (prices, cancellation, the host, messages, reports).
 * - account: signing in and up, the profile, the second factor.
 * - bookings: a guest's and a host's stays, payments, receipts, reviews, agreements.
 * - host: a host's listings (the dashboard, the wizard, the calendar).
 * - admin: the admin's pages.
 * - content: the landing page and the pages of words (about, help, blog, legal, careers…).
 */
export const groupRules: Readonly<Record<string, TranslationGroup>> = {
  app: 'shell',
  common: 'shell',
  nav: 'shell',
  language: 'shell',
  theme: 'shell',
  footer: 'shell',
  seo: 'shell',
  notFound: 'shell',
  forbidden: 'shell',
  // The bell is in the nav bar; its panel opens on any page (decision 063).
  notices: 'shell',
  // A member's public page shows a rating as the cards do and in stars as a stay does: those two
  // texts go where it finds them without the search and bookings groups.
  'listing.reviewCount': 'shell',
  'bookings.stars': 'property',
  'auth.emailConfirmed': 'shell',
  'auth.emailConfirmFailed': 'shell',
  'errors.somethingWentWrong': 'shell',
  'errors.tryAgainLater': 'shell',
  'errors.codes.unknown': 'shell',
  'errors.codes.network_error': 'shell',
  'errors.codes.temporarily_unavailable': 'shell',
  errors: 'errors',
  explore: 'search',
  search: 'search',
  results: 'search',
  listing: 'search',
  map: 'search',
  sentenceSearch: 'search',
  alertFrequency: 'search',
  saved: 'search',
  property: 'property',
  priceRules: 'property',
  longStay: 'property',
  cancellation: 'property',
  messages: 'property',
  masking: 'property',
  people: 'property',
  report: 'property',
  auth: 'account',
  twoFactor: 'account',
  profile: 'account',
  unsubscribe: 'account',
  bookings: 'bookings',
  payments: 'bookings',
  receipts: 'bookings',
  review: 'bookings',
  inquiries: 'bookings',
  hosting: 'bookings',
  hostMoney: 'bookings',
  agreement: 'bookings',
  moveIn: 'bookings',
  stayChanges: 'bookings',
  hostListings: 'host',
  admin: 'admin',
  pages: 'content',
  'pages.profile': 'account',
  'pages.security': 'account',
  'pages.admin': 'admin',
  landing: 'content',
  becomeHostPage: 'content',
  featuresPage: 'content',
  aboutPage: 'content',
  contactPage: 'content',
  careersPage: 'content',
  blog: 'content',
  legal: 'content',
  help: 'content',
  support: 'content',
};

/**
 * The group of a key ('search.dates.nights' → 'search'), or null when no rule covers it. A plural
 * form goes with its base ('bookings.stars_two' with 'bookings.stars').
 */
export function groupOfKey(key: string): TranslationGroup | null {
  let prefix = key.replace(/_(?:zero|one|two|few|many|other)$/, '');
  for (;;) {
    const group = groupRules[prefix];
    if (group) return group;
    const dot = prefix.lastIndexOf('.');
    if (dot === -1) return null;
    prefix = prefix.slice(0, dot);
  }
}

type Tree = { [name: string]: unknown };
const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The part of a language's translations that belongs to `group`, in the same shape (nested keys). */
export function translationsOfGroup(translations: Tree, group: TranslationGroup): Tree {
  const pick = (tree: Tree, prefix: string): Tree | null => {
    let picked: Tree | null = null;
    for (const [name, value] of Object.entries(tree)) {
      const key = prefix ? `${prefix}.${name}` : name;
      // A subtree whose prefix no rule names deeper takes its group whole; otherwise it is cut further.
      const part = isTree(value) && hasDeeperRule(key) ? pick(value, key) : groupOfKey(key) === group ? value : null;
      if (part !== null) (picked ??= {})[name] = part;
    }
    return picked;
  };
  return pick(translations, '') ?? {};
}

function hasDeeperRule(key: string): boolean {
  return Object.keys(groupRules).some((rule) => rule.startsWith(`${key}.`));
}

/** Every key of a tree ('a.b.c'), leaves only. */
export function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([name, value]) => {
    const key = prefix ? `${prefix}.${name}` : name;
    return isTree(value) ? keysOf(value, key) : [key];
  });
}
