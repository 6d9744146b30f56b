import { eq, sql } from 'drizzle-orm';
import { hostEarningsByMonth, type HostEarningsSummary, type HostLedgerTransaction } from '../../../core/earnings.ts';
import type { Database } from '../../db/database.ts';
import { bookings, ledgerEntries, ledgerTransactions } from '../../db/schema.ts';

const accountSum = (account: string) =>
  sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = ${account}), 0)::int`;

/**
 * The host's earnings per month of the ledger transaction (core/earnings.ts): every transaction
 * recorded for the host (captures, refunds, fees of stays paid on arrival and their reversals,
 * payouts), one row each with its lines summed per account.
 */
export async function hostEarnings(db: Database, hostId: string): Promise<HostEarningsSummary> {
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
  return hostEarningsByMonth(rows satisfies HostLedgerTransaction[]);
}
