import { sql, type SQL } from 'drizzle-orm';
import { payoutHeldByMoveInReport } from './move-in-hold-sql.ts';

/*
 * When a long stay's period's host share may be paid out (issue 37 item 4, decision 054). Shared
 * like ledger.ts: the bookings feature writes the periods, the finance feature (payouts due, host
 * earnings) reads them: payouts due and a host's earnings leave out what is not payable yet.
 */

/** A period's host share becomes payable this many hours after the period starts (the first: after check-in). */
export const payableHoursAfterStart = 24;

/**
 * Whether a period's payout is held: its stay has a move-in report waiting for an admin (issue 37
 * item 5, decision 056), over the payments row aliased `alias`.
 */
export function periodPayoutHeldSql(alias = 'p'): SQL {
  return payoutHeldByMoveInReport(sql.raw(`${alias}.booking_id`));
}

/**
 * Whether the period row aliased `alias` is payable to its host at `now`: paid, started 24 hours
 * ago (Israel's day of `period_start`, from midnight), and not held.
 */
export function periodPayableSql(now: Date, alias = 'p'): SQL {
  const row = sql.raw(alias);
  return sql`(${row}.status = 'succeeded' and (${row}.period_start::timestamp at time zone 'Asia/Jerusalem') + interval '${sql.raw(String(payableHoursAfterStart))} hours' <= ${now}
    and not ${periodPayoutHeldSql(alias)})`;
}

/**
 * The host's share of card periods already paid through us but not payable yet at `now`: the
 * period started less than 24 hours ago, or has not started (the first period is captured when the
 * host accepts, weeks before check-in). Stays held by a move-in report are left out here, as the
 * finance feature holds their whole share already; so are stays no longer going ahead, whose
 * refunds the ledger has. `hostId` is the column or expression naming the host.
 */
export function notYetPayableSql(hostId: SQL, now: Date): SQL<number> {
  return sql<number>`(select coalesce(sum(p.amount - coalesce(p.service_fee, 0)), 0)::int
    from payments p join bookings b on b.id = p.booking_id join properties pr on pr.id = b.property_id
    where pr.host_id = ${hostId} and p.kind = 'period' and p.provider = 'stripe' and p.status = 'succeeded'
      and b.status in ('confirmed', 'completed')
      and (p.period_start::timestamp at time zone 'Asia/Jerusalem') + interval '${sql.raw(String(payableHoursAfterStart))} hours' > ${now}
      and not ${periodPayoutHeldSql('p')})`;
}

/**
 * The host's share of periods still to be paid (scheduled, or a card that failed and is retried):
 * what the host will earn from their long stays if the guests pay as planned.
 */
export function scheduledShareSql(hostId: SQL): SQL<number> {
  return sql<number>`(select coalesce(sum(p.amount - coalesce(p.service_fee, 0)), 0)::int
    from payments p join bookings b on b.id = p.booking_id join properties pr on pr.id = b.property_id
    where pr.host_id = ${hostId} and p.kind = 'period' and p.status in ('scheduled', 'processing', 'failed', 'action_required')
      and b.status = 'confirmed')`;
}
