import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { ledgerEntries, ledgerTransactions } from '../../db/schema.ts';

/*
 * Reading the ledger. Recording a movement is server/db/ledger.ts recordLedgerTransaction: the bookings
 * feature posts a stay's movements in its own transactions.
 */

/** A booking's ledger lines, oldest first (receipts, tests). */
export async function bookingLedger(db: Database, bookingId: string) {
  return db
    .select({
      key: ledgerTransactions.key,
      kind: ledgerTransactions.kind,
      createdAt: ledgerTransactions.createdAt,
      account: ledgerEntries.account,
      amount: ledgerEntries.amount,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(eq(ledgerTransactions.bookingId, bookingId))
    .orderBy(ledgerTransactions.id, ledgerEntries.id);
}

/** Every booking whose ledger lines do not sum to zero (should be none). */
export async function unbalancedBookings(db: Database): Promise<string[]> {
  const rows = await db
    .select({ bookingId: ledgerTransactions.bookingId })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .groupBy(ledgerTransactions.bookingId)
    .having(sql`sum(${ledgerEntries.amount}) <> 0`);
  return rows.map((row) => row.bookingId ?? 'none');
}
