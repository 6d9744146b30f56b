import { eq } from 'drizzle-orm';
import type { PayoutMethod } from '../../../core/contracts/finance.ts';
import type { Executor } from '../../db/database.ts';
import { payoutMethods } from '../../db/schema.ts';

/** A payout_methods row as the contract shows it. */
function toPayoutMethod(row: typeof payoutMethods.$inferSelect): PayoutMethod {
  return {
    bankCode: row.bankCode as PayoutMethod['bankCode'],
    branch: row.branch,
    accountNumber: row.accountNumber,
    accountHolder: row.accountHolder,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The host's bank account for payouts, or null. */
export async function findPayoutMethod(db: Executor, userId: string): Promise<PayoutMethod | null> {
  const [row] = await db.select().from(payoutMethods).where(eq(payoutMethods.userId, userId));
  return row ? toPayoutMethod(row) : null;
}

/** Adds or replaces the host's bank account (one per host: the primary key decides, so two saves at once leave one). */
export async function savePayoutMethod(
  db: Executor,
  userId: string,
  input: { bankCode: string; branch: string; accountNumber: string; accountHolder: string },
  now = new Date(),
): Promise<PayoutMethod> {
  const [row] = await db
    .insert(payoutMethods)
    .values({ userId, ...input, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: payoutMethods.userId, set: { ...input, updatedAt: now } })
    .returning();
  return toPayoutMethod(row!);
}
