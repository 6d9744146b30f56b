import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { accountClosureRefusal, type AccountObligations } from '../../../core/account-data-rules.ts';
import { today } from '../../../core/dates.ts';
import type { Database, Executor } from '../../db/database.ts';
import { accountDeletions, authTokens, properties, sessions, users } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';

interface ObligationRow extends Record<string, unknown> {
  stays_ahead: number;
  open_payments: number;
  fees_owed: number;
  payout_due: number;
}

/**
 * What a member still has going on (core/account-data-rules.ts AccountObligations): stays not yet
 * ended as guest or host (a pending request counts until it expires), card payments not settled,
 * and the host's two ledger balances (fees owed for stays paid on arrival, money held for them).
 */
export async function accountObligations(db: Executor, userId: string, now: Date): Promise<AccountObligations> {
  const result = await db.execute<ObligationRow>(sql`
    select
      (select count(*) from bookings b join properties p on p.id = b.property_id
        where (b.guest_id = ${userId} or p.host_id = ${userId})
          and (b.status = 'confirmed' or (b.status = 'pending' and (b.expires_at is null or b.expires_at > ${now.toISOString()}::timestamptz)))
          and b.check_out > ${today(now)})::int as stays_ahead,
      (select count(*) from bookings b
        where b.guest_id = ${userId} and b.payment_status in ('awaiting_payment', 'authorized'))::int as open_payments,
      coalesce((select sum(e.amount) from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
        where t.host_id = ${userId} and e.account = 'host_owes_fees'), 0)::int as fees_owed,
      coalesce((select -sum(e.amount) from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
        where t.host_id = ${userId} and e.account = 'host_payable'), 0)::int as payout_due`);
  const row = result.rows[0];
  return {
    staysAhead: Number(row?.stays_ahead ?? 0),
    openPayments: Number(row?.open_payments ?? 0),
    feesOwed: Number(row?.fees_owed ?? 0),
    payoutDue: Number(row?.payout_due ?? 0),
  };
}

const refusalMessages = {
  account_stay_ahead: 'You have a stay ahead as a guest or a host: cancel it or wait until it ends.',
  account_money_owed: 'You owe service fees for stays paid on arrival: settle them first.',
  account_payment_open: 'A card payment of one of your stays is still open.',
  account_payout_due: 'We still hold money for you that has not been paid out.',
} as const;

/**
 * Closes an account at once, in one transaction: the row is locked, its obligations are read again
 * under the lock (a booking made a moment ago counts), its listings leave search (paused), every
 * session and mailed link dies, and the erasure is scheduled. Refused with 409 and the reason.
 */
export async function closeAccount(db: Database, userId: string, eraseAfter: Date, now: Date) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ role: users.role, closedAt: users.closedAt }).from(users).where(eq(users.id, userId)).for('update');
    if (!user || user.closedAt) throw new HttpError(401, 'unauthenticated', 'Please sign in first');
    // Listings first: once paused no new request can reach them while the stays are counted.
    await tx
      .update(properties)
      .set({ status: 'paused', updatedAt: now })
      .where(and(eq(properties.hostId, userId), inArray(properties.status, ['approved', 'submitted'])));
    const refusal = accountClosureRefusal(await accountObligations(tx, userId, now));
    if (refusal) throw new HttpError(409, refusal, refusalMessages[refusal]);
    await tx.update(users).set({ closedAt: now, updatedAt: now }).where(eq(users.id, userId));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    await tx.delete(authTokens).where(eq(authTokens.userId, userId));
    await tx.insert(accountDeletions).values({ userId, role: user.role, requestedAt: now, eraseAfter });
  });
}
