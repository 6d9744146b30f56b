import { describe, expect, it } from 'vitest';
import { hostShare, quoteStay, type QuotableListing } from './quote.ts';

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

  it('rounds months and weeks up and prices an empty stay at nothing', () => {
    expect(quoteStay(sublet, { checkIn: '2027-03-01', checkOut: '2027-04-05' }).units).toBe(2);
    expect(quoteStay({ ...rental, cleaningFee: 100 }, { checkIn: '2027-03-01', checkOut: '2027-03-01' }).total).toBe(0);
  });
});
