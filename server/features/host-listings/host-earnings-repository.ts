import { eq, sql } from 'drizzle-orm';
import { hostEarningsByMonth, type HostEarningsSummary, type HostLedgerTransaction } from '../../../core/earnings.ts';
import type { HostEarnings } from '../../../core/contracts/host-listings.ts';
import type { Database } from '../../db/database.ts';
import { payoutHeldByMoveInReport } from '../../db/move-in-hold-sql.ts';
import { notYetPayableSql, scheduledShareSql } from '../../db/period-payouts-sql.ts';
import { bookings, ledgerEntries, ledgerTransactions } from '../../db/schema.ts';

const accountSum = (account: string) =>
  sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = ${account}), 0)::int`;

/**
 * The host's earnings per month of the ledger transaction (core/earnings.ts): every transaction
 * recorded for the host (captures, refunds, fees of stays paid on arrival and their reversals,
 * payouts), one row each with its lines summed per account.
 */
export async function hostEarnings(db: Database, hostId: string, now = new Date()): Promise<HostEarnings> {
  const rows = await db
    .select({
      month: sql<string>`to_char(${ledgerTransactions.createdAt} at time zone 'Asia/Jerusalem', 'YYYY-MM')`,
      kind: ledgerTransactions.kind,
      bookingId: ledgerTransactions.bookingId,
      bookingTotal: bookings.total,
      bookingFee: bookings.serviceFee,
      hostPayable: accountSum('host_payable'),
      hostOwesFees: accountSum('host_owes_fees'),
      platformFees: accountSum('platform_fees'),
      providerBalance: accountSum('provider_balance'),
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .leftJoin(bookings, eq(bookings.id, ledgerTransactions.bookingId))
    .where(eq(ledgerTransactions.hostId, hostId))
    .groupBy(ledgerTransactions.id, bookings.total, bookings.serviceFee)
    .orderBy(ledgerTransactions.id);
  const summary: HostEarningsSummary = hostEarningsByMonth(rows satisfies HostLedgerTransaction[]);
  // What guests paid that is not the host's to take yet (decisions 054, 056), and what long stays still have to pay.
  const host = sql`${hostId}::uuid`;
  const [later] = (
    await db.execute<{ notYet: number; held: number; scheduled: number }>(sql`select
      ${notYetPayableSql(host, now)} as "notYet",
      ${scheduledShareSql(host)} as "scheduled",
      (select coalesce(-sum(e.amount), 0)::int from ledger_entries e join ledger_transactions x on x.id = e.transaction_id
        where x.host_id = ${host} and e.account = 'host_payable' and ${payoutHeldByMoveInReport(sql`x.booking_id`)}) as "held"`)
  ).rows;
  const waiting = Math.max(0, Number(later?.notYet ?? 0)) + Math.max(0, Number(later?.held ?? 0));
  return { ...summary, due: Math.max(0, summary.due - waiting), waiting, scheduled: Number(later?.scheduled ?? 0) };
}
