/** What a host may connect as another site's calendar (docs/decisions/016-calendar-sync.md). */
export const calendarSyncLimits = {
  feedsPerListing: 10,
  nameMax: 60,
  urlMax: 2000,
  /** "Sync now" at most once a minute per feed: each one fetches another site's server. */
  syncNowCooldownSeconds: 60,
} as const;

/**
 * Adding a calendar fetches and reads it at once, so adding (and removing, and adding again) is
 * rate-limited per account and per address: without it a loop of add/remove cycles makes the server
 * fetch addresses as fast as it answers (docs/decisions/032-calendar-feed-bombs.md). A host
 * connecting every calendar of ten listings adds 30 in an hour at most.
 */
export const calendarFeedAddRateLimits = {
  perAccount: { limit: 30, windowMs: 60 * 60 * 1000 },
  perIp: { limit: 60, windowMs: 60 * 60 * 1000 },
} as const;

/** Why a sync ended without reading the feed: stored on the feed, shown to its host translated. */
export const calendarSyncErrors = [
  'timeout',
  'unreachable',
  'private_address',
  'http_status',
  'too_large',
  'bad_redirect',
  'too_many_redirects',
  'not_calendar',
  'too_many_events',
  /** Expanding its recurring events took too long or too many steps (docs/decisions/032-calendar-feed-bombs.md). */
  'too_complex',
  /** An event repeats more often than daily (FREQ=SECONDLY, MINUTELY or HOURLY). */
  'unsupported_recurrence',
] as const;
export type CalendarSyncError = (typeof calendarSyncErrors)[number];

/**
 * Why a calendar address cannot be used: only http and https (a webcal:// address is the same
 * feed over http, so it is read as https), with a host and no user name or password in it.
 * Answers the address to store, or the problem.
 */
export function normalizeFeedUrl(input: string): { url: string } | { problem: 'invalid_url' | 'unsupported_scheme' } {
  const text = input.trim();
  if (text.length === 0 || text.length > calendarSyncLimits.urlMax) return { problem: 'invalid_url' };
  let url: URL;
  try {
    url = new URL(/^webcals?:\/\//i.test(text) ? text.replace(/^webcals?:/i, 'https:') : text);
  } catch {
    return { problem: 'invalid_url' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { problem: 'unsupported_scheme' };
  if (!url.hostname || url.username || url.password) return { problem: 'invalid_url' };
  url.hash = '';
  return { url: url.toString() };
}
