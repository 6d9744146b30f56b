import { describe, expect, it } from 'vitest';
import { feesOwedNet, hostEarningsByMonth, payoutDue, type HostLedgerTransaction } from './earnings.ts';
import {
  captureLines,
  feePaymentLines,
  isBalanced,
  onArrivalFeeLines,
  payoutLines,
  refundLines,
  type LedgerKind,
  type LedgerLine,
} from './ledger-rules.ts';

/** A transaction as the server reads it: its lines summed per account. */
function tx(
  month: string,
  kind: LedgerKind,
  lines: LedgerLine[],
  booking?: { id: string; total: number; fee: number },
): HostLedgerTransaction {
  const sum = (account: string) => lines.filter((line) => line.account === account).reduce((total, line) => total + line.amount, 0);
  return {
    month,
    kind,
    bookingId: booking?.id ?? null,
    bookingTotal: booking?.total ?? null,
    bookingFee: booking?.fee ?? null,
    hostPayable: sum('host_payable'),
    hostOwesFees: sum('host_owes_fees'),
    platformFees: sum('platform_fees'),
    providerBalance: sum('provider_balance'),
  };
}

describe('hostEarningsByMonth', () => {
  it('takes back the share of a stay paid on arrival in the month it is cancelled', () => {
    const stay = { id: 'b1', total: 1100, fee: 100 };
    const result = hostEarningsByMonth([
      tx('2030-01', 'fee_on_arrival', onArrivalFeeLines(100), stay),
      tx('2030-02', 'fee_reversal', onArrivalFeeLines(-100), stay),
    ]);
    expect(result.months).toEqual([
      { month: '2030-02', stays: 0, earned: -1000, refunded: 0, serviceFees: -100, paidOut: 0, pending: 0, feesPaid: 0, feesDue: 0 },
      { month: '2030-01', stays: 1, earned: 1000, refunded: 0, serviceFees: 100, paidOut: 0, pending: 0, feesPaid: 0, feesDue: 0 },
    ]);
    expect([result.due, result.feesOwed]).toEqual([0, 0]);
  });

  it('sets what is owed against the latest months: payouts settle the oldest earnings first', () => {
    const result = hostEarningsByMonth([
      tx('2030-01', 'capture', captureLines(1100, 100), { id: 'a', total: 1100, fee: 100 }),
      tx('2030-02', 'capture', captureLines(2200, 200), { id: 'b', total: 2200, fee: 200 }),
      tx('2030-03', 'payout', payoutLines(1500, 0)),
      tx('2030-03', 'refund', refundLines(100, 10), { id: 'b', total: 2200, fee: 200 }),
    ]);
    // Owed: 1,000 + 2,000 − 100 − 1,500 paid = 1,400: all of February's 2,000 but 600 is still pending.
    expect(result.due).toBe(1400);
    expect(result.months.map((m) => [m.month, m.pending])).toEqual([
      ['2030-03', 0],
      ['2030-02', 1400],
      ['2030-01', 0],
    ]);
  });

  it('says what the host owes when the fees of stays paid on arrival exceed what is owed to them', () => {
    const result = hostEarningsByMonth([
      tx('2030-01', 'capture', captureLines(110, 10), { id: 'a', total: 110, fee: 10 }),
      tx('2030-01', 'fee_on_arrival', onArrivalFeeLines(300), { id: 'b', total: 3300, fee: 300 }),
    ]);
    expect([result.due, result.feesOwed]).toEqual([0, 200]);
    expect(payoutDue({ payable: 100, feesOwed: 300 })).toBe(0);
    expect(payoutDue({ payable: 1000, feesOwed: 300 })).toBe(700);
  });
});

describe('fees owed and paid (decision 057)', () => {
  it('keeps a fee payment balanced, netting what card stays owe the host', () => {
    expect(feePaymentLines(300, { payable: 0, feesOwed: 500 })).toEqual([
      { account: 'provider_balance', amount: 300 },
      { account: 'host_owes_fees', amount: -300 },
    ]);
    const netted = feePaymentLines(600, { payable: 400, feesOwed: 1000 });
    expect(isBalanced(netted)).toBe(true);
    expect(netted).toContainEqual({ account: 'host_payable', amount: 400 });
    expect(netted).toContainEqual({ account: 'host_owes_fees', amount: -1000 });
    // A partial payment nets what it can and leaves the rest owed.
    const partial = feePaymentLines(100, { payable: 400, feesOwed: 1000 });
    expect(isBalanced(partial)).toBe(true);
    expect(partial).toContainEqual({ account: 'host_owes_fees', amount: -500 });
  });

  it('owes net of what card stays owe the host, never below zero', () => {
    expect(feesOwedNet({ payable: 400, feesOwed: 1000 })).toBe(600);
    expect(feesOwedNet({ payable: 1000, feesOwed: 400 })).toBe(0);
    expect(feesOwedNet({ payable: 0, feesOwed: 0 })).toBe(0);
  });

  it('shows the fees still owed per month, the oldest settled first, and what was paid', () => {
    const a = { id: 'a', total: 1100, fee: 100 };
    const b = { id: 'b', total: 2200, fee: 200 };
    const result = hostEarningsByMonth([
      tx('2030-01', 'fee_on_arrival', onArrivalFeeLines(100), a),
      tx('2030-02', 'fee_on_arrival', onArrivalFeeLines(200), b),
      tx('2030-03', 'fee_payment', feePaymentLines(150, { payable: 0, feesOwed: 300 })),
    ]);
    expect(result.feesOwed).toBe(150);
    expect(result.months.map((m) => [m.month, m.feesDue, m.feesPaid])).toEqual([
      ['2030-03', 0, 150],
      ['2030-02', 150, 0],
      ['2030-01', 0, 0],
    ]);
    // Paying the rest leaves nothing owed, and nothing pending either.
    const settled = hostEarningsByMonth([
      tx('2030-01', 'fee_on_arrival', onArrivalFeeLines(100), a),
      tx('2030-02', 'fee_payment', feePaymentLines(100, { payable: 0, feesOwed: 100 })),
    ]);
    expect([settled.feesOwed, settled.due]).toEqual([0, 0]);
    expect(settled.months.every((m) => m.feesDue === 0 && m.pending === 0)).toBe(true);
  });
});
