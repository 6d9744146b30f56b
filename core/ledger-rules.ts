/**
 * The ledger's accounts and kinds of movement (docs/decisions/023-money.md). Every transaction's
 * entries sum to zero: positive amounts are debits, negative credits, in whole shekels.
 *
 *   capture (card, T paid, F fee):   provider_balance +T, host_payable −(T−F), platform_fees −F
 *   refund  (R = Rs + Rf):            provider_balance −R, host_payable +Rs,    platform_fees +Rf
 *   fee_on_arrival (pay on arrival): host_owes_fees +F,    platform_fees −F
 *   fee_reversal (cancelled, on arrival, F' of it): host_owes_fees −F', platform_fees +F'
 *   payout (P sent, O of owed fees settled): host_payable +(P+O), host_owes_fees −O, provider_balance −P
 *   fee_payment (a host paid A of the fees they owe, S of what card stays owed them set against the rest):
 *                                    provider_balance +A, host_payable +S, host_owes_fees −(A+S)
 *
 * A host's balance owed is −host_payable − host_owes_fees; the platform's revenue is −platform_fees.
 */
export const ledgerAccounts = ['provider_balance', 'host_payable', 'host_owes_fees', 'platform_fees'] as const;
export type LedgerAccount = (typeof ledgerAccounts)[number];

export const ledgerKinds = ['capture', 'refund', 'fee_on_arrival', 'fee_reversal', 'payout', 'fee_payment'] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

export interface LedgerLine {
  account: LedgerAccount;
  amount: number;
}

/** Whether entries can be one transaction: whole shekels summing to zero, no empty line. */
export function isBalanced(lines: readonly LedgerLine[]): boolean {
  return (
    lines.length >= 2 && lines.every((line) => Number.isInteger(line.amount)) && lines.reduce((sum, line) => sum + line.amount, 0) === 0
  );
}

/** The lines of a capture: the guest's total in, the host's share owed, the platform's fee earned. */
export function captureLines(total: number, serviceFee: number): LedgerLine[] {
  return [
    { account: 'provider_balance', amount: total },
    { account: 'host_payable', amount: -(total - serviceFee) },
    { account: 'platform_fees', amount: -serviceFee },
  ].filter((line) => line.amount !== 0) as LedgerLine[];
}

/** The lines of a refund: what the host and the platform each give back. */
export function refundLines(refundSubtotal: number, refundServiceFee: number): LedgerLine[] {
  return [
    { account: 'provider_balance', amount: -(refundSubtotal + refundServiceFee) },
    { account: 'host_payable', amount: refundSubtotal },
    { account: 'platform_fees', amount: refundServiceFee },
  ].filter((line) => line.amount !== 0) as LedgerLine[];
}

/** The fee a host owes for a stay paid on arrival (positive), or gives back when it is cancelled (negative). */
export function onArrivalFeeLines(fee: number): LedgerLine[] {
  return [
    { account: 'host_owes_fees', amount: fee },
    { account: 'platform_fees', amount: -fee },
  ].filter((line) => line.amount !== 0) as LedgerLine[];
}

/** A payout of `sent` shekels that also settles `settledFees` of the fees the host owed. */
export function payoutLines(sent: number, settledFees: number): LedgerLine[] {
  return [
    { account: 'host_payable', amount: sent + settledFees },
    { account: 'host_owes_fees', amount: -settledFees },
    { account: 'provider_balance', amount: -sent },
  ].filter((line) => line.amount !== 0) as LedgerLine[];
}

/**
 * A host paid `amount` of the fees they owe for stays paid to them directly (decision 057): the
 * money comes into the platform's account and the debt goes down by as much. What card stays owe
 * the host (`payable`) is set against the rest of the debt at the same time, as a payout would, so a
 * host who pays the difference owes nothing and is owed nothing.
 */
export function feePaymentLines(amount: number, balances: { payable: number; feesOwed: number }): LedgerLine[] {
  const netted = Math.max(0, Math.min(balances.payable, balances.feesOwed - amount));
  return [
    { account: 'provider_balance', amount },
    { account: 'host_payable', amount: netted },
    { account: 'host_owes_fees', amount: -(amount + netted) },
  ].filter((line) => line.amount !== 0) as LedgerLine[];
}
