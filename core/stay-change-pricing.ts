import { cancellationRefund, type CancellationPolicy } from './cancellation-policies.ts';
import { addDaysIso, daysBetween } from './dates.ts';
import type { PriceRule } from './price-rules.ts';
import { quoteStay, type QuotableListing, type StayQuote } from './quote.ts';
import type { StayChangeRole } from './stay-change-states.ts';

/**
 * The money of a change to a confirmed stay (docs/decisions/058-stay-changes.md). Pure, whole shekels.
 *
 * The new stay is priced by the same function as any stay (core/quote.ts quoteStay), at the rate
 * the booking was quoted with (its stored quote's serviceFeeRate): a change never reprices the
 * platform's share at today's rate. The new quote keeps the booking's due days too (dueDaysBefore,
 * decision 060): a long stay's rebuilt months fall due as booked. Then:
 *
 * - costs more (longer, more guests, a later stay in a dearer season): the guest pays the difference;
 * - costs less and no night is given up (the new stay covers every night of the old one, e.g. a
 *   longer stay that crosses 28 nights and earns the monthly discount): the whole difference comes back;
 * - costs less with nights given up (a shortening): what comes back is at most what cancelling the
 *   old stay now would refund under its policy (core/cancellation-policies.ts), per part: the host's
 *   subtotal and the platform's fee. Nights given up inside the policy's non-refundable window are
 *   therefore not refunded: the guest pays max(new price, what the policy keeps of the old stay).
 *   A host who proposes a shortening gives everything back, as a host who cancels does.
 *
 * `paid` is what the guest has paid through us (a card stay paid at once: its total less refunds;
 * pay on arrival: 0): money comes back only from it, the rest is a lower amount owed.
 */
export interface StayChangeStay {
  checkIn: string;
  checkOut: string;
  rooms: number;
  guests: number;
  children: readonly number[];
}

export interface StayChangePricingInput {
  listing: QuotableListing;
  rules?: readonly PriceRule[];
  /** The booking as it stands: its stay, its stored quote, and the amounts it charges. */
  current: StayChangeStay & { quote: StayQuote; subtotal: number; serviceFee: number; total: number };
  proposed: Omit<StayChangeStay, 'rooms'>;
  policy: CancellationPolicy;
  bookedAt: Date;
  /** The instant of the current check-in (core/dates.ts israelInstant). */
  checkInAt: Date;
  /** When the change is priced (proposed, then again when accepted). */
  at: Date;
  proposedBy: StayChangeRole;
  paid: number;
}

export type StayChangeKind = 'extension' | 'shortening' | 'guests' | 'other';

export interface StayChangePrice {
  kind: StayChangeKind;
  /** The new stay's price lines, stored as the booking's quote on acceptance. */
  quote: StayQuote;
  /** What the booking charges after the change (the policy may keep more than the new price). */
  subtotal: number;
  serviceFee: number;
  total: number;
  /** total after − total before: positive is charged, negative comes off. */
  difference: number;
  /** What the guest pays more (0 or the difference). */
  charge: number;
  /** Of `charge`, the platform's fee (the rest is the host's): the ledger splits a paid difference so. */
  chargeServiceFee: number;
  /** What comes off the guest's total, split as a refund is: the host's part and the platform's. */
  refund: number;
  refundSubtotal: number;
  refundServiceFee: number;
  /** Of `refund`, what goes back to the guest's card (at most what was paid). */
  moneyBack: number;
  /** Nights given up that the policy does not refund (0 when none). */
  keptByPolicy: number;
}

/** Whether the new stay drops any night of the old one. */
export function givesUpNights(
  current: Pick<StayChangeStay, 'checkIn' | 'checkOut'>,
  proposed: Pick<StayChangeStay, 'checkIn' | 'checkOut'>,
) {
  return proposed.checkIn > current.checkIn || proposed.checkOut < current.checkOut;
}

/** What kind of change a proposal is, for its mail and its badge. */
export function stayChangeKind(current: StayChangeStay, proposed: Omit<StayChangeStay, 'rooms'>): StayChangeKind {
  const before = daysBetween(current.checkIn, current.checkOut);
  const after = daysBetween(proposed.checkIn, proposed.checkOut);
  if (proposed.checkIn === current.checkIn && after > before) return 'extension';
  if (after < before) return 'shortening';
  if (proposed.checkIn === current.checkIn && after === before) return 'guests';
  return 'other';
}

export function priceStayChange(input: StayChangePricingInput): StayChangePrice {
  const { current, proposed } = input;
  const priced = quoteStay(
    input.listing,
    { checkIn: proposed.checkIn, checkOut: proposed.checkOut, rooms: current.rooms, guests: proposed.guests, children: proposed.children },
    { rules: input.rules ?? [], serviceFeeRate: current.quote.serviceFeeRate },
  );
  const dueDaysBefore = current.quote.dueDaysBefore;
  const quote: StayQuote = dueDaysBefore === undefined ? priced : { ...priced, dueDaysBefore };
  const kind = stayChangeKind(current, proposed);
  const difference = quote.total - current.total;
  const base = {
    kind,
    quote,
    charge: 0,
    chargeServiceFee: 0,
    refund: 0,
    refundSubtotal: 0,
    refundServiceFee: 0,
    moneyBack: 0,
    keptByPolicy: 0,
  };
  if (difference >= 0) {
    const chargeServiceFee = Math.min(difference, Math.max(0, quote.serviceFee - current.serviceFee));
    return {
      ...base,
      subtotal: quote.subtotal,
      serviceFee: quote.serviceFee,
      total: quote.total,
      difference,
      charge: difference,
      chargeServiceFee,
    };
  }
  let refundSubtotal = Math.max(0, current.subtotal - quote.subtotal);
  let refundServiceFee = Math.max(0, current.serviceFee - quote.serviceFee);
  const wanted = refundSubtotal + refundServiceFee;
  if (givesUpNights(current, proposed)) {
    const policy = cancellationRefund({
      policy: input.policy,
      quote: { ...current.quote, subtotal: current.subtotal, serviceFee: current.serviceFee, total: current.total },
      bookedAt: input.bookedAt,
      checkInAt: input.checkInAt,
      cancelledAt: input.at,
      by: input.proposedBy,
    });
    refundSubtotal = Math.min(refundSubtotal, policy.refundSubtotal);
    refundServiceFee = Math.min(refundServiceFee, policy.refundServiceFee);
  }
  const refund = refundSubtotal + refundServiceFee;
  const total = current.total - refund;
  return {
    ...base,
    subtotal: current.subtotal - refundSubtotal,
    serviceFee: current.serviceFee - refundServiceFee,
    total,
    difference: -refund,
    refund,
    refundSubtotal,
    refundServiceFee,
    moneyBack: Math.min(refund, Math.max(0, input.paid)),
    keptByPolicy: wanted - refund,
  };
}

/**
 * What is wrong with a proposed change of a stay, today being `today` in Israel (null when nothing):
 * a stay that has started keeps its check-in and must still end after today; one that has not may
 * not start in the past; the dates must be in order and something must change.
 */
export function stayChangeProblem(
  current: StayChangeStay,
  proposed: Omit<StayChangeStay, 'rooms'>,
  today: string,
): 'stay_change_invalid_dates' | 'stay_change_no_change' | 'stay_change_started' | null {
  if (proposed.checkOut <= proposed.checkIn) return 'stay_change_invalid_dates';
  if (current.checkIn <= today) {
    if (proposed.checkIn !== current.checkIn) return 'stay_change_started';
    if (proposed.checkOut <= today) return 'stay_change_invalid_dates';
  } else if (proposed.checkIn < today) return 'stay_change_invalid_dates';
  const sameParty =
    proposed.guests === current.guests &&
    proposed.children.length === current.children.length &&
    proposed.children.every((age, index) => age === current.children[index]);
  if (proposed.checkIn === current.checkIn && proposed.checkOut === current.checkOut && sameParty) return 'stay_change_no_change';
  return null;
}

/**
 * The check-out of "Extend your stay": one month later on the calendar (the same day of the next
 * month, or that month's last day: 31 January → 28 or 29 February).
 */
export function extendByMonth(checkOut: string): string {
  const [year, month, day] = checkOut.split('-').map(Number) as [number, number, number];
  const nextMonth = month === 12 ? 1 : month + 1;
  const nextYear = month === 12 ? year + 1 : year;
  const lastDay = new Date(Date.UTC(nextYear, nextMonth, 0)).getUTCDate();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${nextYear}-${pad(nextMonth)}-${pad(Math.min(day, lastDay))}`;
}

/**
 * Whether a sublet guest is offered "Extend your stay": a confirmed sublet whose last month has come
 * (check-out within 30 days of today) and not yet ended.
 */
export function offersExtension(stay: { propertyType: string; status: string; checkOut: string }, today: string): boolean {
  return stay.propertyType === 'sublet' && stay.status === 'confirmed' && stay.checkOut > today && stay.checkOut <= addDaysIso(today, 30);
}
