import { booksInstantly } from '../../../../core/booking-action.ts';
import {
  bookingAnswerHours,
  maxPendingRequestsPerGuest,
  maxPendingRequestsPerListing,
  stayProblems,
} from '../../../../core/booking-rules.ts';
import { policyOfStay } from '../../../../core/cancellation-policies.ts';
import { bookingNeedsVerifiedPlace } from '../../../../core/place-verification-rules.ts';
import type { BookingRequest, BookingView } from '../../../../core/contracts/bookings.ts';
import { today as israelToday } from '../../../../core/dates.ts';
import { DomainError } from '../../../../core/domain-error.ts';
import type { Language } from '../../../../core/languages.ts';
import { maxStayTotal, quoteProblem, quoteStay } from '../../../../core/quote.ts';
import { refreshHostFigures } from '../../../db/host-figures.ts';
import { readSetting } from '../../../settings/platform-settings.ts';
import { eq } from 'drizzle-orm';
import { bookings } from '../../../db/schema.ts';
import { mailsForNewBooking } from '../booking-mail.ts';
import type { BookingRow } from '../booking-views-repository.ts';
import type { BookingDeps } from './booking-deps.ts';
import { checkoutMinutes, openCheckoutUrl, startCheckout } from './pay-for-stay.ts';
import { withSchedule } from '../../../../core/payment-schedule.ts';

const datesUnavailable = () => new DomainError('dates_unavailable', 'These dates are no longer available');

/** The PostgreSQL error code behind a driver or Drizzle error, if any. */
function databaseErrorCode(error: unknown): string | undefined {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

function sameRequestOrThrow(deps: Pick<BookingDeps, 'repos'>, earlier: BookingRow, request: BookingRequest): BookingView {
  if (earlier.propertyId !== request.propertyId || earlier.checkIn !== request.checkIn || earlier.checkOut !== request.checkOut) {
    throw new DomainError('idempotency_key_reused', 'This Idempotency-Key was used for a different booking');
  }
  return deps.repos.views.toView(earlier);
}

export interface StayRequest {
  guestId: string;
  request: BookingRequest;
  idempotencyKey: string | null;
  /** The language of the page the guest comes back to from the payment page. */
  language: Language;
}

/**
 * Books a stay for a guest, priced and checked by the server (the booking only: no payment page,
 * no mail). Homes: a pending request holds the dates until the host answers, and the exclusion
 * constraint refuses any overlap, however many requests race. Hotels: the hotel row is locked while
 * its rooms are counted night by night, so concurrent requests are counted one after the other. A
 * listing with instant booking confirms at once for a guest whose identity is verified
 * (core/booking-action.ts booksInstantly); otherwise the stay is a request the host answers.
 *
 * A guest waits on at most maxPendingRequestsPerGuest requests, one per listing
 * (core/booking-rules.ts): the guest's row is locked while they are counted, so racing requests are
 * counted one after the other too. The same Idempotency-Key from the same guest gives back the
 * booking it made the first time.
 */
export async function createBooking(
  deps: Pick<BookingDeps, 'db' | 'repos' | 'clock' | 'provider'>,
  { guestId, request, idempotencyKey }: Omit<StayRequest, 'language'>,
): Promise<{ booking: BookingView; created: boolean }> {
  const { db, repos } = deps;
  const now = deps.clock();
  const paymentMethod = deps.provider.method;
  const card = paymentMethod === 'card';
  if (idempotencyKey) {
    const earlier = await repos.bookings.bookingOfIdempotencyKey(db, guestId, idempotencyKey);
    if (earlier) return { booking: sameRequestOrThrow(deps, earlier, request), created: false };
  }
  try {
    const made = await db.transaction(async (tx) => {
      // The guest's row first, then the listing's: a guest's requests take turns, so the pending limits hold.
      const guest = await repos.bookings.lockGuestForRequest(tx, guestId, idempotencyKey);
      if (guest.earlierId) return { id: guest.earlierId, created: false };
      const found = await repos.bookings.lockBookableListing(tx, request.propertyId, request.checkIn, request.checkOut);
      if (!found) throw new DomainError('listing_not_found', 'This listing does not exist or is not bookable');
      const { listing, priceRules } = found;
      if (listing.hostId === guestId) throw new DomainError('own_listing', 'You cannot book your own listing');
      // Where the admin asks for it, a sublet or rental takes bookings only once its place is verified (issue 39).
      if (bookingNeedsVerifiedPlace(listing, await readSetting(tx, 'unverifiedPlacesMayBook'))) {
        throw new DomainError('place_not_verified', 'This place is not verified yet, so it cannot take bookings');
      }
      // The host's seasonal rules over the stay price it and may ask for a longer one (core/price-rules.ts).
      const shabbat = await repos.bookings.shabbatCheckOf(tx, listing);
      const problems = stayProblems({ ...listing, priceRules }, request, israelToday(now), shabbat);
      if (problems.length) throw new DomainError(problems[0]!, problems.join(', '));

      const hotel = listing.propertyType === 'hotel';
      // The host's instant booking applies to verified guests only; anyone else sends a request.
      const instant = booksInstantly(listing, guest.verified);
      if (!instant) {
        const pending = await repos.bookings.pendingRequestCounts(tx, guestId, listing.id, now);
        if (pending.here >= maxPendingRequestsPerListing) {
          throw new DomainError('pending_request_exists', 'You already have a request waiting for an answer at this place');
        }
        if (pending.total >= maxPendingRequestsPerGuest) {
          throw new DomainError(
            'too_many_pending_requests',
            `You already have ${maxPendingRequestsPerGuest} requests waiting for an answer`,
          );
        }
      }

      // A request nobody answered in time stops holding its dates now, not at the next scheduled run.
      const expired = await repos.bookings.lapseRequests(tx, eq(bookings.propertyId, listing.id), now);

      const rooms = hotel ? request.rooms : 1;
      const free = await repos.bookings.stayIsFreeNow(tx, {
        listingId: listing.id,
        capacity: hotel ? (listing.roomCount ?? 1) : 1,
        checkIn: request.checkIn,
        checkOut: request.checkOut,
        rooms,
      });
      if (!free) throw datesUnavailable();

      // The price lines are stored with the booking: later fee or commission changes never alter it.
      const serviceFeeRate = await repos.bookings.commissionRate(tx, listing.propertyType);
      // A stay of 28 nights or more carries its payment schedule from today (core/payment-schedule.ts),
      // each later month due the admin's days before it starts. The quote keeps those days, whatever
      // the stay's length, so periods rebuilt later fall due as booked (decision 060).
      const dueDaysBefore = await readSetting(tx, 'longStayDueDaysBefore');
      const price = {
        ...withSchedule(
          quoteStay(
            listing,
            { checkIn: request.checkIn, checkOut: request.checkOut, rooms, guests: request.guests, children: request.children },
            { rules: priceRules, serviceFeeRate },
          ),
          request,
          { bookedOn: israelToday(now), dueDaysBefore },
        ),
        dueDaysBefore,
      };
      // Beyond the largest total a stay may cost (PostgreSQL integer columns, Stripe's largest charge).
      const tooDear = quoteProblem(price);
      if (tooDear) throw new DomainError(tooDear, `A stay may cost at most ₪${maxStayTotal.toLocaleString('en')} in all`);
      // A card stay waits for its payment, holding its dates while the guest is on the payment page;
      // once the card is held it is a request (or, booked instantly, confirmed as the card is charged).
      const confirmed = instant && !card;
      const id = await repos.bookings.insertBooking(tx, {
        propertyId: listing.id,
        guestId,
        checkIn: request.checkIn,
        checkOut: request.checkOut,
        rooms,
        guests: request.guests,
        childAges: request.children,
        exclusive: !hotel,
        status: confirmed ? 'confirmed' : 'pending',
        decidedAt: confirmed ? now : null,
        expiresAt: confirmed ? null : new Date(now.getTime() + (card ? checkoutMinutes * 60_000 : bookingAnswerHours * 3_600_000)),
        leaseOption: listing.propertyType === 'rental' ? (request.leaseOption ?? null) : null,
        subtotal: price.subtotal,
        serviceFee: price.serviceFee,
        total: price.total,
        commissionRate: serviceFeeRate,
        quote: price,
        cancellationPolicy: policyOfStay(listing, price.nights),
        paymentMethod,
        paymentStatus: card ? 'awaiting_payment' : 'due_on_arrival',
        idempotencyKey,
      });
      // A long stay's periods are rows of their own (decision 054): card ones charged, direct ones marked received.
      if (price.schedule) await repos.periods.insertPeriods(tx, id, card ? 'stripe' : 'direct', price.schedule);
      // Paid on arrival, the platform's fee is owed by the host from the moment the stay is confirmed
      // (a long stay's, period by period as the host receives each: recordPeriodReceived).
      if (confirmed && !price.schedule) await repos.bookings.recordOnArrivalFee(tx, id, listing.hostId, price.serviceFee);
      // An instant booking confirms at once (an answered request); expired requests count against the
      // host. A pending request moves no figure until it is answered or expires.
      if (confirmed || expired.length > 0) await refreshHostFigures(tx, [listing.hostId], now);
      return { id, created: true };
    });
    const row = await repos.bookings.bookingRow(db, made.id);
    return { booking: made.created ? repos.views.toView(row!) : sameRequestOrThrow(deps, row!, request), created: made.created };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const code = databaseErrorCode(error);
    // 40P01 (deadlock) and 40001 (serialization) can only come from racing requests for the same dates.
    if (code === '23P01' || code === '40P01' || code === '40001') throw datesUnavailable();
    if (code === '23505' && idempotencyKey) {
      // The same request raced itself: the other copy made the booking.
      const earlier = await repos.bookings.bookingOfIdempotencyKey(db, guestId, idempotencyKey);
      if (earlier) return { booking: sameRequestOrThrow(deps, earlier, request), created: false };
    }
    throw error;
  }
}

/**
 * A guest requests a stay (POST /api/bookings): the booking is made (createBooking); a card stay
 * then gets its payment page (the host hears of it once the card is held, by the webhook), a stay
 * paid on arrival mails both sides at once. A retried request gets its booking (and its open
 * payment page) again, and mails nobody.
 */
export async function requestStay(
  deps: BookingDeps,
  input: StayRequest,
): Promise<{ booking: BookingView; created: boolean; checkoutUrl?: string }> {
  const { booking, created } = await createBooking(deps, input).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === 'dates_unavailable') deps.countOutcome('conflict');
    throw error;
  });
  if (booking.money.paymentMethod === 'card') {
    const checkoutUrl = created ? await startCheckout(deps, booking.id, input.language) : await openCheckoutUrl(deps, booking.id);
    if (created) deps.countOutcome('requested');
    return checkoutUrl ? { booking, created, checkoutUrl } : { booking, created };
  }
  if (created) {
    const confirmed = booking.status === 'confirmed';
    deps.countOutcome(confirmed ? 'instant' : 'requested');
    await deps.mail(booking.id, mailsForNewBooking(confirmed));
  }
  return { booking, created };
}
