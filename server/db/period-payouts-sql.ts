import { sql, type SQL } from 'drizzle-orm';

/*
 * When a long stay's period's host share may be paid out (issue 37 item 4, decision 054). Shared
 * like ledger.ts: the bookings feature writes the periods, the finance feature (payouts due, host
 * earnings) reads them. Not wired into finance-repository.ts payoutsDue yet (see decision 054).
 */

/** A period's host share becomes payable this many hours after the period starts (the first: after check-in). */
export const payableHoursAfterStart = 24;

/**
 * Whether a period's payout is held (the move-in protection's report waiting for an admin, issue 37
 * item 5): always false for now. The move-in work adds its hold here, over the payments row aliased
 * `alias`, so payouts due and host earnings both follow it.
 */
export function periodPayoutHeldSql(alias = 'p'): SQL {
  void alias;
  return sql`false`;
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
