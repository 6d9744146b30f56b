import type { LedgerKind } from './ledger-rules.ts';

/**
 * A host's earnings per month from the ledger (docs/decisions/025-receipts-and-payouts.md). Pure:
 * the server reads one row per ledger transaction of the host and this sums them.
 *
 *   earned       the host's share (after the service fee) of stays paid that month: a card capture's
 *                host_payable credit, and for a stay paid on arrival its total less the fee the host
 *                owes; a cancelled stay paid on arrival takes its share back in the month it was cancelled
 *   refunded     the host's part of card refunds (host_payable debits)
 *   serviceFees  the platform's fee on those stays: taken from card payments, owed by the host for
 *                stays paid on arrival; less what refunds and cancellations gave back
 *   paidOut      bank transfers sent to the host
 *   feesPaid     fees the host paid the platform by bank transfer (decision 057)
 *   feesDue      fees owed for stays paid on arrival that month and not settled yet: what the host
 *                owes the platform (net of what card stays owe them), set against the latest months
 *                it came from, as payments and payouts settle the oldest fees first
 *   pending      owed to the host and not paid out yet: the host's balance (card shares, less
 *                refunds, less the fees owed for stays paid on arrival, less payouts) set against
 *                the latest months it came from, as payouts settle the oldest earnings first
 */
export interface HostLedgerTransaction {
  /** yyyy-MM of the transaction, on Israel's clock. */
  month: string;
  kind: LedgerKind;
  bookingId: string | null;
  /** The booking's total and service fee, for stays paid on arrival (null without a booking). */
  bookingTotal: number | null;
  bookingFee: number | null;
  /** The transaction's lines per account (0 when it has none). */
  hostPayable: number;
  hostOwesFees: number;
  platformFees: number;
  providerBalance: number;
}

export interface HostEarningsMonthFigures {
  month: string;
  stays: number;
  earned: number;
  refunded: number;
  serviceFees: number;
  paidOut: number;
  pending: number;
  feesPaid: number;
  feesDue: number;
}

export interface HostEarningsSummary {
  /** Newest month first. */
  months: HostEarningsMonthFigures[];
  /** What the platform owes the host now (≥ 0). */
  due: number;
  /** What the host owes the platform now, when the fees of stays paid on arrival exceed what is owed them (≥ 0). */
  feesOwed: number;
}

/** The host's share given up when a stay paid on arrival is cancelled and `reversedFee` of its fee comes back. */
function reversedShare(tx: HostLedgerTransaction, reversedFee: number): number {
  if (!tx.bookingTotal || !tx.bookingFee) return 0;
  return Math.round((tx.bookingTotal * reversedFee) / tx.bookingFee) - reversedFee;
}

export function hostEarningsByMonth(transactions: readonly HostLedgerTransaction[]): HostEarningsSummary {
  const months = new Map<string, HostEarningsMonthFigures & { owed: number; feesCharged: number; bookings: Set<string> }>();
  let balance = 0;
  for (const tx of transactions) {
    let month = months.get(tx.month);
    if (!month) {
      month = {
        month: tx.month,
        stays: 0,
        earned: 0,
        refunded: 0,
        serviceFees: 0,
        paidOut: 0,
        pending: 0,
        feesPaid: 0,
        feesDue: 0,
        owed: 0,
        feesCharged: 0,
        bookings: new Set(),
      };
      months.set(tx.month, month);
    }
    // What the platform owes the host moves with host_payable (credits owed) and host_owes_fees (debits).
    const owedChange = -tx.hostPayable - tx.hostOwesFees;
    balance += owedChange;
    if (tx.kind !== 'payout' && tx.kind !== 'fee_payment') month.owed += owedChange;
    if (tx.kind === 'fee_on_arrival' || tx.kind === 'fee_reversal') month.feesCharged += tx.hostOwesFees;
    switch (tx.kind) {
      case 'capture':
        month.earned += -tx.hostPayable;
        month.serviceFees += -tx.platformFees;
        if (tx.bookingId) month.bookings.add(tx.bookingId);
        break;
      case 'refund':
        month.refunded += tx.hostPayable;
        month.serviceFees += -tx.platformFees;
        break;
      case 'fee_on_arrival':
        month.earned += (tx.bookingTotal ?? tx.hostOwesFees) - tx.hostOwesFees;
        month.serviceFees += tx.hostOwesFees;
        if (tx.bookingId) month.bookings.add(tx.bookingId);
        break;
      case 'fee_reversal':
        month.earned -= reversedShare(tx, -tx.hostOwesFees);
        month.serviceFees += tx.hostOwesFees;
        break;
      case 'payout':
        month.paidOut += -tx.providerBalance;
        break;
      case 'fee_payment':
        month.feesPaid += tx.providerBalance;
        break;
    }
  }
  const sorted = [...months.values()].sort((a, b) => b.month.localeCompare(a.month));
  let unpaid = Math.max(0, balance);
  let unpaidFees = Math.max(0, -balance);
  const result = sorted.map(({ owed, feesCharged, bookings, ...figures }) => {
    const pending = Math.min(Math.max(0, owed), unpaid);
    unpaid -= pending;
    const feesDue = Math.min(Math.max(0, feesCharged), unpaidFees);
    unpaidFees -= feesDue;
    return { ...figures, stays: bookings.size, pending, feesDue };
  });
  return { months: result, due: Math.max(0, balance), feesOwed: Math.max(0, -balance) };
}

/**
 * What an admin may send a host now: everything owed to them (−host_payable) less the fees they owe
 * for stays paid on arrival (host_owes_fees), which the payout settles (core/ledger-rules.ts payoutLines).
 */
export function payoutDue(balances: { payable: number; feesOwed: number }): number {
  return Math.max(0, balances.payable - Math.max(0, balances.feesOwed));
}

/**
 * What an admin may record as received from a host now (decision 057): the fees they owe less what
 * card stays owe them, which the fee payment sets against the rest (core/ledger-rules.ts feePaymentLines).
 */
export function feesOwedNet(balances: { payable: number; feesOwed: number }): number {
  return Math.max(0, balances.feesOwed - Math.max(0, balances.payable));
}
