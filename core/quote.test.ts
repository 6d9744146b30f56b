import { describe, expect, it } from 'vitest';
import { hostShare, maxStayTotal, quoteProblem, quoteStay, type QuotableListing } from './quote.ts';
import { withSchedule } from './payment-schedule.ts';

const hotel: QuotableListing = { propertyType: 'hotel', pricePerNight: 500, pricePerWeek: null, pricePerMonth: null };
const rental: QuotableListing = { propertyType: 'rental', pricePerNight: null, pricePerWeek: 3000, pricePerMonth: null };
const sublet: QuotableListing = { propertyType: 'sublet', pricePerNight: null, pricePerWeek: null, pricePerMonth: 9000 };

describe('quoteStay', () => {
  it('prices a hotel by nights and rooms, with the service fee at the given rate', () => {
    const quote = quoteStay(hotel, { checkIn: '2027-03-01', checkOut: '2027-03-04', rooms: 2 }, { serviceFeeRate: 0.12 });
    expect(quote).toMatchObject({
      unit: 'night',
      units: 3,
      rooms: 2,
      stayPrice: 3000,
      subtotal: 3000,
      serviceFee: 360,
      total: 3360,
      deposit: 0,
    });
    expect(hostShare(quote)).toBe(3000);
  });

  it('adds the cleaning fee and holds the deposit apart', () => {
    const quote = quoteStay({ ...rental, cleaningFee: 250, securityDeposit: 1000 }, { checkIn: '2027-03-01', checkOut: '2027-03-08' });
    expect(quote).toMatchObject({
      units: 1,
      stayPrice: 3000,
      cleaningFee: 250,
      subtotal: 3250,
      serviceFee: 325,
      total: 3575,
      deposit: 1000,
    });
  });

  it('takes the weekly discount from 7 nights and the monthly one from 28, never both', () => {
    const fees = { weeklyDiscountPercent: 10, monthlyDiscountPercent: 20 };
    expect(quoteStay({ ...hotel, ...fees }, { checkIn: '2027-03-01', checkOut: '2027-03-07' }).discount).toBeNull();
    expect(quoteStay({ ...hotel, ...fees }, { checkIn: '2027-03-01', checkOut: '2027-03-08' }).discount).toEqual({
      kind: 'weekly',
      percent: 10,
      amount: 350,
    });
    const month = quoteStay({ ...hotel, ...fees }, { checkIn: '2027-03-01', checkOut: '2027-03-29' });
    expect(month.discount).toEqual({ kind: 'monthly', percent: 20, amount: 2800 });
    expect(month.subtotal).toBe(14_000 - 2800);
    // Without a monthly discount, a long stay still gets the weekly one.
    expect(quoteStay({ ...hotel, weeklyDiscountPercent: 10 }, { checkIn: '2027-03-01', checkOut: '2027-03-29' }).discount?.kind).toBe(
      'weekly',
    );
  });

  it('charges extra guests per night above those included, infants free, homes only', () => {
    const fees = { extraGuestFee: 50, guestsIncluded: 2 };
    const quote = quoteStay({ ...sublet, ...fees }, { checkIn: '2027-03-01', checkOut: '2027-03-31', guests: 4, children: [1, 8] });
    expect(quote.extraGuests).toEqual({ guests: 1, nights: 30, fee: 50, amount: 1500 });
    expect(quote.subtotal).toBe(10_500);
    expect(quoteStay({ ...hotel, ...fees }, { checkIn: '2027-03-01', checkOut: '2027-03-02', guests: 4 }).extraGuests).toBeNull();
    expect(
      quoteStay({ ...sublet, extraGuestFee: 50, guestsIncluded: null }, { checkIn: '2027-03-01', checkOut: '2027-03-31', guests: 4 })
        .extraGuests,
    ).toBeNull();
  });

  it('rounds a short sublet up to its month, prices a long one pro rata by nights, and an empty stay at nothing', () => {
    // Under 28 nights a sublet pays its month.
    expect(quoteStay(sublet, { checkIn: '2027-03-01', checkOut: '2027-03-28' }).units).toBe(1);
    // 35 nights: March and 4 of April's 30 nights (issue 37 item 9), not two whole months.
    const long = quoteStay(sublet, { checkIn: '2027-03-01', checkOut: '2027-04-05' });
    expect(long.units).toBe(1.13);
    expect(long.stayPrice).toBe(Math.round(1.13 * 9000));
    // 28 nights in a 31-day month is never less than a month.
    expect(quoteStay(sublet, { checkIn: '2027-01-01', checkOut: '2027-01-29' }).units).toBe(1);
    // A 28-night February is exactly one month; three whole months are three.
    expect(quoteStay(sublet, { checkIn: '2027-02-01', checkOut: '2027-03-01' }).units).toBe(1);
    expect(quoteStay(sublet, { checkIn: '2027-01-31', checkOut: '2027-04-30' }).units).toBe(3);
    expect(quoteStay({ ...rental, cleaningFee: 100 }, { checkIn: '2027-03-01', checkOut: '2027-03-01' }).total).toBe(0);
  });
});

describe('quoteProblem (the largest stay a booking may cost)', () => {
  const hotel: QuotableListing = { propertyType: 'hotel', pricePerNight: 1_000_000, pricePerWeek: null, pricePerMonth: null };

  it('refuses a total beyond ₪999,999: under PostgreSQL integer and under Stripe’s largest charge', () => {
    expect(maxStayTotal * 100).toBeLessThanOrEqual(99_999_999);
    expect(maxStayTotal).toBeLessThan(2 ** 31 - 1);
    // ₪1,000,000 a night × 8 rooms × 365 nights: 2,920,000,000 before the fee, beyond `integer`.
    const huge = quoteStay(hotel, { checkIn: '2027-01-01', checkOut: '2028-01-01', rooms: 8 }, { serviceFeeRate: 0.1 });
    expect(huge.total).toBeGreaterThan(2 ** 31);
    expect(quoteProblem(huge)).toBe('stay_total_too_high');
  });

  it('accepts a total of exactly the cap, and refuses one shekel more', () => {
    const listing: QuotableListing = { propertyType: 'hotel', pricePerNight: maxStayTotal, pricePerWeek: null, pricePerMonth: null };
    const stay = { checkIn: '2027-01-01', checkOut: '2027-01-02' };
    expect(quoteProblem(quoteStay(listing, stay, { serviceFeeRate: 0 }))).toBeNull();
    expect(quoteProblem(quoteStay({ ...listing, pricePerNight: maxStayTotal + 1 }, stay, { serviceFeeRate: 0 }))).toBe(
      'stay_total_too_high',
    );
    // The fee counts: the guest pays the total.
    expect(quoteProblem(quoteStay(listing, stay, { serviceFeeRate: 0.1 }))).toBe('stay_total_too_high');
  });
});

describe('the payment schedule on the quote (issue 37 item 1)', () => {
  const sublet: QuotableListing = {
    propertyType: 'sublet',
    pricePerNight: null,
    pricePerWeek: null,
    pricePerMonth: 4200,
    cleaningFee: 300,
  };

  it('comes with a long stay quoted on its booking day, and adds up to the total', () => {
    const quote = withSchedule(
      quoteStay(sublet, { checkIn: '2027-03-10', checkOut: '2027-06-10' }, { serviceFeeRate: 0.1 }),
      { checkIn: '2027-03-10', checkOut: '2027-06-10' },
      { bookedOn: '2027-02-01' },
    );
    expect(quote.units).toBe(3);
    expect(quote.schedule?.map((payment) => [payment.start, payment.dueOn, payment.amount])).toEqual([
      ['2027-03-10', '2027-02-01', 4950],
      ['2027-04-10', '2027-04-07', 4620],
      ['2027-05-10', '2027-05-07', 4620],
    ]);
    expect(quote.schedule?.reduce((sum, payment) => sum + payment.amount, 0)).toBe(quote.total);
  });

  it('is absent under 28 nights or without a booking day', () => {
    expect(
      withSchedule(
        quoteStay(sublet, { checkIn: '2027-03-10', checkOut: '2027-04-06' }),
        { checkIn: '2027-03-10', checkOut: '2027-04-06' },
        { bookedOn: '2027-02-01' },
      ).schedule,
    ).toBeUndefined();
    expect(quoteStay(sublet, { checkIn: '2027-03-10', checkOut: '2027-06-10' }).schedule).toBeUndefined();
  });

  it('pays a last part-month by its nights', () => {
    const quote = withSchedule(
      quoteStay(sublet, { checkIn: '2027-03-10', checkOut: '2027-05-24' }, { serviceFeeRate: 0 }),
      { checkIn: '2027-03-10', checkOut: '2027-05-24' },
      { bookedOn: '2027-03-01' },
    );
    // March 10 → April 10 whole (1), April 10 → May 10 whole (1), May 10 → 24: 14 of 31 nights.
    expect(quote.units).toBe(2.45);
    expect(quote.schedule?.map((payment) => payment.nights)).toEqual([31, 30, 14]);
    expect(quote.schedule?.reduce((sum, payment) => sum + payment.amount, 0)).toBe(quote.total);
  });
});
