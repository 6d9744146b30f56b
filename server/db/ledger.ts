import { isBalanced, type LedgerKind, type LedgerLine } from '../../core/ledger-rules.ts';
import type { Database } from './database.ts';
import { ledgerEntries, ledgerTransactions } from './schema.ts';

/*
 * The ledger's one writer (docs/decisions/023-money.md, 024-payments.md). Shared like host-figures.ts:
 * the bookings feature posts a stay's movements inside the transaction that moves the stay, and the
 * payments feature reads them (server/features/payments/ledger-repository.ts).
 */

export interface LedgerTransactionInput {
  /** Makes the movement happen once: capture:<booking>, refund:<booking>, payout:<id>… */
  key: string;
  kind: LedgerKind;
  bookingId?: string | null;
  hostId?: string | null;
  memo?: string | null;
  /** When the money moved; now unless told (the seed dates its history). */
  at?: Date;
}

/**
 * Records one movement of money as a balanced transaction (core/ledger-rules.ts), once: a second
 * call with the same key, even racing the first in another transaction or on another instance,
 * records nothing and returns false (the unique key decides; the loser's insert waits for the
 * winner's commit, then does nothing). Call it inside the transaction that changes the booking, so
 * the money and the state move together.
 */
export async function recordLedgerTransaction(
  db: Pick<Database, 'insert'>,
  input: LedgerTransactionInput,
  lines: readonly LedgerLine[],
): Promise<boolean> {
  if (!isBalanced(lines)) throw new Error(`Unbalanced ledger transaction ${input.key}: ${JSON.stringify(lines)}`);
  const [created] = await db
    .insert(ledgerTransactions)
    .values({
      key: input.key,
      kind: input.kind,
      bookingId: input.bookingId ?? null,
      hostId: input.hostId ?? null,
      memo: input.memo ?? null,
      ...(input.at ? { createdAt: input.at } : {}),
    })
    .onConflictDoNothing({ target: ledgerTransactions.key })
    .returning({ id: ledgerTransactions.id });
  if (!created) return false;
  await db.insert(ledgerEntries).values(lines.map((line) => ({ transactionId: created.id, account: line.account, amount: line.amount })));
  return true;
}
