import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { CalendarFeedError } from '../../../core/ical-events.ts';
import { localizePath } from '../../../core/languages.ts';
import type { Database } from '../../db/database.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import {
  claimDueFeed,
  conflictRecipient,
  recordSync,
  type FeedRow,
  type NewConflict,
  type SyncOutcome,
} from './calendar-sync-repository.ts';
import { FeedFetchError, fetchFeed } from './feed-fetch.ts';
import { readFeed } from './feed-reader.ts';

export interface CalendarSyncSettings {
  db: Database;
  log: FastifyBaseLogger;
  siteUrl: string;
  /** CALENDAR_SYNC_MINUTES: the time between two syncs of a feed. */
  everyMinutes: number;
  /** JOBS_EVERY_SECONDS (in ms): how often to look for due feeds; a minute unless told. */
  lookEveryMs?: number;
  /** CALENDAR_SYNC_PRIVATE_ADDRESSES === 'allow'. */
  allowPrivateAddresses: boolean;
  /** Test hooks: the fetch's bounds, and the wall-clock budget for reading a feed (feed-reader.ts). */
  timeoutMs?: number;
  maxBytes?: number;
  readBudgetMs?: number;
}

/** Fetches and reads one feed the caller has claimed, records the outcome and mails the host about new conflicts. */
export async function syncFeed(settings: CalendarSyncSettings, feed: FeedRow, now = new Date()) {
  const outcome = await fetchAndRead(settings, feed);
  if (outcome.kind === 'failed') settings.log.info({ feedId: feed.id, error: outcome.error }, 'calendar feed could not be synced');
  const next = new Date(Date.now() + settings.everyMinutes * 60_000);
  const { conflicts } = await recordSync(settings.db, feed, outcome, next, now);
  for (const conflict of conflicts) await mailConflict(settings, feed, conflict);
  return outcome;
}

/**
 * What a feed holds now. Whatever another site serves ends as a code on the feed, never as a failed
 * job or request: an error nobody foresaw counts as unreachable while fetching, as no calendar while reading.
 */
async function fetchAndRead(settings: CalendarSyncSettings, feed: FeedRow): Promise<SyncOutcome> {
  let answer;
  try {
    answer = await fetchFeed(feed.url, {
      etag: feed.etag,
      lastModified: feed.lastModified,
      allowPrivateAddresses: settings.allowPrivateAddresses,
      timeoutMs: settings.timeoutMs,
      maxBytes: settings.maxBytes,
    });
  } catch (error) {
    return { kind: 'failed', error: error instanceof FeedFetchError ? error.code : 'unreachable' };
  }
  if (answer.status === 'not_modified') return { kind: 'not_modified' };
  try {
    // In a worker with a wall-clock budget: the feed is anyone's text, and reading it is synchronous.
    const events = await readFeed(answer.text, { ourHost: new URL(settings.siteUrl).hostname }, settings.readBudgetMs);
    return { kind: 'events', events, etag: answer.etag, lastModified: answer.lastModified };
  } catch (error) {
    if (error instanceof CalendarFeedError) return { kind: 'failed', error: error.code };
    // The reader itself failed (its worker could not start): ours to fix, not the feed's.
    settings.log.error({ err: error, feedId: feed.id }, 'calendar feed reader failed');
    return { kind: 'failed', error: 'not_calendar' };
  }
}

/** Tells the host, in their language, that an imported event overlaps a stay; a mail that cannot be queued is logged. */
async function mailConflict(settings: CalendarSyncSettings, feed: FeedRow, conflict: NewConflict) {
  try {
    const host = await conflictRecipient(settings.db, conflict.bookingId);
    if (!host) return;
    await queueMail(settings.db, {
      to: host.email,
      language: host.language,
      template: 'calendarConflict',
      params: {
        firstName: host.firstName,
        title: (host.language === 'he' ? host.titleHe || host.titleEn : host.titleEn || host.titleHe) || `#${host.propertyId}`,
        feedName: feed.name,
        // Written out in the host's language by the mail (server/mail/mail-templates.ts); eventDates for a mail queued before.
        eventStart: conflict.startDate,
        eventEnd: conflict.endDate,
        eventDates: `${conflict.startDate} – ${conflict.endDate}`,
        checkIn: host.checkIn,
        checkOut: host.checkOut,
      },
      link: `${settings.siteUrl}${localizePath(`/host/listings/${host.propertyId}/calendar`, host.language)}`,
    });
  } catch (error) {
    settings.log.error({ err: error, bookingId: conflict.bookingId }, 'calendar conflict mail could not be queued');
  }
}

/** Syncs due feeds one at a time until none is due (or `limit` were synced); answers how many. */
export async function runCalendarSync(settings: CalendarSyncSettings, limit = 100): Promise<number> {
  let synced = 0;
  while (synced < limit) {
    const feed = await claimDueFeed(settings.db);
    if (!feed) break;
    await syncFeed(settings, feed);
    synced++;
  }
  return synced;
}

/**
 * Looks for due feeds every JOBS_EVERY_SECONDS (or every CALENDAR_SYNC_MINUTES when shorter) while
 * the server runs. Every instance may run it: a feed is leased to one runner at a time (claimDueFeed).
 */
export function scheduleCalendarSync(app: FastifyInstance, settings: CalendarSyncSettings) {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    runCalendarSync(settings)
      .catch((error: unknown) => app.log.error({ err: error }, 'calendar sync failed'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(run, Math.min(settings.lookEveryMs ?? 60_000, settings.everyMinutes * 60_000));
  timer.unref();
  app.addHook('onReady', async () => void run());
  app.addHook('onClose', async () => clearInterval(timer));
}
