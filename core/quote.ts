import { daysBetween } from './dates.ts';
import { daysPerMonth, daysPerWeek, type PropertyType } from './constants.ts';
import { countedGuests } from './party.ts';
import { discountThresholds, type ListingFees } from './listing-fees.ts';
import type { ScheduledPayment } from './payment-schedule.ts';
import { paidMonthly, proRataMonths } from './stay-months.ts';
import { seasonalLines, type PriceRule, type SeasonalLine } from './price-rules.ts';

/**
 * The price of a stay (docs/decisions/023-money.md): the one function the property page, the booking
 * dialog, the booking record, receipts and e-mails all use. Pure, in whole shekels.
 *
 *   stay price  = units × rate × rooms + seasonal lines            (nights, weeks or months per the listing's unit;
 *                 a sublet of 28 nights or more counts its last part-month by nights, pro rata, rounded to
 *                 hundredths of a month, never under one month: issue 37 item 9)
 *   discount    = monthly % from 28 nights, else weekly % from 7 nights, of the stay price
 *   extra guests = fee × guests above those included × nights     (homes)
 *   subtotal    = stay price − discount + extra guests + cleaning fee
 *   service fee = subtotal × the platform's rate for the listing's type (the admin's commission settings)
 *   total       = subtotal + service fee                           (what the guest pays)
 *   deposit     = refundable security deposit (homes), held apart and never part of the total
 *
 * The host is owed total − service fee. A booking stores its quote, so later changes to the
 * listing's fees or the platform's rates never alter a stay already booked.
 */

export interface PricedListing {
  propertyType: PropertyType;
  pricePerNight: number | null;
  pricePerWeek: number | null;
  pricePerMonth: number | null;
}

export type QuotableListing = PricedListing & Partial<ListingFees>;

export interface StayChoice {
  checkIn: string;
  checkOut: string;
  /** Hotel rooms; homes are one. */
  rooms?: number;
  /** Everyone in the party, children included. */
  guests?: number;
  children?: readonly number[];
}

export type QuoteUnit = 'night' | 'week' | 'month';

export interface StayQuote {
  unit: QuoteUnit;
  /** Nights, weeks or months charged (per room for hotels). */
  units: number;
  rate: number;
  rooms: number;
  nights: number;
  /** What the host's seasonal rules add or take off, one line per rule (core/price-rules.ts). */
  seasonal: SeasonalLine[];
  /** units × rate × rooms + the seasonal lines. */
  stayPrice: number;
  /** The long-stay discount taken off the stay price, if any (amount positive). */
  discount: { kind: 'weekly' | 'monthly'; percent: number; amount: number } | null;
  /** Guests above those the price includes, times the fee, times the nights. */
  extraGuests: { guests: number; nights: number; fee: number; amount: number } | null;
  cleaningFee: number;
  /** stayPrice − discount + extra guests + cleaning fee: what the host charges. */
  subtotal: number;
  /** The platform's rate for the listing's type when quoted (0.12 = 12 %). */
  serviceFeeRate: number;
  serviceFee: number;
  /** subtotal + service fee: what the guest pays. */
  total: number;
  /** Refundable security deposit (homes), apart from the total. */
  deposit: number;
  /**
   * A stay of 28 nights or more quoted with its booking day: its payments month by month
   * (core/payment-schedule.ts), adding up to `total`. Absent for shorter stays (one payment) and for
   * quotes made without a booking day.
   */
  schedule?: ScheduledPayment[];
  /**
   * Days before each later period of a long stay its payment is due, as the platform's setting was
   * when the stay was booked (decision 060): the booking stores it with its quote and keeps it through
   * changes of the stay, so periods rebuilt later (a change, or a stay grown to 28 nights) fall due as
   * booked. Absent on quotes stored before the setting existed (booked with defaultDueDaysBefore) and
   * on quotes no booking stores.
   */
  dueDaysBefore?: number;
}

export interface QuoteOptions {
  rules?: readonly PriceRule[];
  serviceFeeRate?: number;
}

/**
 * Months a sublet is charged: ceil(days / 30) below 28 nights (a short sublet pays its month), from
 * 28 nights the months from check-in with the last part-month by its nights (pro rata), rounded to
 * hundredths, at least one.
 */
export function subletMonths(checkIn: string, checkOut: string, nights: number): number {
  if (!paidMonthly(nights)) return Math.ceil(nights / daysPerMonth);
  return Math.max(1, Math.round(proRataMonths(checkIn, checkOut) * 100) / 100);
}

/**
 * The most one stay may cost in all (the quote's total, whole shekels): ₪999,999. Totals, subtotals
 * and fees are stored in PostgreSQL `integer` columns (at most 2^31 − 1) and a card stay is charged
 * in agorot through Stripe, whose largest charge is 99,999,999 agorot (₪999,999.99); above this the
 * database would answer 500 and Stripe would refuse the checkout. Far beyond any real stay (a year
 * in a luxury villa), so a quote above it is a mistake or an attack: the booking panel shows it and
 * POST /api/bookings answers 400 `stay_total_too_high` (docs/decisions/033-payment-integrity.md).
 */
export const maxStayTotal = 999_999;

/** The currency every price is in, as payment providers name it (ISO 4217, lower case). */
export const stayCurrency = 'ils';

/**
 * What stands in the way of charging a quote: its total, or any line stored with the booking (stay
 * price, subtotal, service fee), beyond maxStayTotal either way. Null when it can be booked.
 */
export function quoteProblem(quote: Pick<StayQuote, 'total' | 'subtotal' | 'serviceFee' | 'stayPrice'>): 'stay_total_too_high' | null {
  const amounts = [quote.total, quote.subtotal, quote.serviceFee, quote.stayPrice];
  return amounts.every((amount) => Number.isSafeInteger(amount) && Math.abs(amount) <= maxStayTotal) ? null : 'stay_total_too_high';
}

/** The platform's default rate when a caller has none (older stored quotes were priced at 10 %). */
export const defaultServiceFeeRate = 0.1;

/**
 * The price of a stay: hotels nights × nightly rate × rooms; sublets ceil(days / 30) months, from 28
 * nights pro rata by nights (subletMonths);
 * rentals ceil(days / 7) weeks; then the seasonal rules, the discount, extra guests, cleaning,
 * and the service fee at `serviceFeeRate` (rounded).
 */
export function quoteStay(listing: QuotableListing, stay: StayChoice, options: QuoteOptions = {}): StayQuote {
  const nights = Math.max(0, daysBetween(stay.checkIn, stay.checkOut));
  const hotel = listing.propertyType === 'hotel';
  let unit: Pick<StayQuote, 'unit' | 'units' | 'rate' | 'rooms'>;
  if (hotel) unit = { unit: 'night', units: nights, rate: listing.pricePerNight ?? 0, rooms: Math.max(1, stay.rooms ?? 1) };
  else if (listing.propertyType === 'sublet')
    unit = { unit: 'month', units: subletMonths(stay.checkIn, stay.checkOut, nights), rate: listing.pricePerMonth ?? 0, rooms: 1 };
  else unit = { unit: 'week', units: Math.ceil(nights / daysPerWeek), rate: listing.pricePerWeek ?? 0, rooms: 1 };

  const seasonal = seasonalLines(listing, options.rules ?? [], stay.checkIn, stay.checkOut, unit.rooms);
  const stayPrice = Math.round(unit.units * unit.rate * unit.rooms) + seasonal.reduce((sum, line) => sum + line.amount, 0);

  const monthly = listing.monthlyDiscountPercent ?? 0;
  const weekly = listing.weeklyDiscountPercent ?? 0;
  let discount: StayQuote['discount'] = null;
  if (nights >= discountThresholds.monthlyNights && monthly > 0)
    discount = { kind: 'monthly', percent: monthly, amount: Math.round((stayPrice * monthly) / 100) };
  else if (nights >= discountThresholds.weeklyNights && weekly > 0)
    discount = { kind: 'weekly', percent: weekly, amount: Math.round((stayPrice * weekly) / 100) };

  let extraGuests: StayQuote['extraGuests'] = null;
  const fee = hotel ? 0 : (listing.extraGuestFee ?? 0);
  if (fee > 0 && listing.guestsIncluded != null && stay.guests !== undefined) {
    const extra = countedGuests(stay.guests, stay.children ?? []) - listing.guestsIncluded;
    if (extra > 0) extraGuests = { guests: extra, nights, fee, amount: extra * nights * fee };
  }

  const cleaningFee = nights > 0 ? (listing.cleaningFee ?? 0) : 0;
  const subtotal = stayPrice - (discount?.amount ?? 0) + (extraGuests?.amount ?? 0) + cleaningFee;
  const serviceFeeRate = options.serviceFeeRate ?? defaultServiceFeeRate;
  const serviceFee = Math.round(subtotal * serviceFeeRate);
  const quote: StayQuote = {
    ...unit,
    nights,
    seasonal,
    stayPrice,
    discount,
    extraGuests,
    cleaningFee,
    subtotal,
    serviceFeeRate,
    serviceFee,
    total: subtotal + serviceFee,
    deposit: hotel ? 0 : (listing.securityDeposit ?? 0),
  };
  return quote;
}

/** What the host is owed for a quote: everything the guest pays but the platform's service fee. */
export function hostShare(quote: Pick<StayQuote, 'total' | 'serviceFee'>): number {
  return quote.total - quote.serviceFee;
}
