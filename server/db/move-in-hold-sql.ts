import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/*
 * The payout hold of move-in protection (docs/decisions/056-move-in-protection.md), shared like
 * ledger.ts: the bookings feature opens and decides reports, finance (and the long-stay payouts
 * after move-in) leave a held stay's host share out of what may be paid.
 */

/**
 * True for a booking with an open move-in report: its host's share may not be paid out until an
 * admin decides. `bookingId` is the column (or expression) naming the booking.
 */
export function payoutHeldByMoveInReport(bookingId: AnyPgColumn | SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from move_in_reports held_report where held_report.booking_id = ${bookingId} and held_report.status = 'open')`;
}
