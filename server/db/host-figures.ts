/**
 * The host_figures table: each host's super-host figures, kept by whoever changes reviews or
 * bookings, in that change's transaction, so the property page reads one row (core/super-host.ts
 * turns it into the verdict). Shared by the reviews, bookings, admin and listings features and the
 * seed, since the rule must be written once.
 *
 * Concurrency: a refresh first locks the hosts' rows (creating any missing one), then recomputes
 * them in a second statement. Under READ COMMITTED that statement's snapshot is taken after the
 * lock is granted, so whichever transaction refreshes last sees every change committed before it,
 * and its own: two reviews for one host at once give the right count (host-figures.test.ts). A
 * single INSERT … SELECT … ON CONFLICT DO UPDATE would not: its SELECT reads a snapshot taken
 * before it waited for the lock. The lock is always the last one a transaction takes (after the
 * listing's and the bookings' rows), and several hosts are locked in id order, so it adds no
 * deadlock.
 */
import { sql } from 'drizzle-orm';
import { superHostThresholds, type HostFigures } from '../../core/super-host.ts';
import type { Database } from './database.ts';

export interface StoredHostFigures extends HostFigures {
  hostId: string;
  /** When a windowed figure next changes by time alone; null when none can. */
  recomputeAt: Date | null;
}

interface HostFiguresRow {
  host_id: string;
  rating_average: number | null;
  review_count: number;
  completed_stays: number;
  answered_requests: number;
  expired_requests: number;
  host_cancellations: number;
  recompute_at: Date | string | null;
}

const windowMs = superHostThresholds.windowDays * 24 * 60 * 60 * 1000;

function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

export function figuresOfRow(row: HostFiguresRow): StoredHostFigures {
  return {
    hostId: row.host_id,
    ratingAverage: row.rating_average === null ? null : Number(row.rating_average),
    reviewCount: Number(row.review_count),
    completedStays: Number(row.completed_stays),
    answeredRequests: Number(row.answered_requests),
    expiredRequests: Number(row.expired_requests),
    hostCancellations: Number(row.host_cancellations),
    recomputeAt: row.recompute_at === null ? null : new Date(row.recompute_at),
  };
}

/** Whether a stored row still tells the figures at `now`: it exists and no counted event has left the window since. */
export function figuresCurrent(figures: Pick<StoredHostFigures, 'recomputeAt'> | undefined, now: Date): boolean {
  return figures !== undefined && (figures.recomputeAt === null || figures.recomputeAt.getTime() >= now.getTime());
}

/**
 * The figures of these hosts, from their reviews and bookings, over all their listings. Every
 * listing counts whatever its status (a paused listing's reviews are still the host's). Windowed
 * figures count events since `now` minus the window, as the property page always has:
 * - answered: requests with a decision time, unless the guest withdrew them, made within the window;
 * - expired: requests that expired unanswered, made within the window;
 * - host cancellations: stays the host cancelled, cancelled (last updated) within the window.
 */
function figuresQuery(hostIds: readonly string[], now: Date) {
  const windowStart = new Date(now.getTime() - windowMs);
  const hosts = sql.join(
    hostIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return sql`
    select h.host_id, r.rating_average, r.review_count, b.completed_stays, b.answered_requests, b.expired_requests,
      b.host_cancellations,
      least(b.first_request_in_window, b.first_cancellation_in_window) + ${windowMs / 1000}::float8 * interval '1 second' as recompute_at
    from unnest(array[${hosts}]) as h(host_id)
    cross join lateral (
      select avg(rv.rating)::float8 as rating_average, count(*)::int as review_count
      from reviews rv join properties p on p.id = rv.property_id
      where p.host_id = h.host_id
    ) r
    cross join lateral (
      select
        count(*) filter (where bk.status = 'completed')::int as completed_stays,
        count(*) filter (where bk.decided_at is not null and bk.cancelled_by is distinct from bk.guest_id
          and bk.created_at >= ${windowStart})::int as answered_requests,
        count(*) filter (where bk.status = 'expired' and bk.created_at >= ${windowStart})::int as expired_requests,
        count(*) filter (where bk.status = 'cancelled' and bk.cancelled_by = h.host_id
          and bk.updated_at >= ${windowStart})::int as host_cancellations,
        min(bk.created_at) filter (where ((bk.decided_at is not null and bk.cancelled_by is distinct from bk.guest_id)
          or bk.status = 'expired') and bk.created_at >= ${windowStart}) as first_request_in_window,
        min(bk.updated_at) filter (where bk.status = 'cancelled' and bk.cancelled_by = h.host_id
          and bk.updated_at >= ${windowStart}) as first_cancellation_in_window
      from bookings bk join properties p on p.id = bk.property_id
      where p.host_id = h.host_id
    ) b`;
}

/**
 * Recomputes the hosts' rows from their reviews and bookings, under the rows' locks. Call it in the
 * transaction that changed a review or a booking of theirs, after the change.
 */
export async function refreshHostFigures(db: Database, hostIds: readonly string[], now = new Date()): Promise<StoredHostFigures[]> {
  const ids = [...new Set(hostIds)].sort();
  if (ids.length === 0) return [];
  const values = sql.join(
    ids.map((id) => sql`(${id}::uuid)`),
    sql`, `,
  );
  // The lock: creates missing rows or takes the existing ones, in id order.
  await db.execute(sql`
    insert into host_figures (host_id) values ${values}
    on conflict (host_id) do update set updated_at = excluded.updated_at`);
  // A new statement, so a new snapshot: it sees whatever committed while this one waited for the lock.
  const rows = rowsOf<HostFiguresRow>(
    await db.execute(sql`
      update host_figures f set
        rating_average = c.rating_average, review_count = c.review_count, completed_stays = c.completed_stays,
        answered_requests = c.answered_requests, expired_requests = c.expired_requests,
        host_cancellations = c.host_cancellations, recompute_at = c.recompute_at, updated_at = ${now}
      from (${figuresQuery(ids, now)}) c
      where f.host_id = c.host_id
      returning f.host_id, f.rating_average, f.review_count, f.completed_stays, f.answered_requests, f.expired_requests,
        f.host_cancellations, f.recompute_at`),
  );
  return rows.map(figuresOfRow);
}

/** The same, for the hosts of these listings (a job that moved many bookings knows their listings). */
export async function refreshHostFiguresOfListings(db: Database, propertyIds: readonly number[], now = new Date()): Promise<void> {
  if (propertyIds.length === 0) return;
  const listings = sql.join(
    [...new Set(propertyIds)].map((id) => sql`${id}::int`),
    sql`, `,
  );
  const hosts = rowsOf<{ host_id: string }>(await db.execute(sql`select distinct host_id from properties where id in (${listings})`)).map(
    (row) => row.host_id,
  );
  await refreshHostFigures(db, hosts, now);
}

/** The figures as they are right now, computed from reviews and bookings without the table: what tests compare the table with. */
export async function computeHostFigures(db: Database, hostId: string, now = new Date()): Promise<StoredHostFigures> {
  const [row] = rowsOf<HostFiguresRow>(await db.execute(figuresQuery([hostId], now)));
  return figuresOfRow(row!);
}
