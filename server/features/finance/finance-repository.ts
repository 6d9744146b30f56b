import { desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FeePayment, FinanceMonth, Payout, PayoutDue, PayoutMethod, UpcomingPayout } from '../../../core/contracts/finance.ts';
import { feesOwedNet, payoutDue } from '../../../core/earnings.ts';
import { feePaymentLines, payoutLines } from '../../../core/ledger-rules.ts';
import { feePaymentReference } from '../../../core/payout-methods.ts';
import { recordLedgerTransaction } from '../../db/ledger.ts';
import { notYetPayableSql, payableHoursAfterStart } from '../../db/period-payouts-sql.ts';
import { payoutHeldByMoveInReport } from '../../db/move-in-hold-sql.ts';
import type { Database } from '../../db/database.ts';
import { ledgerEntries, ledgerTransactions, payments, payoutMethods, payouts, profiles, users } from '../../db/schema.ts';
import { DomainError } from '../../../core/domain-error.ts';

/** Sum of the lines of one account in transactions of the given kinds (all kinds when none given). */
const sumOf = (account: string, kinds: string[] = []) =>
  sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = ${account}${
    kinds.length
      ? sql` and ${ledgerTransactions.kind} in (${sql.join(
          kinds.map((kind) => sql`${kind}`),
          sql`, `,
        )})`
      : sql``
  }), 0)::int`;

const monthOf = sql<string>`to_char(${ledgerTransactions.createdAt} at time zone 'Asia/Jerusalem', 'YYYY-MM')`;

/** The platform's books per month of the ledger transaction, newest first (docs/decisions/025-receipts-and-payouts.md). */
export async function financeMonths(db: Database): Promise<FinanceMonth[]> {
  const rows = await db
    .select({
      month: monthOf,
      charges: sumOf('provider_balance', ['capture']),
      refunds: sumOf('provider_balance', ['refund']),
      platformFees: sumOf('platform_fees'),
      onArrivalFees: sumOf('host_owes_fees', ['fee_on_arrival', 'fee_reversal']),
      payouts: sumOf('provider_balance', ['payout']),
      feesReceived: sumOf('provider_balance', ['fee_payment']),
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .groupBy(monthOf)
    .orderBy(desc(monthOf));
  return rows.map((row) => ({
    month: row.month,
    charges: row.charges,
    refunds: -row.refunds,
    serviceFees: -row.platformFees,
    onArrivalFees: row.onArrivalFees,
    payouts: -row.payouts,
    feesReceived: row.feesReceived,
  }));
}

type Executor = Pick<Database, 'select'>;

/** A payout_methods row as the contract shows it. */
export function toPayoutMethod(row: typeof payoutMethods.$inferSelect): PayoutMethod {
  return {
    bankCode: row.bankCode as PayoutMethod['bankCode'],
    branch: row.branch,
    accountNumber: row.accountNumber,
    accountHolder: row.accountHolder,
    updatedAt: row.updatedAt.toISOString(),
  };
}
/**
 * Move-in protection (decision 056): what the host's balance owes them for stays with an open
 * move-in report is held (a positive amount), and left out of what may be paid until an admin decides.
 */
const heldByMoveInReport = sql<number>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = 'host_payable' and ${payoutHeldByMoveInReport(ledgerTransactions.bookingId)}), 0)::int`;

/** One host's balances: owed to them (−host_payable) and fees they owe (host_owes_fees). */
async function hostBalances(db: Executor, hostId: string, now = new Date()) {
  const [row] = await db
    .select({
      payable: sumOf('host_payable'),
      feesOwed: sumOf('host_owes_fees'),
      held: heldByMoveInReport,
      notYet: notYetPayableSql(sql`${hostId}::uuid`, now),
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(eq(ledgerTransactions.hostId, hostId));
  // A long stay's period is paid out 24 hours after it starts (decision 054), a held stay after the admin decides (056).
  return { payable: 0 - (row?.payable ?? 0) - Math.max(0, row?.held ?? 0) - Math.max(0, row?.notYet ?? 0), feesOwed: row?.feesOwed ?? 0 };
}

/** Every host with money on the books: what is owed to them, what they owe, and what may be sent now; most due first. */
export async function payoutsDue(db: Database): Promise<PayoutDue[]> {
  const rows = await db
    .select({
      hostId: ledgerTransactions.hostId,
      email: users.email,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      payable: sumOf('host_payable'),
      feesOwed: sumOf('host_owes_fees'),
      held: heldByMoveInReport,
      notYet: notYetPayableSql(sql`${ledgerTransactions.hostId}`, new Date()),
      lastPayoutAt: sql<string | null>`(select max(p.created_at) from payouts p where p.host_id = ${ledgerTransactions.hostId})`,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(users, eq(users.id, ledgerTransactions.hostId))
    .leftJoin(profiles, eq(profiles.userId, ledgerTransactions.hostId))
    .where(isNotNull(ledgerTransactions.hostId))
    .groupBy(ledgerTransactions.hostId, users.email, profiles.firstName, profiles.lastName);
  // Each host's bank account, for the admin who sends the payout (decision 057).
  const methods = new Map((await db.select().from(payoutMethods)).map((method) => [method.userId, toPayoutMethod(method)]));
  return rows
    .map((row) => {
      const balances = { payable: 0 - row.payable, feesOwed: row.feesOwed };
      return {
        hostId: row.hostId!,
        email: row.email,
        name: [row.firstName, row.lastName].filter(Boolean).join(' '),
        ...balances,
        // A stay with an open move-in report is not paid out yet (decision 056), nor a long stay's
        // period before it has run 24 hours (decision 054).
        due: payoutDue({ ...balances, payable: balances.payable - Math.max(0, row.held) - Math.max(0, row.notYet) }),
        owes: feesOwedNet(balances),
        lastPayoutAt: row.lastPayoutAt ? new Date(row.lastPayoutAt).toISOString() : null,
        feeReference: feePaymentReference(row.hostId!),
        payoutMethod: methods.get(row.hostId!) ?? null,
      };
    })
    .filter((host) => host.payable !== 0 || host.feesOwed !== 0)
    .sort((a, b) => b.due - a.due || b.feesOwed - a.feesOwed || a.email.localeCompare(b.email));
}

/**
 * The long stays' periods paid through us whose host share is not payable yet, by the date it
 * becomes payable (decision 054), and those held by a move-in report (056): what the payouts due
 * will take in, and when.
 */
export async function upcomingPayouts(db: Database, now = new Date()): Promise<UpcomingPayout[]> {
  const rows = await db.execute<{
    hostId: string;
    email: string;
    firstName: string | null;
    lastName: string | null;
    bookingId: string;
    sequence: number;
    periodStart: string;
    payableAt: Date | string;
    amount: number;
    held: boolean;
  }>(sql`select pr.host_id as "hostId", u.email, pf.first_name as "firstName", pf.last_name as "lastName",
      p.booking_id as "bookingId", p.sequence, p.period_start::text as "periodStart",
      (p.period_start::timestamp at time zone 'Asia/Jerusalem') + interval '${sql.raw(String(payableHoursAfterStart))} hours' as "payableAt",
      (p.amount - coalesce(p.service_fee, 0))::int as amount, ${payoutHeldByMoveInReport(sql`p.booking_id`)} as held
    from payments p
    join bookings b on b.id = p.booking_id
    join properties pr on pr.id = b.property_id
    join users u on u.id = pr.host_id
    left join profiles pf on pf.user_id = pr.host_id
    where p.kind = 'period' and p.provider = 'stripe' and p.status = 'succeeded' and b.status in ('confirmed', 'completed')
      and ((p.period_start::timestamp at time zone 'Asia/Jerusalem') + interval '${sql.raw(String(payableHoursAfterStart))} hours' > ${now}
        or ${payoutHeldByMoveInReport(sql`p.booking_id`)})
    order by 8, u.email, p.sequence
    limit 500`);
  return rows.rows.map((row) => ({
    hostId: row.hostId,
    email: row.email,
    name: [row.firstName, row.lastName].filter(Boolean).join(' '),
    bookingId: row.bookingId,
    sequence: row.sequence,
    periodStart: row.periodStart,
    payableAt: new Date(row.payableAt).toISOString(),
    amount: row.amount,
    state: row.held ? 'held' : 'waiting',
  }));
}

/**
 * Records a payout an admin sent by bank transfer: a payouts row and its ledger transaction
 * (payout:<id>, core/ledger-rules.ts payoutLines), which also settles the fees the host owed for
 * stays paid on arrival. Never more than is due: the host's row is locked while the balance is
 * read and the payout written, so two admins marking at once are counted one after the other,
 * and the second is refused if the first took what was due.
 */
export async function markPayout(
  db: Database,
  input: { hostId: string; amount: number; reference: string; sentBy: string },
  now = new Date(),
): Promise<Payout & { email: string }> {
  return db.transaction(async (tx) => {
    const [host] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, input.hostId)).for('update');
    if (!host) throw new DomainError('not_found', 'No such host');
    const balances = await hostBalances(tx, input.hostId);
    const due = payoutDue(balances);
    if (input.amount > due) throw new DomainError('payout_exceeds_due', `At most ${due} is due to this host`);
    const settledFees = Math.max(0, balances.feesOwed);
    const [payout] = await tx
      .insert(payouts)
      .values({ hostId: input.hostId, amount: input.amount, reference: input.reference, sentBy: input.sentBy, createdAt: now })
      .returning();
    // The ledger's one movement for this payout (the key makes it once; the id is new, so it is).
    await recordLedgerTransaction(
      tx,
      { key: `payout:${payout!.id}`, kind: 'payout', hostId: input.hostId, memo: input.reference, at: now },
      payoutLines(input.amount, settledFees),
    );
    // The payout is a payment row too (decision 053), with the payouts row's id and its ledger key.
    await tx.insert(payments).values({
      id: payout!.id,
      hostId: input.hostId,
      kind: 'payout',
      amount: input.amount,
      provider: 'bank_transfer',
      ledgerKey: `payout:${payout!.id}`,
      status: 'succeeded',
      createdAt: now,
      updatedAt: now,
    });
    return {
      id: payout!.id,
      hostId: input.hostId,
      amount: input.amount,
      reference: input.reference,
      settledFees,
      createdAt: payout!.createdAt.toISOString(),
      email: host.email,
    };
  });
}

/**
 * Records fees a host paid the platform by bank transfer (decision 057): a fee_payment ledger
 * transaction keyed by the host and the transfer's reference, so the same transfer recorded twice
 * (a retry, two admins with the same bank line) counts once. Never more than the host owes after
 * what card stays owe them is set against it: the host's row is locked while the balance is read and
 * the payment written, as markPayout does, so two admins recording at once are counted one after the
 * other and the second is refused if the first settled the debt.
 */
export async function recordFeePayment(
  db: Database,
  input: { hostId: string; amount: number; reference: string },
  now = new Date(),
): Promise<FeePayment & { email: string }> {
  return db.transaction(async (tx) => {
    const [host] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, input.hostId)).for('update');
    if (!host) throw new DomainError('not_found', 'No such host');
    const balances = await hostBalances(tx, input.hostId);
    const owed = feesOwedNet(balances);
    const key = `fee_payment:${input.hostId}:${input.reference.toLowerCase()}`;
    const [existing] = await tx.select({ id: ledgerTransactions.id }).from(ledgerTransactions).where(eq(ledgerTransactions.key, key));
    if (existing) throw new DomainError('fee_payment_already_recorded', 'This transfer is already recorded');
    if (input.amount > owed) throw new DomainError('fee_payment_exceeds_owed', `This host owes at most ${owed}`);
    const recorded = await recordLedgerTransaction(
      tx,
      { key, kind: 'fee_payment', hostId: input.hostId, memo: input.reference, at: now },
      feePaymentLines(input.amount, balances),
    );
    if (!recorded) throw new DomainError('fee_payment_already_recorded', 'This transfer is already recorded');
    return {
      key,
      hostId: input.hostId,
      amount: input.amount,
      reference: input.reference,
      feesOwed: owed - input.amount,
      createdAt: now.toISOString(),
      email: host.email,
    };
  });
}
