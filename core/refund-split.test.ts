import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feesOfParts, planRefundSplit, refundOrder, remainingOf, type RefundableCharge } from './refund-split.ts';

const day = 86_400_000;
/** A three-month stay: the first month captured with its hold, the next two charged on their due days. */
const months: RefundableCharge[] = [
  { id: 'capture-0', chargedAt: 1 * day, amount: 4500, refunded: 0 },
  { id: 'period-1', chargedAt: 31 * day, amount: 4200, refunded: 0 },
  { id: 'period-2', chargedAt: 59 * day, amount: 4200, refunded: 0 },
];

describe('a refund split over the charges of a stay', () => {
  it('takes a refund that fits on the newest charge from it alone', () => {
    expect(planRefundSplit(months, 1000)).toEqual([{ chargeId: 'period-2', amount: 1000 }]);
    expect(planRefundSplit(months, 4200)).toEqual([{ chargeId: 'period-2', amount: 4200 }]);
  });

  it('spends the newest charge, then the one before, whatever order the charges come in', () => {
    expect(planRefundSplit([...months].reverse(), 4201)).toEqual([
      { chargeId: 'period-2', amount: 4200 },
      { chargeId: 'period-1', amount: 1 },
    ]);
    expect(planRefundSplit(months, 12_900)).toEqual([
      { chargeId: 'period-2', amount: 4200 },
      { chargeId: 'period-1', amount: 4200 },
      { chargeId: 'capture-0', amount: 4500 },
    ]);
  });

  it('takes only what remains on a charge, and skips one already given back', () => {
    const refundedBefore = [
      { ...months[0]!, refunded: 500 },
      { ...months[1]!, refunded: 4200 },
      { ...months[2]!, refunded: 4000 },
    ];
    expect(planRefundSplit(refundedBefore, 4000)).toEqual([
      { chargeId: 'period-2', amount: 200 },
      { chargeId: 'capture-0', amount: 3800 },
    ]);
    // Everything left: 200 + 0 + 4000.
    expect(planRefundSplit(refundedBefore, 4200)).toHaveLength(2);
    expect(planRefundSplit(refundedBefore, 4201)).toBeNull();
  });

  it('refuses a refund larger than everything the charges can still give back, rather than send part of it', () => {
    expect(planRefundSplit(months, 12_901)).toBeNull();
    expect(planRefundSplit([], 1)).toBeNull();
    // Nothing asked: nothing sent, even with no charges at all.
    expect(planRefundSplit([], 0)).toEqual([]);
    expect(planRefundSplit(months, 0)).toEqual([]);
  });

  it('is asked for whole, non-negative shekels only', () => {
    expect(() => planRefundSplit(months, -1)).toThrow(RangeError);
    expect(() => planRefundSplit(months, 10.5)).toThrow(RangeError);
  });

  it('orders charges taken at the same moment by id, so the same charges always give the same plan', () => {
    const same = [
      { id: 'b', chargedAt: day, amount: 10, refunded: 0 },
      { id: 'a', chargedAt: day, amount: 10, refunded: 0 },
    ];
    expect(refundOrder(same).map((charge) => charge.id)).toEqual(['a', 'b']);
    expect(planRefundSplit(same, 15)).toEqual(planRefundSplit([...same].reverse(), 15));
  });

  it("shares the refund's fee over the parts by their amounts, adding up to it exactly", () => {
    const parts = planRefundSplit(months, 9000)!;
    const fees = feesOfParts(parts, 667);
    expect(fees.reduce((sum, fee) => sum + fee, 0)).toBe(667);
    expect(fees).toEqual([311, 311, 45]);
    // Never more fee than the refund itself.
    expect(feesOfParts([{ chargeId: 'x', amount: 5 }], 9)).toEqual([5]);
    expect(feesOfParts([], 9)).toEqual([]);
  });
});

describe('a refund split, over any charges (property)', () => {
  const charge = fc.record({
    chargedAt: fc.integer({ min: 0, max: 400 * day }),
    amount: fc.integer({ min: 0, max: 60_000 }),
    refundedShare: fc.double({ min: 0, max: 1.2, noNaN: true }),
  });
  const charges = fc.array(charge, { maxLength: 14 }).map((list) =>
    list.map((c, index) => ({
      id: `c${index}`,
      chargedAt: c.chargedAt,
      amount: c.amount,
      refunded: Math.floor(c.amount * c.refundedShare),
    })),
  );
  /** An amount up to a little over what the charges can give back, so that both outcomes are drawn. */
  const withAmount = charges.chain((list) => {
    const left = list.reduce((sum, c) => sum + remainingOf(c), 0);
    return fc.tuple(fc.constant(list), fc.integer({ min: 0, max: left + 50 }));
  });

  it('adds up to the amount, no part over what remains on its charge, newest first; or refuses only what cannot be given back', () => {
    fc.assert(
      fc.property(withAmount, fc.integer({ min: 0, max: 100_000 }), ([list, amount], fee) => {
        const left = list.reduce((sum, c) => sum + remainingOf(c), 0);
        const parts = planRefundSplit(list, amount);
        if (amount > left) {
          expect(parts).toBeNull();
          return;
        }
        expect(parts).not.toBeNull();
        const plan = parts!;
        expect(plan.reduce((sum, part) => sum + part.amount, 0)).toBe(amount);
        const byId = new Map(list.map((c) => [c.id, c]));
        // Each part is positive, on a charge of the stay, once, and never more than that charge can still give back.
        expect(new Set(plan.map((part) => part.chargeId)).size).toBe(plan.length);
        for (const part of plan) {
          expect(part.amount).toBeGreaterThan(0);
          expect(part.amount).toBeLessThanOrEqual(remainingOf(byId.get(part.chargeId)!));
        }
        // Newest first (taken later, or at the same moment with a smaller id): the parts go from newer
        // to older, and a charge is used only when every newer one is spent.
        const newer = (a: RefundableCharge, b: RefundableCharge) =>
          a.chargedAt > b.chargedAt || (a.chargedAt === b.chargedAt && a.id < b.id);
        plan.slice(1).forEach((part, index) => expect(newer(byId.get(plan[index]!.chargeId)!, byId.get(part.chargeId)!)).toBe(true));
        for (const part of plan) {
          for (const other of list.filter((c) => newer(c, byId.get(part.chargeId)!))) {
            expect(plan.find((candidate) => candidate.chargeId === other.id)?.amount ?? 0).toBe(remainingOf(other));
          }
        }
        // Its fee shares add up to the fee (at most the refund), none over its part.
        const fees = feesOfParts(plan, fee);
        expect(fees.reduce((sum, share) => sum + share, 0)).toBe(Math.min(fee, amount));
        fees.forEach((share, index) => expect(share).toBeLessThanOrEqual(plan[index]!.amount));
      }),
      { numRuns: 500 },
    );
  });
});
