import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDaysIso, daysBetween } from './dates.ts';
import { dueDaysBeforeBounds } from './constants.ts';
import { defaultDueDaysBefore, paymentSchedule, refundOfPaidPart, splitByWeights, type ScheduleQuote } from './payment-schedule.ts';
import { addMonthsIso, monthlyPeriods, paidMonthly, proRataMonths } from './stay-months.ts';

const sublet = (subtotal: number, cleaningFee: number, serviceFee: number): ScheduleQuote => ({
  unit: 'month',
  subtotal,
  cleaningFee,
  serviceFee,
  total: subtotal + serviceFee,
});

describe('months from check-in', () => {
  it("keeps the check-in's day, or the month's last day when it has none", () => {
    expect(addMonthsIso('2027-01-10', 1)).toBe('2027-02-10');
    expect(addMonthsIso('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonthsIso('2028-01-31', 1)).toBe('2028-02-29'); // leap year
    // Anchored on check-in, not on the previous period: back to the 31st after February.
    expect(addMonthsIso('2027-01-31', 2)).toBe('2027-03-31');
    expect(addMonthsIso('2027-11-15', 3)).toBe('2028-02-15');
  });

  it('cuts a stay into whole months and the nights left', () => {
    expect(monthlyPeriods('2027-01-10', '2027-04-15')).toEqual([
      { start: '2027-01-10', end: '2027-02-10', nights: 31, monthNights: 31 },
      { start: '2027-02-10', end: '2027-03-10', nights: 28, monthNights: 28 },
      { start: '2027-03-10', end: '2027-04-10', nights: 31, monthNights: 31 },
      { start: '2027-04-10', end: '2027-04-15', nights: 5, monthNights: 30 },
    ]);
    expect(monthlyPeriods('2027-01-31', '2027-03-31').map((period) => [period.start, period.nights])).toEqual([
      ['2027-01-31', 28],
      ['2027-02-28', 31],
    ]);
  });

  it('counts a part-month by its nights (issue 37 item 9: 35 nights are not two whole months)', () => {
    expect(proRataMonths('2027-01-01', '2027-02-05')).toBeCloseTo(1 + 4 / 28, 10);
    expect(proRataMonths('2027-03-01', '2027-06-01')).toBe(3);
    expect(proRataMonths('2027-02-01', '2027-03-01')).toBe(1); // February is a whole month too
  });
});

describe('splitting an amount', () => {
  it('adds up exactly and gives the remainder to the largest fractions', () => {
    expect(splitByWeights(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitByWeights(10, [1, 0, 3])).toEqual([3, 0, 7]);
    expect(splitByWeights(7, [0, 0])).toEqual([7, 0]);
    expect(splitByWeights(0, [1, 2])).toEqual([0, 0]);
  });

  it('never makes or loses a unit, whatever the weights', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999_999 }),
        fc.array(fc.double({ min: 0, max: 50, noNaN: true }), { minLength: 1, maxLength: 30 }),
        (total, weights) => {
          const shares = splitByWeights(total, weights);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
          expect(shares.every((share) => Number.isInteger(share) && share >= 0)).toBe(true);
        },
      ),
    );
  });
});

describe('the payment schedule', () => {
  it('charges a stay shorter than 28 nights once, at booking', () => {
    expect(paidMonthly(27)).toBe(false);
    const [only, ...rest] = paymentSchedule(
      sublet(4400, 200, 528),
      { checkIn: '2027-03-01', checkOut: '2027-03-28' },
      { bookedOn: '2027-01-05' },
    );
    expect(rest).toEqual([]);
    expect(only).toMatchObject({
      sequence: 0,
      dueOn: '2027-01-05',
      nights: 27,
      stay: 4200,
      cleaningFee: 200,
      serviceFee: 528,
      amount: 4928,
    });
  });

  it('pays 28 nights month by month: one period', () => {
    expect(paidMonthly(28)).toBe(true);
    const schedule = paymentSchedule(sublet(4200, 0, 504), { checkIn: '2027-02-01', checkOut: '2027-03-01' }, { bookedOn: '2027-01-05' });
    expect(schedule).toHaveLength(1);
    expect(schedule[0]).toMatchObject({ start: '2027-02-01', end: '2027-03-01', amount: 4704 });
  });

  it('takes the first month with the cleaning fee at booking, then each month 3 days before it starts', () => {
    // Three months of a ₪4,200 sublet with ₪300 cleaning and a 12 % service fee.
    const quote = sublet(3 * 4200 + 300, 300, Math.round((3 * 4200 + 300) * 0.12));
    const schedule = paymentSchedule(quote, { checkIn: '2027-03-10', checkOut: '2027-06-10' }, { bookedOn: '2027-02-01' });
    expect(schedule.map((payment) => [payment.dueOn, payment.stay, payment.cleaningFee, payment.amount])).toEqual([
      ['2027-02-01', 4200, 300, 4200 + 300 + 540],
      ['2027-04-07', 4200, 0, 4200 + 504],
      ['2027-05-07', 4200, 0, 4200 + 504],
    ]);
    expect(schedule.reduce((sum, payment) => sum + payment.amount, 0)).toBe(quote.total);
  });

  it('dates each later month by the due days it is given, from 0 (the day it starts) to 14 (decision 060)', () => {
    const quote = sublet(3 * 4200, 0, 0);
    const dueOn = (dueDaysBefore: number) =>
      paymentSchedule(quote, { checkIn: '2027-03-10', checkOut: '2027-06-10' }, { bookedOn: '2027-02-01', dueDaysBefore }).map(
        (payment) => payment.dueOn,
      );
    expect(dueOn(dueDaysBeforeBounds.min)).toEqual(['2027-02-01', '2027-04-10', '2027-05-10']);
    expect(dueOn(defaultDueDaysBefore)).toEqual(['2027-02-01', '2027-04-07', '2027-05-07']);
    expect(dueOn(dueDaysBeforeBounds.max)).toEqual(['2027-02-01', '2027-03-27', '2027-04-26']);
  });

  it('charges the last part-month pro rata by its nights', () => {
    // A month and 5 nights of a 30-night April.
    const schedule = paymentSchedule(
      sublet(3000 + 500, 0, 0),
      { checkIn: '2027-03-10', checkOut: '2027-04-15' },
      { bookedOn: '2027-03-01' },
    );
    expect(schedule.map((payment) => [payment.nights, payment.stay])).toEqual([
      [31, 3000],
      [5, 500],
    ]);
  });

  it('weighs periods by nights for a stay priced by the night', () => {
    const quote: ScheduleQuote = { unit: 'night', subtotal: 59 * 100, cleaningFee: 0, serviceFee: 0, total: 59 * 100 };
    const schedule = paymentSchedule(quote, { checkIn: '2027-01-01', checkOut: '2027-03-01' }, { bookedOn: '2026-12-01' });
    expect(schedule.map((payment) => [payment.nights, payment.stay])).toEqual([
      [31, 3100],
      [28, 2800],
    ]);
  });

  it('never dates a payment before the booking (a stay booked two days before its second month)', () => {
    const schedule = paymentSchedule(sublet(8400, 0, 0), { checkIn: '2027-01-01', checkOut: '2027-03-01' }, { bookedOn: '2027-01-30' });
    expect(schedule.map((payment) => payment.dueOn)).toEqual(['2027-01-30', '2027-01-30']);
  });

  it('covers every night once and adds up to the quote, for any long stay', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 700 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 30_000 }),
        fc.constantFrom<ScheduleQuote['unit']>('month', 'week', 'night'),
        (offset, nights, price, cleaningFee, serviceFee, unit) => {
          const checkIn = addDaysIso('2027-01-01', offset);
          const checkOut = addDaysIso(checkIn, nights);
          const quote: ScheduleQuote = {
            unit,
            subtotal: price + cleaningFee,
            cleaningFee,
            serviceFee,
            total: price + cleaningFee + serviceFee,
          };
          const schedule = paymentSchedule(quote, { checkIn, checkOut }, { bookedOn: '2026-12-31' });
          expect(schedule.reduce((sum, payment) => sum + payment.amount, 0)).toBe(quote.total);
          expect(schedule.reduce((sum, payment) => sum + payment.nights, 0)).toBe(nights);
          expect(schedule[0]!.start).toBe(checkIn);
          expect(schedule.at(-1)!.end).toBe(checkOut);
          for (const [index, payment] of schedule.entries()) {
            if (index > 0) expect(payment.start).toBe(schedule[index - 1]!.end);
            expect(daysBetween(payment.start, payment.end)).toBe(payment.nights);
            expect(payment.dueOn <= payment.start || index === 0).toBe(true);
          }
          expect(schedule.length === 1 || nights >= 28).toBe(true);
        },
      ),
    );
  });
});

describe('refundOfPaidPart (a long stay cancelled after some periods were paid)', () => {
  const policy = { refund: 6000, refundSubtotal: 5500, refundServiceFee: 500 };
  it('gives back what was paid beyond what the policy keeps, never more than was paid', () => {
    // Total 12,000, the policy keeps 6,000: paid 7,000 → 1,000 back; paid 5,000 → nothing back.
    expect(refundOfPaidPart(policy, { total: 12_000, paid: 7000, paidFee: 580 })).toEqual({
      refund: 1000,
      refundSubtotal: 917,
      refundServiceFee: 83,
      kept: 6000,
    });
    expect(refundOfPaidPart(policy, { total: 12_000, paid: 5000, paidFee: 400 }).refund).toBe(0);
    // Everything paid: the policy's refund as it is.
    expect(refundOfPaidPart(policy, { total: 12_000, paid: 12_000, paidFee: 1000 })).toMatchObject(policy);
  });
});
