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
import { responseHours, superHostThresholds, type HostFigures } from '../../core/super-host.ts';
import type { Executor } from './database.ts';

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
  requests_asked: number;
  requests_answered_in_day: number;
  response_minutes: number | null;
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
    requestsAsked: Number(row.requests_asked),
    requestsAnsweredInDay: Number(row.requests_answered_in_day),
    responseMinutes: row.response_minutes === null ? null : Number(row.response_minutes),
    recomputeAt: row.recompute_at === null ? null : new Date(row.recompute_at),
  };
}

/** Whether a stored row still tells the figures at `now`: it exists and no counted event has left the window since. */
export function figuresCurrent(figures: Pick<StoredHostFigures, 'recomputeAt'> | undefined, now: Date): boolean {
  return figures !== undefined && (figures.recomputeAt === null || figures.recomputeAt.getTime() >= now.getTime());
}

/**
 * The figures of these hosts, from their reviews, bookings and messages, over all their listings.
 * Every listing counts whatever its status (a paused listing's reviews are still the host's).
 * - rating and review count: published reviews only (visible_at passed; core/review-rules.ts), so a
 *   hidden review never shows through the host's average;
 * - answered: requests with a decision time, unless the guest withdrew them, made within the window;
 * - expired: requests that expired unanswered, made within the window;
 * - host cancellations: stays the host cancelled, cancelled (last updated) within the window;
 * - response: the asks of core/super-host.ts askOutcome. An ask is a request (a booking that waited
 *   for an answer: expires_at set) made within the window; its answer is the earlier of the host's
 *   decision and the host's first message in its thread; or an inquiry (a conversation the guest
 *   opened before any request, decision 020), asked at its first message and answered by the host's
 *   first message after it.
 * recompute_at is the next time a figure changes by time alone: a counted event leaving the window,
 * a hidden review being published, an unanswered request turning 24 hours old.
 */
function figuresQuery(hostIds: readonly string[], now: Date) {
  const windowStart = new Date(now.getTime() - windowMs);
  const dayAgo = new Date(now.getTime() - responseHours * 3_600_000);
  const hosts = sql.join(
    hostIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return sql`
    select h.host_id, r.rating_average, r.review_count, b.completed_stays, b.answered_requests, b.expired_requests,
      b.host_cancellations, a.requests_asked, a.requests_answered_in_day, a.response_minutes,
      least(b.first_request_in_window + ${windowMs / 1000}::float8 * interval '1 second',
        b.first_cancellation_in_window + ${windowMs / 1000}::float8 * interval '1 second',
        a.first_ask_in_window + ${windowMs / 1000}::float8 * interval '1 second',
        a.next_ask_due, r.next_publication) as recompute_at
    from unnest(array[${hosts}]) as h(host_id)
    cross join lateral (
      select avg(rv.rating) filter (where rv.visible_at <= ${now})::float8 as rating_average,
        count(*) filter (where rv.visible_at <= ${now})::int as review_count,
        min(rv.visible_at) filter (where rv.visible_at > ${now}) as next_publication
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
    ) b
    cross join lateral (
      select
        count(*) filter (where q.counted)::int as requests_asked,
        count(*) filter (where q.counted and q.answered_at <= q.asked_at + interval '${sql.raw(String(responseHours))} hours')::int
          as requests_answered_in_day,
        round(percentile_cont(0.5) within group (order by extract(epoch from q.answered_at - q.asked_at))
          filter (where q.answered_at is not null) / 60)::int as response_minutes,
        min(q.asked_at) filter (where q.counted) as first_ask_in_window,
        min(q.asked_at + interval '${sql.raw(String(responseHours))} hours') filter (where not q.counted and not q.withdrawn) as next_ask_due
      from (
        select asks.asked_at, asks.answered_at,
          (asks.answered_at is null and asks.withdrawn_at < asks.asked_at + interval '${sql.raw(String(responseHours))} hours')
            is true as withdrawn,
          (asks.answered_at is not null or (asks.asked_at <= ${dayAgo}
            and (asks.withdrawn_at is null or asks.withdrawn_at >= asks.asked_at + interval '${sql.raw(String(responseHours))} hours')))
            as counted
        from (
          select bk.created_at as asked_at,
            least(case when bk.cancelled_by is distinct from bk.guest_id then bk.decided_at end,
              (select min(m.created_at) from booking_messages m where m.booking_id = bk.id and m.sender_id = h.host_id)) as answered_at,
            case when bk.cancelled_by = bk.guest_id then bk.decided_at end as withdrawn_at
          from bookings bk join properties p on p.id = bk.property_id
          where p.host_id = h.host_id and bk.expires_at is not null and bk.created_at >= ${windowStart}
          union all
          -- Inquiries: conversations a guest opened before any request (Contact host); the answer is
          -- the host's first message after the question.
          select first.created_at,
            (select min(m.created_at) from booking_messages m
              where m.conversation_id = c.id and m.sender_id = h.host_id and m.created_at >= first.created_at),
            null::timestamptz
          from conversations c join properties p on p.id = c.property_id
          cross join lateral (
            select m.created_at, m.sender_id, m.booking_id from booking_messages m
            where m.conversation_id = c.id order by m.created_at, m.id limit 1
          ) first
          where p.host_id = h.host_id and first.sender_id = c.guest_id and first.booking_id is null
            and first.created_at >= ${windowStart}
        ) asks
      ) q
    ) a`;
}

/**
 * Recomputes the hosts' rows from their reviews and bookings, under the rows' locks. Call it in the
 * transaction that changed a review or a booking of theirs, after the change.
 */
export async function refreshHostFigures(db: Executor, hostIds: readonly string[], now = new Date()): Promise<StoredHostFigures[]> {
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
        host_cancellations = c.host_cancellations, requests_asked = c.requests_asked,
        requests_answered_in_day = c.requests_answered_in_day, response_minutes = c.response_minutes,
        recompute_at = c.recompute_at, updated_at = ${now}
      from (${figuresQuery(ids, now)}) c
      where f.host_id = c.host_id
      returning f.host_id, f.rating_average, f.review_count, f.completed_stays, f.answered_requests, f.expired_requests,
        f.host_cancellations, f.requests_asked, f.requests_answered_in_day, f.response_minutes, f.recompute_at`),
  );
  return rows.map(figuresOfRow);
}

/** The same, for the hosts of these listings (a job that moved many bookings knows their listings). */
export async function refreshHostFiguresOfListings(db: Executor, propertyIds: readonly number[], now = new Date()): Promise<void> {
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
export async function computeHostFigures(db: Executor, hostId: string, now = new Date()): Promise<StoredHostFigures> {
  const [row] = rowsOf<HostFiguresRow>(await db.execute(figuresQuery([hostId], now)));
  return figuresOfRow(row!);
}
