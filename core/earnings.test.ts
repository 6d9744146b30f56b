import { describe, expect, it } from 'vitest';
import { hostEarningsByMonth, payoutDue, type HostLedgerTransaction } from './earnings.ts';
import { captureLines, onArrivalFeeLines, payoutLines, refundLines, type LedgerKind, type LedgerLine } from './ledger-rules.ts';

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
      { month: '2030-02', stays: 0, earned: -1000, refunded: 0, serviceFees: -100, paidOut: 0, pending: 0 },
      { month: '2030-01', stays: 1, earned: 1000, refunded: 0, serviceFees: 100, paidOut: 0, pending: 0 },
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
