import { describe, expect, it } from 'vitest';
import { israelInstant } from './dates.ts';
import { quoteStay, type QuotableListing } from './quote.ts';
import type { CancellationPolicy } from './cancellation-policies.ts';
import {
  extendByMonth,
  offersExtension,
  priceStayChange,
  stayChangeKind,
  stayChangeProblem,
  type StayChangeStay,
} from './stay-change-pricing.ts';

const hour = 3_600_000;
const sublet: QuotableListing = { propertyType: 'sublet', pricePerNight: null, pricePerWeek: null, pricePerMonth: 4200, cleaningFee: 300 };
const rental: QuotableListing = {
  propertyType: 'rental',
  pricePerNight: null,
  pricePerWeek: 3500,
  pricePerMonth: null,
  cleaningFee: 200,
  monthlyDiscountPercent: 10,
  extraGuestFee: 50,
  guestsIncluded: 2,
};
const hotel: QuotableListing = { propertyType: 'hotel', pricePerNight: 500, pricePerWeek: null, pricePerMonth: null };

function booked(listing: QuotableListing, stay: StayChangeStay, rate = 0.1) {
  const quote = quoteStay(listing, stay, { serviceFeeRate: rate });
  return { ...stay, quote, subtotal: quote.subtotal, serviceFee: quote.serviceFee, total: quote.total };
}

function price(
  listing: QuotableListing,
  stay: StayChangeStay,
  proposed: Omit<StayChangeStay, 'rooms'>,
  options: { policy?: CancellationPolicy; hoursBeforeCheckIn?: number; by?: 'guest' | 'host'; paid?: number } = {},
) {
  const current = booked(listing, stay);
  const checkInAt = israelInstant(stay.checkIn, '15:00');
  const at = new Date(checkInAt.getTime() - (options.hoursBeforeCheckIn ?? 30 * 24) * hour);
  return priceStayChange({
    listing,
    current,
    proposed,
    policy: options.policy ?? 'long_stay',
    bookedAt: new Date(checkInAt.getTime() - 90 * 24 * hour),
    checkInAt,
    at,
    proposedBy: options.by ?? 'guest',
    paid: options.paid ?? current.total,
  });
}

const party = { guests: 2, children: [] as number[] };
const stay = (checkIn: string, checkOut: string, rooms = 1): StayChangeStay => ({ checkIn, checkOut, rooms, ...party });

describe('priceStayChange: extensions', () => {
  it('charges one more month for a sublet extended by a month, the fee at the booked rate', () => {
    // Jan 1 → Mar 1 is 2 months, to Apr 1 is 3 months (months from check-in, the last part-month pro rata).
    const change = price(sublet, stay('2027-01-01', '2027-03-01'), { checkIn: '2027-01-01', checkOut: '2027-04-01', ...party });
    expect(change.kind).toBe('extension');
    expect(change.quote).toMatchObject({ units: 3, stayPrice: 12_600, subtotal: 12_900, serviceFee: 1290, total: 14_190 });
    expect(change).toMatchObject({ difference: 4620, charge: 4620, chargeServiceFee: 420, refund: 0, moneyBack: 0, total: 14_190 });
  });

  it('keeps the due days the booking was made with in the new quote (decision 060), and adds none to a quote without', () => {
    const current = booked(sublet, stay('2027-01-01', '2027-03-01'));
    const input = {
      listing: sublet,
      proposed: { checkIn: '2027-01-01', checkOut: '2027-04-01', ...party },
      policy: 'long_stay' as const,
      bookedAt: new Date('2026-11-01T10:00:00Z'),
      checkInAt: israelInstant('2027-01-01', '15:00'),
      at: new Date('2026-12-01T10:00:00Z'),
      proposedBy: 'guest' as const,
      paid: current.total,
    };
    expect(priceStayChange({ ...input, current: { ...current, quote: { ...current.quote, dueDaysBefore: 9 } } }).quote.dueDaysBefore).toBe(
      9,
    );
    expect(priceStayChange({ ...input, current }).quote).not.toHaveProperty('dueDaysBefore');
  });

  it('prices February as the month it is: 31 January to 28 February is 28 nights, one month', () => {
    expect(extendByMonth('2027-01-31')).toBe('2027-02-28');
    expect(extendByMonth('2028-01-31')).toBe('2028-02-29');
    expect(extendByMonth('2027-12-15')).toBe('2028-01-15');
    const change = price(sublet, stay('2026-12-31', '2027-01-31'), {
      checkIn: '2026-12-31',
      checkOut: extendByMonth('2027-01-31'),
      ...party,
    });
    // 31 December to 31 January is a month, and on to 28 February a second one (59 nights): one month more.
    expect(change.quote.nights).toBe(59);
    expect(change.quote.units).toBe(2);
    expect(change).toMatchObject({ difference: 4620, charge: 4620, refund: 0 });
  });

  it('gives back the whole difference when a longer stay crosses 28 nights and costs less per week', () => {
    // 21 nights: 3 weeks = 10,500 + 200 cleaning; 28 nights: 4 weeks = 14,000 less 10 % = 12,600 + 200.
    const crossing = price(rental, stay('2027-03-01', '2027-03-22'), { checkIn: '2027-03-01', checkOut: '2027-03-29', ...party });
    expect(crossing.quote.discount).toMatchObject({ kind: 'monthly', amount: 1400 });
    expect(crossing).toMatchObject({ kind: 'extension', charge: 12_800 * 1.1 - 10_700 * 1.1, refund: 0 });
    // One night short of the threshold: no discount, a whole week more.
    const below = price(rental, stay('2027-03-01', '2027-03-22'), { checkIn: '2027-03-01', checkOut: '2027-03-28', ...party });
    expect(below.quote.discount).toBeNull();
    expect(below.charge).toBe(3500 + 350);
  });

  it('charges extra guests per night for the whole new stay', () => {
    const more = price(rental, stay('2027-03-01', '2027-03-08'), {
      checkIn: '2027-03-01',
      checkOut: '2027-03-08',
      guests: 4,
      children: [],
    });
    expect(
      stayChangeKind(stay('2027-03-01', '2027-03-08'), { checkIn: '2027-03-01', checkOut: '2027-03-08', guests: 4, children: [] }),
    ).toBe('guests');
    // 2 guests above those included × 7 nights × ₪50 = 700, plus its 10 % fee.
    expect(more).toMatchObject({ kind: 'guests', charge: 770 });
  });

  it('keeps the hotel rooms of the booking', () => {
    const change = price(hotel, stay('2027-05-01', '2027-05-03', 2), { checkIn: '2027-05-01', checkOut: '2027-05-04', ...party });
    expect(change.quote).toMatchObject({ rooms: 2, units: 3, stayPrice: 3000 });
    expect(change.charge).toBe(1100);
  });
});

describe('priceStayChange: shortenings', () => {
  it('refunds the nights given up when the policy would refund them', () => {
    // A 3-month sublet (1 January to 1 April: 12,900 + 1,290) shortened to 2 months, well after the grace period, before check-in:
    // the policy keeps the first 30 nights only, so the month given up comes back whole.
    const change = price(sublet, stay('2027-01-01', '2027-04-01'), { checkIn: '2027-01-01', checkOut: '2027-03-01', ...party });
    expect(change).toMatchObject({ kind: 'shortening', refund: 4620, refundSubtotal: 4200, refundServiceFee: 420, difference: -4620 });
    expect(change).toMatchObject({ total: 14_190 - 4620, moneyBack: 4620, keptByPolicy: 0 });
  });

  it('does not refund nights given up inside the long-stay policy’s first 30 nights', () => {
    // 2 months (8,400 + 300 cleaning) shortened to 14 nights (1 month): the price would fall by a month,
    // but the policy keeps the first 30 nights of accommodation, i.e. half of 8,400: the guest still pays 4,200 + 300.
    const change = price(sublet, stay('2027-01-01', '2027-03-01'), { checkIn: '2027-01-01', checkOut: '2027-01-15', ...party });
    expect(change.quote.total).toBe(4950);
    expect(change).toMatchObject({ refundSubtotal: 4200, refundServiceFee: 420, total: 9570 - 4620, keptByPolicy: 0 });
    // Shortened to 10 nights on a dearer sublet: the new price is still 1 month; the refund is the same month.
    const ten = price(sublet, stay('2027-01-01', '2027-03-01'), { checkIn: '2027-01-01', checkOut: '2027-01-11', ...party });
    expect(ten.refund).toBe(4620);
  });

  it('keeps half the stay under a moderate policy once inside 5 days, and everything before', () => {
    const current = stay('2027-03-01', '2027-03-15');
    const proposed = { checkIn: '2027-03-01', checkOut: '2027-03-08', ...party };
    // 2 weeks (7,000 + 200) → 1 week (3,500 + 200): the price falls by 3,500 + 350.
    const early = price(rental, current, proposed, { policy: 'moderate', hoursBeforeCheckIn: 5 * 24 });
    expect(early).toMatchObject({ refund: 3850, keptByPolicy: 0 });
    // One hour later the policy keeps half the accommodation (3,500): still all 3,500 given up comes back.
    const late = price(rental, current, proposed, { policy: 'moderate', hoursBeforeCheckIn: 5 * 24 - 1 });
    expect(late).toMatchObject({ refundSubtotal: 3500, refund: 3850 });
    // Three weeks (10,500 + 200, fee 1,070) shortened to one (3,500 + 200) inside the window: the price falls by
    // 7,000 + 700, but the policy keeps half the accommodation (5,250), so at most 5,450 + its fee share 545 comes back.
    const deep = price(rental, stay('2027-03-01', '2027-03-22'), proposed, { policy: 'moderate', hoursBeforeCheckIn: 24 });
    expect(deep).toMatchObject({ refundSubtotal: 5450, refundServiceFee: 545, refund: 5995, keptByPolicy: 7700 - 5995 });
    expect(deep.total).toBe(11_770 - 5995);
  });

  it('keeps nothing when the host proposes the shortening', () => {
    const change = price(
      rental,
      stay('2027-03-01', '2027-03-15'),
      { checkIn: '2027-03-01', checkOut: '2027-03-02', ...party },
      {
        policy: 'strict',
        hoursBeforeCheckIn: 1,
        by: 'host',
      },
    );
    expect(change).toMatchObject({ refund: 7920 - 4070, keptByPolicy: 0 });
  });

  it('moves nothing back when nothing was paid (pay on arrival): the total owed falls', () => {
    const change = price(
      sublet,
      stay('2027-01-01', '2027-04-01'),
      { checkIn: '2027-01-01', checkOut: '2027-03-01', ...party },
      { paid: 0 },
    );
    expect(change).toMatchObject({ refund: 4620, moneyBack: 0, total: 9570 });
  });

  it('refunds by the policy once the stay has started (the last tier applies)', () => {
    const flexible = price(
      rental,
      stay('2027-03-01', '2027-03-15'),
      { checkIn: '2027-03-01', checkOut: '2027-03-08', ...party },
      {
        policy: 'flexible',
        hoursBeforeCheckIn: -48,
      },
    );
    // Flexible keeps the first night: far less than the 7 nights still owed, so the week given up comes back.
    expect(flexible.refund).toBe(3850);
  });
});

describe('stayChangeProblem', () => {
  const current = stay('2027-03-01', '2027-03-15');
  it('refuses no change, dates out of order and a past check-in', () => {
    expect(stayChangeProblem(current, { checkIn: '2027-03-01', checkOut: '2027-03-15', ...party }, '2027-02-01')).toBe(
      'stay_change_no_change',
    );
    expect(stayChangeProblem(current, { checkIn: '2027-03-05', checkOut: '2027-03-05', ...party }, '2027-02-01')).toBe(
      'stay_change_invalid_dates',
    );
    expect(stayChangeProblem(current, { checkIn: '2027-01-31', checkOut: '2027-03-05', ...party }, '2027-02-01')).toBe(
      'stay_change_invalid_dates',
    );
    expect(stayChangeProblem(current, { checkIn: '2027-03-01', checkOut: '2027-03-15', guests: 3, children: [] }, '2027-02-01')).toBeNull();
  });

  it('keeps the check-in of a stay under way, and its end after today', () => {
    expect(stayChangeProblem(current, { checkIn: '2027-03-02', checkOut: '2027-03-20', ...party }, '2027-03-01')).toBe(
      'stay_change_started',
    );
    expect(stayChangeProblem(current, { checkIn: '2027-03-01', checkOut: '2027-03-05', ...party }, '2027-03-05')).toBe(
      'stay_change_invalid_dates',
    );
    expect(stayChangeProblem(current, { checkIn: '2027-03-01', checkOut: '2027-03-06', ...party }, '2027-03-05')).toBeNull();
  });
});

describe('offersExtension', () => {
  it('offers a sublet guest one more month in the stay’s last 30 days', () => {
    const sublet = { propertyType: 'sublet', status: 'confirmed', checkOut: '2027-03-31' };
    expect(offersExtension(sublet, '2027-02-28')).toBe(false);
    expect(offersExtension(sublet, '2027-03-01')).toBe(true);
    expect(offersExtension(sublet, '2027-03-30')).toBe(true);
    expect(offersExtension(sublet, '2027-03-31')).toBe(false);
    expect(offersExtension({ ...sublet, propertyType: 'rental' }, '2027-03-10')).toBe(false);
    expect(offersExtension({ ...sublet, status: 'pending' }, '2027-03-10')).toBe(false);
  });
});
