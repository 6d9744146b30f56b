/**
 * Calendar sync's reads and writes: the export (a listing's secret token and the events it shows)
 * and the import (connected feeds, the lease a runner takes on one, a sync's outcome written as
 * blocks and conflicts). Over 300 lines on purpose: export and import share the feed and block rows
 * and the conflict query, and recordSync alone is the larger part (diffing a feed's events against
 * its stored blocks).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { calendarSyncLimits, type CalendarSyncError } from '../../../core/calendar-sync-rules.ts';
import type { CalendarConflict, CalendarFeed, CalendarSync } from '../../../core/contracts/calendar-sync.ts';
import type { ExportEvent } from '../../../core/ical-export.ts';
import type { ImportedEvent } from '../../../core/ical-events.ts';
import type { Language } from '../../../core/languages.ts';
import { drizzleWriter, stayHolds } from '../../db/availability-sql.ts';
import type { Database } from '../../db/database.ts';
import {
  bookings,
  calendarConflicts,
  calendarExports,
  calendarFeeds,
  listingBlocks,
  profiles,
  properties,
  users,
} from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';

export const calendarSyncErrors = {
  listingNotFound: () => new HttpError(404, 'listing_not_found', 'This listing could not be found'),
  feedNotFound: () => new HttpError(404, 'feed_not_found', 'This calendar could not be found'),
  tooManyFeeds: () => new HttpError(409, 'too_many_feeds', `A listing can import at most ${calendarSyncLimits.feedsPerListing} calendars`),
  feedExists: () => new HttpError(409, 'feed_exists', 'This calendar is already connected to the listing', { url: 'exists' }),
  invalidUrl: () => new HttpError(400, 'invalid_feed_url', 'Enter the http or https address of the calendar', { url: 'invalid' }),
  syncTooSoon: () => new HttpError(429, 'sync_too_soon', 'This calendar was synced a moment ago; try again in a minute'),
  syncInProgress: () => new HttpError(409, 'sync_in_progress', 'This calendar is being synced right now'),
};

export type FeedRow = typeof calendarFeeds.$inferSelect;

/** The listing when `hostId` owns it; 404 otherwise (another host's listing is not told apart from none). */
export async function ownedListing(db: Database, hostId: string, propertyId: number) {
  const [row] = await db
    .select({ id: properties.id, titleEn: properties.titleEn, titleHe: properties.titleHe })
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.hostId, hostId)));
  if (!row) throw calendarSyncErrors.listingNotFound();
  return row;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** 32 random bytes: 256 bits nobody guesses, URL-safe. */
const newToken = () => randomBytes(32).toString('base64url');

/** The listing's export token, made on first use. */
export async function exportToken(db: Database, propertyId: number): Promise<string> {
  const token = newToken();
  await db
    .insert(calendarExports)
    .values({ propertyId, token, tokenHash: hashToken(token) })
    .onConflictDoNothing({ target: calendarExports.propertyId });
  const [row] = await db.select({ token: calendarExports.token }).from(calendarExports).where(eq(calendarExports.propertyId, propertyId));
  return row!.token;
}

/** A new export token: the old address stops answering at once. */
export async function rotateExportToken(db: Database, propertyId: number) {
  const token = newToken();
  await db
    .insert(calendarExports)
    .values({ propertyId, token, tokenHash: hashToken(token) })
    .onConflictDoUpdate({ target: calendarExports.propertyId, set: { token, tokenHash: hashToken(token), createdAt: new Date() } });
}

/**
 * The listing a presented export token opens. Looked up by the token's SHA-256 through a unique
 * index: the secret is never compared byte by byte, so answer times say nothing about it.
 */
export async function listingOfExportToken(db: Database, token: string) {
  const [row] = await db
    .select({ propertyId: calendarExports.propertyId, titleEn: properties.titleEn, titleHe: properties.titleHe })
    .from(calendarExports)
    .innerJoin(properties, eq(properties.id, calendarExports.propertyId))
    .where(eq(calendarExports.tokenHash, hashToken(token)));
  return row;
}

/**
 * What the export shows from `fromDay` on: stays that hold dates (pending and confirmed) under the
 * guest's first name only, and the host's own blocks as "Not available". Never the blocks imported from
 * other sites' calendars: echoed back, a site re-imports its own reservation as ours and keeps the dates
 * blocked after it was cancelled there (issue 41). Each site exports what was booked or blocked on it.
 */
export async function exportEvents(db: Database, propertyId: number, fromDay: string, notAvailable: string): Promise<ExportEvent[]> {
  const nights = { listing: sql`${propertyId}::int`, from: sql`${fromDay}::date` };
  const [stays, blocks] = await Promise.all([
    db
      .select({ id: bookings.id, checkIn: bookings.checkIn, checkOut: bookings.checkOut, firstName: profiles.firstName })
      .from(bookings)
      .innerJoin(profiles, eq(profiles.userId, bookings.guestId))
      .where(stayHolds(drizzleWriter, 'bookings', nights))
      .orderBy(asc(bookings.checkIn)),
    db
      .select({ id: listingBlocks.id, startDate: listingBlocks.startDate, endDate: listingBlocks.endDate })
      .from(listingBlocks)
      .where(and(eq(listingBlocks.propertyId, propertyId), isNull(listingBlocks.feedId), gt(listingBlocks.endDate, fromDay)))
      .orderBy(asc(listingBlocks.startDate)),
  ]);
  return [
    ...stays.map((stay) => ({
      id: `stay-${stay.id}`,
      startDate: stay.checkIn,
      endDate: stay.checkOut,
      summary: `Reserved: ${stay.firstName}`,
    })),
    ...blocks.map((block) => ({ id: `block-${block.id}`, startDate: block.startDate, endDate: block.endDate, summary: notAvailable })),
  ];
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function feedView(row: FeedRow): CalendarFeed {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    lastSyncedAt: iso(row.lastSyncedAt),
    lastAttemptAt: iso(row.lastAttemptAt),
    eventCount: row.eventCount,
    lastError: row.lastError as CalendarSyncError | null,
  };
}

/** Stays holding dates from `today` that an imported event overlaps, with the calendar's name. */
async function openConflicts(db: Database, today: string, propertyId?: number) {
  return (
    db
      .select({
        bookingId: calendarConflicts.bookingId,
        feedName: calendarFeeds.name,
        checkIn: bookings.checkIn,
        checkOut: bookings.checkOut,
        status: bookings.status,
        startDate: calendarConflicts.startDate,
        endDate: calendarConflicts.endDate,
        propertyId: bookings.propertyId,
      })
      .from(calendarConflicts)
      .innerJoin(calendarFeeds, eq(calendarFeeds.id, calendarConflicts.feedId))
      .innerJoin(bookings, eq(bookings.id, calendarConflicts.bookingId))
      // Still a conflict: the stay still holds its dates and the imported block is still there.
      .innerJoin(
        listingBlocks,
        and(
          eq(listingBlocks.feedId, calendarConflicts.feedId),
          eq(listingBlocks.eventUid, calendarConflicts.eventUid),
          lt(listingBlocks.startDate, bookings.checkOut),
          gt(listingBlocks.endDate, bookings.checkIn),
        ),
      )
      .where(
        and(
          inArray(bookings.status, ['pending', 'confirmed']),
          gt(bookings.checkOut, today),
          propertyId === undefined ? undefined : eq(bookings.propertyId, propertyId),
        ),
      )
      .orderBy(asc(bookings.checkIn), asc(calendarConflicts.id))
  );
}

/** What the host's sync panel shows. */
export async function calendarSyncView(
  db: Database,
  propertyId: number,
  exportUrlOf: (token: string) => string,
  today: string,
): Promise<CalendarSync> {
  const [token, feeds, conflicts] = await Promise.all([
    exportToken(db, propertyId),
    db.select().from(calendarFeeds).where(eq(calendarFeeds.propertyId, propertyId)).orderBy(asc(calendarFeeds.id)),
    openConflicts(db, today, propertyId),
  ]);
  return {
    exportUrl: exportUrlOf(token),
    feeds: feeds.map(feedView),
    conflicts: conflicts.map(({ propertyId: _listing, ...conflict }) => conflict as CalendarConflict),
  };
}

/** Every open conflict, for the admin area, each listing titled in the reader's language (the other one when it has none). */
export async function allOpenConflicts(db: Database, today: string, lang: Language = 'en') {
  const conflicts = await openConflicts(db, today);
  if (conflicts.length === 0) return [];
  const listings = await db
    .select({ id: properties.id, titleEn: properties.titleEn, titleHe: properties.titleHe, hostEmail: users.email })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.hostId))
    .where(inArray(properties.id, [...new Set(conflicts.map((c) => c.propertyId))]));
  const byId = new Map(listings.map((l) => [l.id, l]));
  return conflicts.map((c) => {
    const listing = byId.get(c.propertyId)!;
    const listingTitle = lang === 'he' ? listing.titleHe || listing.titleEn : listing.titleEn || listing.titleHe;
    return { ...c, listingTitle, hostEmail: listing.hostEmail };
  });
}

/** Connects another site's calendar; the listing's row lock keeps two requests from passing the limit together. Answers its id. */
export async function addFeed(db: Database, propertyId: number, name: string, url: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.select({ id: properties.id }).from(properties).where(eq(properties.id, propertyId)).for('update');
    const [{ feeds } = { feeds: 0 }] = await tx
      .select({ feeds: count() })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.propertyId, propertyId));
    if (feeds >= calendarSyncLimits.feedsPerListing) throw calendarSyncErrors.tooManyFeeds();
    const added = await tx
      .insert(calendarFeeds)
      .values({ propertyId, name, url })
      .onConflictDoNothing({ target: [calendarFeeds.propertyId, calendarFeeds.url] })
      .returning({ id: calendarFeeds.id });
    if (added.length === 0) throw calendarSyncErrors.feedExists();
    return added[0]!.id;
  });
}

/** Disconnects a calendar: its blocks and conflicts go with it (foreign keys ON DELETE CASCADE). */
export async function removeFeed(db: Database, propertyId: number, feedId: number) {
  const removed = await db
    .delete(calendarFeeds)
    .where(and(eq(calendarFeeds.id, feedId), eq(calendarFeeds.propertyId, propertyId)))
    .returning({ id: calendarFeeds.id });
  if (removed.length === 0) throw calendarSyncErrors.feedNotFound();
}

/** How long a runner may hold a feed it took before another instance may take it (after a crash). */
export const feedClaimMs = 2 * 60 * 1000;

/**
 * Takes the feed most overdue for a sync, for this runner alone. Rule: taking is one UPDATE that
 * leases the row (claimed_until) under FOR UPDATE SKIP LOCKED, as the mail queue does: two
 * instances never take the same feed, and a runner that dies leaves the lease to run out.
 */
export async function claimDueFeed(db: Database, now = new Date()): Promise<FeedRow | undefined> {
  const due = db
    .select({ id: calendarFeeds.id })
    .from(calendarFeeds)
    .where(and(lte(calendarFeeds.nextSyncAt, now), or(isNull(calendarFeeds.claimedUntil), lt(calendarFeeds.claimedUntil, now))))
    .orderBy(asc(calendarFeeds.nextSyncAt), asc(calendarFeeds.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(calendarFeeds)
    .set({ claimedUntil: new Date(now.getTime() + feedClaimMs) })
    .where(inArray(calendarFeeds.id, due))
    .returning();
  return row;
}

/**
 * Takes one feed for "sync now": refused while another runner holds it, and within the cool-down
 * after its last attempt (each sync fetches another site's server).
 */
export async function claimFeedNow(db: Database, propertyId: number, feedId: number, now = new Date()): Promise<FeedRow> {
  const cooledDown = new Date(now.getTime() - calendarSyncLimits.syncNowCooldownSeconds * 1000);
  const [row] = await db
    .update(calendarFeeds)
    .set({ claimedUntil: new Date(now.getTime() + feedClaimMs) })
    .where(
      and(
        eq(calendarFeeds.id, feedId),
        eq(calendarFeeds.propertyId, propertyId),
        or(isNull(calendarFeeds.claimedUntil), lt(calendarFeeds.claimedUntil, now)),
        or(isNull(calendarFeeds.lastAttemptAt), lt(calendarFeeds.lastAttemptAt, cooledDown)),
      ),
    )
    .returning();
  if (row) return row;
  const [feed] = await db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.id, feedId), eq(calendarFeeds.propertyId, propertyId)));
  if (!feed) throw calendarSyncErrors.feedNotFound();
  if (feed.claimedUntil && feed.claimedUntil > now) throw calendarSyncErrors.syncInProgress();
  throw calendarSyncErrors.syncTooSoon();
}

export type SyncOutcome =
  | { kind: 'events'; events: ImportedEvent[]; etag: string | null; lastModified: string | null }
  | { kind: 'not_modified' }
  | { kind: 'failed'; error: CalendarSyncError };

export interface NewConflict {
  bookingId: string;
  startDate: string;
  endDate: string;
}

/**
 * Records a sync's outcome and releases the feed. With events, the feed's blocks become exactly its
 * events: blocks of events gone are deleted, changed ones replaced, new ones inserted, and nothing is
 * written when nothing changed (every write to listing_blocks renews the search cache). Imported
 * blocks are inserted even over a stay (unlike a host's block): the other site sold those nights,
 * and hiding that would not undo it. Each stay an event overlaps becomes a conflict, returned once.
 * A failed sync keeps the blocks of the last good one.
 */
export async function recordSync(db: Database, feed: FeedRow, outcome: SyncOutcome, nextSyncAt: Date, now = new Date()) {
  return db.transaction(async (tx) => {
    // The feed may have been removed while it was being fetched: then there is nothing to record.
    const [current] = await tx.select({ id: calendarFeeds.id }).from(calendarFeeds).where(eq(calendarFeeds.id, feed.id)).for('update');
    if (!current) return { conflicts: [] as NewConflict[] };
    const release = { claimedUntil: null, lastAttemptAt: now, nextSyncAt };
    if (outcome.kind === 'failed') {
      await tx
        .update(calendarFeeds)
        .set({ ...release, lastError: outcome.error })
        .where(eq(calendarFeeds.id, feed.id));
      return { conflicts: [] as NewConflict[] };
    }
    if (outcome.kind === 'not_modified') {
      await tx
        .update(calendarFeeds)
        .set({ ...release, lastError: null, lastSyncedAt: now })
        .where(eq(calendarFeeds.id, feed.id));
      return { conflicts: [] as NewConflict[] };
    }
    const existing = await tx
      .select({ id: listingBlocks.id, key: listingBlocks.eventUid, startDate: listingBlocks.startDate, endDate: listingBlocks.endDate })
      .from(listingBlocks)
      .where(eq(listingBlocks.feedId, feed.id));
    const wanted = new Map(outcome.events.map((event) => [event.key, event]));
    const stale = existing.filter((block) => {
      const event = wanted.get(block.key!);
      return !event || event.startDate !== block.startDate || event.endDate !== block.endDate;
    });
    const kept = new Set(existing.filter((block) => !stale.includes(block)).map((block) => block.key!));
    const fresh = outcome.events.filter((event) => !kept.has(event.key));
    if (stale.length) {
      await tx.delete(listingBlocks).where(
        inArray(
          listingBlocks.id,
          stale.map((block) => block.id),
        ),
      );
    }
    if (fresh.length) {
      await tx.insert(listingBlocks).values(
        fresh.map((event) => ({
          propertyId: feed.propertyId,
          feedId: feed.id,
          eventUid: event.key,
          startDate: event.startDate,
          endDate: event.endDate,
        })),
      );
    }
    await tx
      .update(calendarFeeds)
      .set({
        ...release,
        lastError: null,
        lastSyncedAt: now,
        eventCount: outcome.events.length,
        etag: outcome.etag,
        lastModified: outcome.lastModified,
      })
      .where(eq(calendarFeeds.id, feed.id));
    // Stays that hold nights an imported event closes: recorded once per stay and event.
    const overlapping = await tx
      .select({
        bookingId: bookings.id,
        eventUid: listingBlocks.eventUid,
        startDate: listingBlocks.startDate,
        endDate: listingBlocks.endDate,
      })
      .from(listingBlocks)
      .innerJoin(
        bookings,
        and(
          stayHolds(drizzleWriter, 'bookings', {
            listing: sql`${listingBlocks.propertyId}`,
            from: sql`${listingBlocks.startDate}`,
            to: sql`${listingBlocks.endDate}`,
          }),
        ),
      )
      .where(and(eq(listingBlocks.feedId, feed.id), isNotNull(listingBlocks.eventUid)));
    if (overlapping.length === 0) return { conflicts: [] as NewConflict[] };
    const recorded = await tx
      .insert(calendarConflicts)
      .values(
        overlapping.map((row) => ({
          bookingId: row.bookingId,
          feedId: feed.id,
          eventUid: row.eventUid!,
          startDate: row.startDate,
          endDate: row.endDate,
        })),
      )
      .onConflictDoNothing({ target: [calendarConflicts.bookingId, calendarConflicts.feedId, calendarConflicts.eventUid] })
      .returning({ bookingId: calendarConflicts.bookingId, startDate: calendarConflicts.startDate, endDate: calendarConflicts.endDate });
    return { conflicts: recorded };
  });
}

/** Who to tell about a conflict on a listing: its host, in their language, and the stay's dates. */
export async function conflictRecipient(db: Database, bookingId: string) {
  const [row] = await db
    .select({
      email: users.email,
      language: users.language,
      firstName: profiles.firstName,
      titleEn: properties.titleEn,
      titleHe: properties.titleHe,
      propertyId: properties.id,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
    })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .innerJoin(users, eq(users.id, properties.hostId))
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(bookings.id, bookingId));
  return row as (typeof row & { language: Language }) | undefined;
}
