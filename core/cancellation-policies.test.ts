import { describe, expect, it } from 'vitest';
import { cancellationRefund, freeCancellationUntil, policyOfStay, type CancellationPolicy } from './cancellation-policies.ts';
import { israelInstant } from './dates.ts';
import { quoteStay } from './quote.ts';

const hour = 3_600_000;
const checkInAt = israelInstant('2027-03-20', '15:00');
const bookedAt = new Date(checkInAt.getTime() - 60 * 24 * hour);
// 4 nights at ₪500, cleaning ₪200, 10 % fee: subtotal 2200, fee 220, total 2420.
const quote = quoteStay(
  { propertyType: 'rental', pricePerNight: null, pricePerWeek: 3500, pricePerMonth: null, cleaningFee: 200 },
  { checkIn: '2027-03-20', checkOut: '2027-03-24' },
);

function refundAt(policy: CancellationPolicy, hoursBefore: number, booked = bookedAt) {
  return cancellationRefund({
    policy,
    quote,
    bookedAt: booked,
    checkInAt,
    cancelledAt: new Date(checkInAt.getTime() - hoursBefore * hour),
    by: 'guest',
  });
}

describe('cancellationRefund', () => {
  it('refunds everything at the deadline and keeps the first night one second later (flexible)', () => {
    expect(quote).toMatchObject({ nights: 4, subtotal: 3700, cleaningFee: 200, serviceFee: 370, total: 4070 });
    expect(refundAt('flexible', 24)).toMatchObject({ tier: 'full', refund: 4070, kept: 0 });
    // Accommodation 3500 over 4 nights: the first night is 875; the fee comes back in the subtotal's share.
    const late = refundAt('flexible', 24 - 1 / 3600);
    expect(late).toMatchObject({ tier: 'partial', refundSubtotal: 2825, refundServiceFee: 283 });
    expect(late.refund + late.kept).toBe(4070);
  });

  it('keeps half of the stay inside five days (moderate)', () => {
    expect(refundAt('moderate', 120).tier).toBe('full');
    expect(refundAt('moderate', 119)).toMatchObject({ tier: 'partial', refundSubtotal: 1950, refundServiceFee: 195, refund: 2145 });
  });

  it('refunds half from 14 to 7 days and only the cleaning fee later (strict)', () => {
    expect(refundAt('strict', 14 * 24).tier).toBe('full');
    expect(refundAt('strict', 14 * 24 - 1).refundSubtotal).toBe(1950);
    expect(refundAt('strict', 7 * 24).refundSubtotal).toBe(1950);
    expect(refundAt('strict', 7 * 24 - 1)).toMatchObject({ tier: 'partial', refundSubtotal: 200, refundServiceFee: 20, kept: 3850 });
  });

  it('refunds a long stay in full within the grace period, then keeps the first month', () => {
    const sublet = quoteStay(
      { propertyType: 'sublet', pricePerNight: null, pricePerWeek: null, pricePerMonth: 6000 },
      { checkIn: '2027-03-20', checkOut: '2027-05-19' },
    );
    const refund = (sinceBookingHours: number) =>
      cancellationRefund({
        policy: 'long_stay',
        quote: sublet,
        bookedAt,
        checkInAt,
        cancelledAt: new Date(bookedAt.getTime() + sinceBookingHours * hour),
        by: 'guest',
      });
    expect(refund(47.9).tier).toBe('grace');
    // 60 nights: March 20 → April 20 and 29 of the next month's 30 nights, 1.97 months (issue 37 item 9):
    // 11 820; the first 30 nights (half) are kept; the fee (1 182) comes back by half.
    expect(sublet.subtotal).toBe(11_820);
    expect(refund(48)).toMatchObject({ tier: 'partial', refundSubtotal: 5910, refundServiceFee: 591, refund: 6501, kept: 6501 });
  });

  it('refunds everything when the host cancels', () => {
    expect(cancellationRefund({ policy: 'strict', quote, bookedAt, checkInAt, cancelledAt: checkInAt, by: 'host' })).toMatchObject({
      tier: 'host',
      refund: 4070,
    });
  });
});

describe('policyOfStay', () => {
  it('makes sublets and stays of 28 nights long stays', () => {
    expect(policyOfStay({ propertyType: 'sublet', cancellationPolicy: 'flexible' }, 30)).toBe('long_stay');
    expect(policyOfStay({ propertyType: 'hotel', cancellationPolicy: 'flexible' }, 28)).toBe('long_stay');
    expect(policyOfStay({ propertyType: 'hotel', cancellationPolicy: 'strict' }, 27)).toBe('strict');
  });
});

describe('freeCancellationUntil', () => {
  it('gives the first deadline, the end of the grace period, or none', () => {
    expect(freeCancellationUntil('moderate', bookedAt, checkInAt)).toEqual(new Date(checkInAt.getTime() - 120 * hour));
    expect(freeCancellationUntil('long_stay', bookedAt, checkInAt)).toEqual(new Date(bookedAt.getTime() + 48 * hour));
  });
});

describe('israelInstant', () => {
  it('reads a time on Israel’s clock in winter and summer', () => {
    expect(israelInstant('2027-01-10', '15:00').toISOString()).toBe('2027-01-10T13:00:00.000Z');
    expect(israelInstant('2027-07-10', '15:00').toISOString()).toBe('2027-07-10T12:00:00.000Z');
  });
});
