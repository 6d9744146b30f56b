import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { noticeLimits, type NoticeKind } from '../../core/notice-kinds.ts';
import type { Executor } from '../db/database.ts';
import { bookings, notices, profiles, properties, users, type NoticeParams } from '../db/schema.ts';

/**
 * The notices table's reads and writes (decision 063). Shared (server/notices/), not a feature's: the
 * features whose moments make notices write them (notify.ts), the session answers the unread count,
 * and the notices feature lists and marks them. Every read and write names the member: a notice is
 * its member's alone.
 */

export interface NewNotice {
  userId: string;
  kind: NoticeKind;
  link: string;
  bookingId?: string | null;
  params?: NoticeParams;
  key?: string;
}

/**
 * Writes a notice, unless its member's account is closed (nobody will read it, and the erasure
 * clears what they had), or a notice with the same key is theirs already (a once-only notice).
 * True when written.
 */
export async function insertNotice(db: Executor, notice: NewNotice): Promise<boolean> {
  const result = await db.execute<{ id: string }>(sql`
    insert into ${notices} (user_id, kind, booking_id, link, params, key)
    select ${notice.userId}, ${notice.kind}, ${notice.bookingId ?? null}, ${notice.link}, ${JSON.stringify(notice.params ?? {})}::jsonb, ${notice.key ?? null}
    where exists (select 1 from ${users} where ${users.id} = ${notice.userId} and ${users.closedAt} is null)
    on conflict do nothing
    returning id`);
  return result.rows.length === 1;
}

/** The member's unread notices, counted up to noticeLimits.unreadCap (the partial index alone). */
export async function countUnreadNotices(db: Executor, userId: string): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (
      select 1 from ${notices} where ${notices.userId} = ${userId} and ${notices.readAt} is null limit ${noticeLimits.unreadCap}
    ) unread`);
  return Number(result.rows[0]?.n ?? 0);
}

const guestProfile = alias(profiles, 'guest_profile');
const hostProfile = alias(profiles, 'host_profile');

/** A notice with what its text needs from its stay as it is now. */
export interface NoticeRow {
  id: string;
  kind: NoticeKind;
  link: string;
  params: NoticeParams;
  createdAt: Date;
  readAt: Date | null;
  /** The stay's listing, checked-in days and the other side's first name; null without a stay. */
  titleEn: string | null;
  titleHe: string | null;
  checkIn: string | null;
  checkOut: string | null;
  /** Whether the reader is the stay's guest (else its host). */
  readerIsGuest: boolean | null;
  otherFirstName: string | null;
}

/**
 * One page of the member's notices, newest first: `limit` of them after the notice `before` (the last
 * of the page shown), through the member's index. A `before` that is not theirs starts nowhere: an
 * empty page, never another member's place in their list.
 */
export async function listNotices(db: Executor, userId: string, page: { limit: number; before?: string }): Promise<NoticeRow[]> {
  const mine = eq(notices.userId, userId);
  const after = page.before
    ? sql`(${notices.createdAt}, ${notices.id}) < (select n.created_at, n.id from ${notices} n where n.id = ${page.before} and n.user_id = ${userId})`
    : undefined;
  const rows = await db
    .select({
      id: notices.id,
      kind: notices.kind,
      link: notices.link,
      params: notices.params,
      createdAt: notices.createdAt,
      readAt: notices.readAt,
      titleEn: properties.titleEn,
      titleHe: properties.titleHe,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      readerIsGuest: sql<boolean | null>`case when ${bookings.id} is null then null else ${bookings.guestId} = ${notices.userId} end`,
      otherFirstName: sql<
        string | null
      >`case when ${bookings.guestId} = ${notices.userId} then ${hostProfile.firstName} else ${guestProfile.firstName} end`,
    })
    .from(notices)
    .leftJoin(bookings, eq(bookings.id, notices.bookingId))
    .leftJoin(properties, eq(properties.id, bookings.propertyId))
    .leftJoin(guestProfile, eq(guestProfile.userId, bookings.guestId))
    .leftJoin(hostProfile, eq(hostProfile.userId, properties.hostId))
    .where(after ? and(mine, after) : mine)
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(page.limit);
  return rows;
}

/** Marks one of the member's notices read (a read one keeps its first time); false when it is not theirs. */
export async function markNoticeRead(db: Executor, userId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(notices)
    .set({ readAt: sql`coalesce(${notices.readAt}, ${now})` })
    .where(and(eq(notices.id, id), eq(notices.userId, userId)))
    .returning({ id: notices.id });
  return rows.length === 1;
}

/** Marks every unread notice of the member read; returns how many were. */
export async function markAllNoticesRead(db: Executor, userId: string, now: Date): Promise<number> {
  const rows = await db
    .update(notices)
    .set({ readAt: now })
    .where(and(eq(notices.userId, userId), isNull(notices.readAt)))
    .returning({ id: notices.id });
  return rows.length;
}

/** Every notice of the member as stored, oldest first, for their data export (decision 050). */
export async function noticesOfMember(db: Executor, userId: string) {
  return db
    .select({
      id: notices.id,
      kind: notices.kind,
      bookingId: notices.bookingId,
      link: notices.link,
      params: notices.params,
      createdAt: notices.createdAt,
      readAt: notices.readAt,
    })
    .from(notices)
    .where(eq(notices.userId, userId))
    .orderBy(notices.createdAt, notices.id);
}
