import type { EndpointKey } from './endpoint.ts';
import { adminEndpoints } from './endpoints/admin.ts';
import { agreementsEndpoints } from './endpoints/agreements.ts';
import { analyticsEndpoints } from './endpoints/analytics.ts';
import { authEndpoints } from './endpoints/auth.ts';
import { bookingsEndpoints } from './endpoints/bookings.ts';
import { calendarSyncEndpoints } from './endpoints/calendar-sync.ts';
import { careersEndpoints } from './endpoints/careers.ts';
import { contactEndpoints } from './endpoints/contact.ts';
import { contentEndpoints } from './endpoints/content.ts';
import { devMailboxEndpoints } from './endpoints/dev-mailbox.ts';
import { financeEndpoints } from './endpoints/finance.ts';
import { geoEndpoints } from './endpoints/geo.ts';
import { healthEndpoints } from './endpoints/health.ts';
import { hostListingsEndpoints } from './endpoints/host-listings.ts';
import { listingsEndpoints } from './endpoints/listings.ts';
import { mapEndpoints } from './endpoints/map.ts';
import { mediaEndpoints } from './endpoints/media.ts';
import { messagesEndpoints } from './endpoints/messages.ts';
import { myDataEndpoints } from './endpoints/my-data.ts';
import { newsletterEndpoints } from './endpoints/newsletter.ts';
import { noticesEndpoints } from './endpoints/notices.ts';
import { paymentsEndpoints } from './endpoints/payments.ts';
import { payoutMethodsEndpoints } from './endpoints/payout-methods.ts';
import { peopleEndpoints } from './endpoints/people.ts';
import { profileEndpoints } from './endpoints/profile.ts';
import { receiptsEndpoints } from './endpoints/receipts.ts';
import { reviewsEndpoints } from './endpoints/reviews.ts';
import { searchEndpoints } from './endpoints/search.ts';
import { seoEndpoints } from './endpoints/seo.ts';
import { settingsEndpoints } from './endpoints/settings.ts';
import { signupsEndpoints } from './endpoints/signups.ts';

/**
 * Every operation of the API, keyed by `'METHOD /path'` (decision 064): the server registers each
 * route from its entry (server/http/route.ts; server/test/endpoints.test.ts checks both ways) and
 * the web calls through it (web/lib/api-client.ts, types only). A feature's entries are in
 * core/contracts/endpoints/<feature>.ts.
 */
export const endpoints = joinGroups(
  adminEndpoints,
  agreementsEndpoints,
  analyticsEndpoints,
  authEndpoints,
  bookingsEndpoints,
  calendarSyncEndpoints,
  careersEndpoints,
  contactEndpoints,
  contentEndpoints,
  devMailboxEndpoints,
  financeEndpoints,
  geoEndpoints,
  healthEndpoints,
  hostListingsEndpoints,
  listingsEndpoints,
  mapEndpoints,
  mediaEndpoints,
  messagesEndpoints,
  myDataEndpoints,
  newsletterEndpoints,
  noticesEndpoints,
  paymentsEndpoints,
  payoutMethodsEndpoints,
  peopleEndpoints,
  profileEndpoints,
  receiptsEndpoints,
  reviewsEndpoints,
  searchEndpoints,
  seoEndpoints,
  settingsEndpoints,
  signupsEndpoints,
);

export type Endpoints = typeof endpoints;

type Joined<Groups extends object[]> = Groups extends [infer First, ...infer Rest extends object[]] ? First & Joined<Rest> : unknown;

/** The groups as one map; a key in two groups is a mistake, refused when the module loads. */
function joinGroups<Groups extends Record<EndpointKey, unknown>[]>(...groups: Groups): Joined<Groups> {
  const joined: Record<string, unknown> = {};
  for (const group of groups) {
    for (const [key, entry] of Object.entries(group)) {
      if (key in joined) throw new Error(`Endpoint ${key} is defined twice`);
      joined[key] = entry;
    }
  }
  // Every group's entries, each under its own key.
  return joined as Joined<Groups>;
}
