import { stayProblems } from '../../../../core/booking-rules.ts';
import { policyOfStay } from '../../../../core/cancellation-policies.ts';
import type { StayChangeView } from '../../../../core/contracts/stay-changes.ts';
import { israelInstant, today as israelToday } from '../../../../core/dates.ts';
import { DomainError } from '../../../../core/domain-error.ts';
import { maxStayTotal, quoteProblem, quoteStay } from '../../../../core/quote.ts';
import { priceStayChange, stayChangeProblem, type StayChangePrice } from '../../../../core/stay-change-pricing.ts';
import type { StayChangeRole } from '../../../../core/stay-change-states.ts';
import type { Executor } from '../../../db/database.ts';
import type { BookingToChange, changeById } from '../stay-changes-repository.ts';
import type { BookingDeps } from './booking-deps.ts';

/*
 * What proposing, pricing and accepting a change of a stay share (docs/decisions/058-stay-changes.md):
 * who the user is to the booking, whether the booking may change, and the change staged on the
 * booking's row inside a transaction, where the database itself says whether the new dates are free.
 */

export interface ProposedStay {
  checkIn: string;
  checkOut: string;
  guests: number;
  children: number[];
}

/** The side `userId` is on; anyone else learns nothing, not even that the booking exists. */
export function sideOf(booking: Pick<BookingToChange, 'guestId' | 'hostId'> | undefined, userId: string): StayChangeRole {
  if (booking?.guestId === userId) return 'guest';
  if (booking?.hostId === userId) return 'host';
  throw new DomainError('booking_not_found', 'No such booking');
}

/** A confirmed stay not yet ended (a card stay once its payment is taken) may change. */
export function assertChangeable(booking: BookingToChange, now: Date) {
  const paid = booking.paymentMethod !== 'card' || booking.paymentStatus === 'captured';
  if (booking.status !== 'confirmed' || booking.checkOut <= israelToday(now) || !paid) {
    throw new DomainError('stay_change_not_allowed', 'Only a confirmed stay that has not ended can be changed');
  }
}

/** What the guest has paid through us: a card stay paid at once, its total less refunds; on arrival nothing. */
function paidOf(booking: BookingToChange): number {
  return booking.paymentMethod === 'card' && booking.paymentStatus === 'captured' ? Math.max(0, booking.total - booking.refunded) : 0;
}

const unavailable = () => new DomainError('stay_change_unavailable', 'The place is not free on the new dates');

/**
 * Stages a change on the booking's row, in `tx`: the listing's row is locked (changes and requests
 * of one listing take turns), the listing's rules checked for the new stay, the stay priced
 * (core/stay-change-pricing.ts), and the booking rewritten. The exclusion constraint refuses a home
 * whose new nights another stay holds (23P01, mapped by the caller), and a count of the nights
 * refuses a block or a hotel without the rooms. The caller keeps the change (accept) or rolls it
 * back (a proposal only checks).
 */
export async function stageStayChange(
  deps: Pick<BookingDeps, 'repos'>,
  tx: Executor,
  booking: BookingToChange,
  proposed: ProposedStay,
  proposedBy: StayChangeRole,
  now: Date,
): Promise<{ price: StayChangePrice; policy: ReturnType<typeof policyOfStay> }> {
  const { repos } = deps;
  const current = {
    checkIn: booking.checkIn,
    checkOut: booking.checkOut,
    rooms: booking.rooms,
    guests: booking.guests,
    children: booking.childAges,
  };
  const problem = stayChangeProblem(current, proposed, israelToday(now));
  if (problem) throw new DomainError(problem, problem);
  const found = await repos.bookings.lockBookableListing(tx, booking.listing.id, proposed.checkIn, proposed.checkOut);
  if (!found) throw new DomainError('stay_change_not_allowed', 'This listing does not take bookings now');
  const { listing, priceRules } = found;
  // The listing's rules for the new stay. A kept check-in was accepted when booked (it may be past
  // now, or before the listing's window today): only the new end is held to the window.
  const keptCheckIn = proposed.checkIn === booking.checkIn;
  const endFits = !listing.availableUntil || proposed.checkOut <= listing.availableUntil;
  const problems = stayProblems({ ...listing, priceRules }, { ...proposed, rooms: booking.rooms }, israelToday(now)).filter(
    (code) => !(keptCheckIn && (code === 'check_in_in_past' || (code === 'outside_availability' && endFits))),
  );
  if (problems.length) throw new DomainError(problems[0]!, problems.join(', '));
  const storedQuote =
    booking.quote ??
    quoteStay(listing, current, { serviceFeeRate: booking.subtotal > 0 ? booking.serviceFee / booking.subtotal : undefined });
  const price = priceStayChange({
    listing,
    rules: priceRules,
    current: { ...current, quote: storedQuote, subtotal: booking.subtotal, serviceFee: booking.serviceFee, total: booking.total },
    proposed,
    policy: booking.cancellationPolicy,
    bookedAt: new Date(booking.createdAt),
    checkInAt: israelInstant(booking.checkIn, booking.listing.checkInTime),
    at: now,
    proposedBy,
    paid: paidOf(booking),
  });
  if (quoteProblem(price.quote) || quoteProblem({ ...price, stayPrice: price.quote.stayPrice })) {
    throw new DomainError('stay_total_too_high', `A stay may cost at most ₪${maxStayTotal.toLocaleString('en')} in all`);
  }
  // A stay that reaches 28 nights follows the long-stay policy from now on; a sublet always does.
  const policy = policyOfStay(listing, price.quote.nights);
  await repos.stayChanges.writeChangedStay(tx, booking.id, {
    checkIn: proposed.checkIn,
    checkOut: proposed.checkOut,
    guests: proposed.guests,
    childAges: proposed.children,
    price,
    policy,
    now,
  });
  const hotel = listing.propertyType === 'hotel';
  const fits = await repos.stayChanges.changedStayFits(tx, {
    listingId: listing.id,
    capacity: hotel ? (listing.roomCount ?? 1) : 1,
    checkIn: proposed.checkIn,
    checkOut: proposed.checkOut,
  });
  if (!fits) throw unavailable();
  return { price, policy };
}

/** The PostgreSQL error code behind a driver or Drizzle error, if any. */
function databaseErrorCode(error: unknown): string | undefined {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** An exclusion violation (another stay holds a new night) or a lost race for the same nights is "not free". */
export function asUnavailable(error: unknown): unknown {
  const code = databaseErrorCode(error);
  return code === '23P01' || code === '40P01' || code === '40001' ? unavailable() : error;
}

type ChangeRow = NonNullable<Awaited<ReturnType<typeof changeById>>>;

/** A proposal as `viewer` sees it. */
export function toStayChangeView(row: ChangeRow, viewer: StayChangeRole): StayChangeView {
  return {
    id: row.id,
    bookingId: row.bookingId,
    role: row.role,
    mine: row.role === viewer,
    status: row.status,
    checkIn: row.checkIn,
    checkOut: row.checkOut,
    guests: row.guests,
    childAges: row.childAges,
    price: row.price,
    expiresAt: row.expiresAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
