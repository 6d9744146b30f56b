/**
 * The booking states' writes: a new booking (priced, checked for free dates, instant or a request),
 * the moves a host or guest makes on it, and the scheduled expiry and completion. Over 300 lines on
 * purpose: each move locks the booking's row and updates the host's figures and the ledger in the
 * same transaction, and those rules are easiest to keep consistent read side by side (the payment
 * side lives in booking-payments-repository.ts, refunds in booking-refunds.ts).
 */
import { and, eq, gt, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { today as israelToday } from '../../../core/dates.ts';
import {
  bookingAnswerHours,
  maxPendingRequestsPerGuest,
  maxPendingRequestsPerListing,
  stayProblems,
  type ShabbatCheck,
} from '../../../core/booking-rules.ts';
import { booksInstantly } from '../../../core/booking-action.ts';
import { bookingNeedsVerifiedPlace } from '../../../core/place-verification-rules.ts';
import { shabbatStayProblems } from '../../../core/shabbat-rules.ts';
import { policyOfStay } from '../../../core/cancellation-policies.ts';
import { onArrivalFeeLines } from '../../../core/ledger-rules.ts';
import type { PaymentMethod } from '../../../core/payment-states.ts';
import { maxStayTotal, quoteProblem, quoteStay } from '../../../core/quote.ts';
import { alias } from 'drizzle-orm/pg-core';
import { type BookingStatus, type PropertyType } from '../../../core/constants.ts';
import type { Language } from '../../../core/languages.ts';
import type { BookingAction, BookingRequest, BookingView } from '../../../core/contracts/bookings.ts';
import { drizzleWriter, stayIsFree } from '../../db/availability-sql.ts';
import type { Database, Executor } from '../../db/database.ts';
import { refreshHostFigures, refreshHostFiguresOfListings } from '../../db/host-figures.ts';
import { recordLedgerTransaction } from '../../db/ledger.ts';
import { priceRulesOf } from '../../db/price-rules-sql.ts';
import { moveBookings } from '../../db/state-moves-sql.ts';
import { bookings, ledgerTransactions, places, profiles, properties, users } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { readSetting } from '../../settings/platform-settings.ts';
import { findBooking, guestProfile, hostProfile, selectBookings, toView, type BookingRow } from './booking-views-repository.ts';
import { refundOfBooking, type BookingRefund } from './booking-refunds.ts';

/** How long a card stay holds its dates while the guest is on the payment page (Stripe allows 30 min to 24 h). */
export const checkoutMinutes = 31;

/**
 * Requests nobody moved on in time stop (the rows `where` names that are pending and past their
 * expiry): a card stay whose guest never finished paying is withdrawn by the guest (it was never a
 * request the host could answer, so it does not count against the host), any other request expires.
 * Nothing is due for a stay paid on arrival that never happened; a card's hold is released after.
 * Used by the booking jobs and by a new booking's own sweep. Returns the rows moved, with their new status.
 */
async function lapseRequests(tx: Pick<Database, 'update'>, where: SQL | undefined, now: Date) {
  const lapsing = and(where, eq(bookings.status, 'pending'), lte(bookings.expiresAt, now));
  const moved = { id: bookings.id, propertyId: bookings.propertyId, status: bookings.status };
  const withdrawn = await moveBookings(tx, {
    status: 'cancelled',
    set: { cancelledBy: bookings.guestId, decidedAt: now, updatedAt: now },
    where: and(lapsing, eq(bookings.paymentStatus, 'awaiting_payment')),
  }).returning(moved);
  const unpaid = await moveBookings(tx, {
    status: 'expired',
    paymentStatus: 'cancelled',
    set: { updatedAt: now },
    where: and(lapsing, eq(bookings.paymentMethod, 'on_arrival')),
  }).returning(moved);
  const held = await moveBookings(tx, {
    status: 'expired',
    set: { updatedAt: now },
    where: and(lapsing, eq(bookings.paymentMethod, 'card'), ne(bookings.paymentStatus, 'awaiting_payment')),
  }).returning(moved);
  return [...withdrawn, ...unpaid, ...held];
}

/** The PostgreSQL error code behind a driver or Drizzle error, if any. */
function databaseErrorCode(error: unknown): string | undefined {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * The Shabbat rules of a listing that keeps Shabbat, with candle-lighting computed for its city
 * (core/shabbat-rules.ts); undefined for every other listing.
 */
async function shabbatCheckOf(
  db: Pick<Database, 'select'>,
  listing: { keepsShabbat: boolean; checkInTime: string; cityId: number | null },
): Promise<ShabbatCheck | undefined> {
  if (!listing.keepsShabbat || listing.cityId === null) return undefined;
  const [city] = await db
    .select({ slug: places.slug, latitude: places.latitude, longitude: places.longitude })
    .from(places)
    .where(eq(places.id, listing.cityId));
  if (!city) return undefined;
  return (stay) => shabbatStayProblems(listing, city, stay);
}

const datesUnavailable = () => new HttpError(409, 'dates_unavailable', 'These dates are no longer available');

async function commissionRate(db: Executor, type: PropertyType): Promise<number> {
  return (await readSetting(db, 'commissionRates'))[type];
}

/**
 * Books a stay for a guest, priced and checked by the server. Homes: a pending request holds the
 * dates until the host answers, and the exclusion constraint refuses any overlap, however many
 * requests race. Hotels: the hotel row is locked while its rooms are counted night by night, so
 * concurrent requests are counted one after the other. A listing with instant booking confirms at
 * once for a guest whose identity is verified (core/booking-action.ts booksInstantly); otherwise the
 * stay is a request the host answers, whatever the type.
 *
 * A guest waits on at most maxPendingRequestsPerGuest requests, one per listing
 * (core/booking-rules.ts): the guest's row is locked while they are counted, so racing requests are
 * counted one after the other too.
 *
 * The same Idempotency-Key from the same guest gives back the booking it made the first time.
 */
export async function createBooking(
  db: Database,
  guestId: string,
  request: BookingRequest,
  idempotencyKey: string | null,
  now = new Date(),
  paymentMethod: PaymentMethod = 'on_arrival',
): Promise<{ booking: BookingView; created: boolean }> {
  const card = paymentMethod === 'card';
  if (idempotencyKey) {
    const earlier = await findBooking(db, and(eq(bookings.guestId, guestId), eq(bookings.idempotencyKey, idempotencyKey)));
    if (earlier) return { booking: sameRequestOrThrow(earlier, request), created: false };
  }
  try {
    const booking = await db.transaction(async (tx) => {
      // A guest's requests take turns on the guest's row, so the pending limits below hold however
      // many of them race (the guest's row first, then the listing's: always in that order).
      await tx.select({ id: users.id }).from(users).where(eq(users.id, guestId)).for('no key update');
      const [guestProfileRow] = await tx
        .select({ idVerificationStatus: profiles.idVerificationStatus })
        .from(profiles)
        .where(eq(profiles.userId, guestId));
      if (idempotencyKey) {
        // The same request may have been made while this one waited for the lock.
        const [earlier] = await tx
          .select({ id: bookings.id })
          .from(bookings)
          .where(and(eq(bookings.guestId, guestId), eq(bookings.idempotencyKey, idempotencyKey)));
        if (earlier) return { ...earlier, created: false };
      }
      // Requests for one listing take turns on its row: hotels count their rooms under it, and homes
      // would otherwise deadlock in the exclusion constraint (two inserts each waiting for the other
      // to commit, settled only after deadlock_timeout). The constraint stays the guarantee.
      const bookable = and(eq(properties.id, request.propertyId), eq(properties.status, 'approved'));
      const [listing] = await tx.select().from(properties).where(bookable).for('update');
      if (!listing) throw new HttpError(404, 'listing_not_found', 'This listing does not exist or is not bookable');
      if (listing.hostId === guestId) throw new HttpError(403, 'own_listing', 'You cannot book your own listing');
      // Where the admin asks for it, a sublet or rental takes bookings only once its place is verified (issue 39).
      if (bookingNeedsVerifiedPlace(listing, await readSetting(tx, 'unverifiedPlacesMayBook'))) {
        throw new HttpError(409, 'place_not_verified', 'This place is not verified yet, so it cannot take bookings');
      }
      const todayInIsrael = israelToday(now);
      // The host's seasonal rules over the stay price it and may ask for a longer one (core/price-rules.ts).
      const priceRules = (await priceRulesOf(tx, [listing.id], request.checkIn, request.checkOut)).get(listing.id) ?? [];
      const problems = stayProblems({ ...listing, priceRules }, request, todayInIsrael, await shabbatCheckOf(tx, listing));
      if (problems.length) throw new HttpError(400, problems[0]!, problems.join(', '));

      const hotel = listing.propertyType === 'hotel';
      // The host's instant booking applies to verified guests only; anyone else sends a request.
      const instant = booksInstantly(listing, guestProfileRow?.idVerificationStatus === 'verified');
      if (!instant) {
        // Only requests still waiting for an answer count: expired ones no longer hold anything.
        const waiting = and(
          eq(bookings.guestId, guestId),
          eq(bookings.status, 'pending'),
          or(isNull(bookings.expiresAt), gt(bookings.expiresAt, now)),
        );
        const [pending] = await tx
          .select({
            total: sql<number>`count(*)::int`,
            here: sql<number>`(count(*) filter (where ${bookings.propertyId} = ${listing.id}))::int`,
          })
          .from(bookings)
          .where(waiting);
        if ((pending?.here ?? 0) >= maxPendingRequestsPerListing) {
          throw new HttpError(409, 'pending_request_exists', 'You already have a request waiting for an answer at this place');
        }
        if ((pending?.total ?? 0) >= maxPendingRequestsPerGuest) {
          throw new HttpError(
            409,
            'too_many_pending_requests',
            `You already have ${maxPendingRequestsPerGuest} requests waiting for an answer`,
          );
        }
      }

      // A request nobody answered in time stops holding its dates now, not at the next scheduled run.
      const expired = await lapseRequests(tx, eq(bookings.propertyId, listing.id), now);

      // Free for the stay: no block (the host's block takes this row's lock too) and the rooms asked
      // for left on every night. Homes have one room; their exclusion constraint stays the guarantee.
      const rooms = hotel ? request.rooms : 1;
      const free = stayIsFree(drizzleWriter, {
        listing: sql`${listing.id}::int`,
        capacity: sql`${hotel ? (listing.roomCount ?? 1) : 1}::int`,
        checkIn: sql`${request.checkIn}::date`,
        checkOut: sql`${request.checkOut}::date`,
        rooms: sql`${rooms}::int`,
      });
      const [answer] = (await tx.execute<{ free: boolean }>(sql`select ${free} as free`)).rows;
      if (!answer?.free) throw datesUnavailable();

      // The price lines are stored with the booking: later fee or commission changes never alter it.
      const serviceFeeRate = await commissionRate(tx, listing.propertyType);
      const price = quoteStay(
        listing,
        { checkIn: request.checkIn, checkOut: request.checkOut, rooms, guests: request.guests, children: request.children },
        { rules: priceRules, serviceFeeRate },
      );
      // Beyond the largest total a stay may cost (PostgreSQL integer columns, Stripe's largest charge).
      const tooDear = quoteProblem(price);
      if (tooDear) throw new HttpError(400, tooDear, `A stay may cost at most ₪${maxStayTotal.toLocaleString('en')} in all`);
      // A card stay waits for its payment, holding its dates while the guest is on the payment page;
      // once the card is held it is a request (or, booked instantly, confirmed as the card is charged).
      const confirmed = instant && !card;
      const [inserted] = await tx
        .insert(bookings)
        .values({
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
          receiptNumber: confirmed ? sql`nextval('receipt_numbers')` : null,
          paymentMethod,
          paymentStatus: card ? 'awaiting_payment' : 'due_on_arrival',
          idempotencyKey,
        })
        .returning({ id: bookings.id });
      // Paid on arrival, the platform's fee is owed by the host from the moment the stay is confirmed.
      if (confirmed) await recordOnArrivalFee(tx, inserted!.id, listing.hostId, price.serviceFee);
      // An instant booking confirms at once (an answered request); expired requests count against the
      // host. A pending request moves no figure until it is answered or expires.
      if (confirmed || expired.length > 0) await refreshHostFigures(tx, [listing.hostId], now);
      return { ...inserted!, created: true };
    });
    const row = await findBooking(db, eq(bookings.id, booking.id));
    return { booking: booking.created ? toView(row!) : sameRequestOrThrow(row!, request), created: booking.created };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = databaseErrorCode(error);
    // 40P01 (deadlock) and 40001 (serialization) can only come from racing requests for the same dates.
    if (code === '23P01' || code === '40P01' || code === '40001') throw datesUnavailable();
    if (code === '23505' && idempotencyKey) {
      // The same request raced itself: the other copy made the booking.
      const earlier = await findBooking(db, and(eq(bookings.guestId, guestId), eq(bookings.idempotencyKey, idempotencyKey)));
      if (earlier) return { booking: sameRequestOrThrow(earlier, request), created: false };
    }
    throw error;
  }
}

function sameRequestOrThrow(earlier: BookingRow, request: BookingRequest): BookingView {
  if (earlier.propertyId !== request.propertyId || earlier.checkIn !== request.checkIn || earlier.checkOut !== request.checkOut) {
    throw new HttpError(422, 'idempotency_key_reused', 'This Idempotency-Key was used for a different booking');
  }
  return toView(earlier);
}

type Writer = Pick<Database, 'insert' | 'select'>;

/** Pay on arrival: the host owes the platform's fee once the stay is confirmed (fee:<booking>). */
async function recordOnArrivalFee(tx: Writer, bookingId: string, hostId: string, serviceFee: number) {
  if (serviceFee <= 0) return;
  await recordLedgerTransaction(tx, { key: `fee:${bookingId}`, kind: 'fee_on_arrival', bookingId, hostId }, onArrivalFeeLines(serviceFee));
}

/** A confirmed stay paid on arrival is cancelled: the fee it put on the host's account goes away (fee_reversal:<booking>). */
async function reverseOnArrivalFee(tx: Writer, bookingId: string, hostId: string) {
  const [fee] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.key, `fee:${bookingId}`));
  const [row] = await tx.select({ serviceFee: bookings.serviceFee }).from(bookings).where(eq(bookings.id, bookingId));
  // Stays confirmed before the ledger existed owe no recorded fee, so there is nothing to reverse.
  if (!fee || !row || row.serviceFee <= 0) return;
  await recordLedgerTransaction(
    tx,
    { key: `fee_reversal:${bookingId}`, kind: 'fee_reversal', bookingId, hostId },
    onArrivalFeeLines(-row.serviceFee),
  );
}

/**
 * What a change leaves for the card provider once the booking's row has moved (the provider is
 * never called inside a database transaction): take the held money, let the hold go, or send the
 * policy's refund back.
 */
export type PaymentFollowUp = { kind: 'capture' } | { kind: 'release' } | { kind: 'refund'; refund: BookingRefund } | null;

/**
 * Moves a booking on, if `userId` may: the listing's host accepts or declines a pending request;
 * the guest or the host cancels a pending or confirmed stay before it starts. The booking's row is
 * locked while its state is checked and moved, so two answers to the same request (or two
 * cancellations) cannot both win; the host's figures and the ledger follow in its transaction.
 *
 * A card stay can be accepted only once the guest's card is held; it is confirmed here and
 * captured by the caller (PaymentFollowUp). A confirmed card stay can be cancelled once it is
 * captured, the refund being what its policy gives back at this moment (core/cancellation-policies.ts);
 * a host who cancels refunds everything. Paid on arrival, confirming records the fee the host owes
 * and cancelling a confirmed stay reverses it: nothing was paid, so nothing is refunded.
 */
export async function changeBooking(db: Database, userId: string, bookingId: string, action: BookingAction, now = new Date()) {
  const row = await findBooking(db, eq(bookings.id, bookingId));
  const isGuest = row?.guestId === userId;
  const isHost = row?.hostId === userId;
  // Anyone else learns nothing, not even that the booking exists.
  if (!row || (!isGuest && !isHost)) throw new HttpError(404, 'booking_not_found', 'No such booking');
  if ((action === 'accept' || action === 'decline') && !isHost) {
    throw new HttpError(403, 'host_only', 'Only the host can answer a booking request');
  }
  const todayInIsrael = israelToday(now);
  const card = row.paymentMethod === 'card';
  const moved = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        status: bookings.status,
        paymentStatus: bookings.paymentStatus,
        expiresAt: bookings.expiresAt,
        checkIn: bookings.checkIn,
      })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
      .for('update');
    if (!current) return null;
    const open = current.expiresAt === null || current.expiresAt > now;
    const before = current.checkIn > todayInIsrael;
    if (action === 'accept' && current.status === 'pending' && open && card && current.paymentStatus !== 'authorized') {
      throw new HttpError(409, 'payment_not_completed', 'The guest has not finished paying for this request yet');
    }
    const allowed =
      action === 'cancel'
        ? before && (current.status === 'pending' || (current.status === 'confirmed' && (!card || current.paymentStatus === 'captured')))
        : current.status === 'pending' && open;
    if (!allowed) return null;

    const to: BookingStatus = action === 'accept' ? 'confirmed' : action === 'decline' ? 'declined' : 'cancelled';
    let followUp: PaymentFollowUp = null;
    let refunded = 0;
    if (card && current.status === 'pending' && action !== 'accept') followUp = { kind: 'release' };
    if (card && action === 'accept') followUp = { kind: 'capture' };
    if (card && action === 'cancel' && current.status === 'confirmed') {
      const refund = await refundOfBooking(tx, bookingId, now, isHost ? 'host' : 'guest');
      refunded = refund?.refund ?? 0;
      if (refund && refund.refund > 0) followUp = { kind: 'refund', refund };
    }
    const [changed] = await moveBookings(tx, {
      status: to,
      // Paid on arrival, a stay that will not happen owes nothing.
      paymentStatus: !card && to !== 'confirmed' ? 'cancelled' : undefined,
      set: {
        decidedAt: now,
        cancelledBy: action === 'cancel' ? userId : null,
        updatedAt: now,
        refunded,
        // A confirmed stay gets the next receipt number (a card stay once its payment is captured).
        ...(!card && to === 'confirmed' ? { receiptNumber: sql`nextval('receipt_numbers')` } : {}),
      },
      where: eq(bookings.id, bookingId),
    }).returning({ id: bookings.id });
    if (!changed) return null;
    if (!card && to === 'confirmed') await recordOnArrivalFee(tx, bookingId, row.hostId, row.serviceFee);
    if (!card && current.status === 'confirmed' && to === 'cancelled') await reverseOnArrivalFee(tx, bookingId, row.hostId);
    // Every move counts for the host: an answer, a stay withdrawn by its guest, a host cancellation.
    await refreshHostFigures(tx, [row.hostId], now);
    return { followUp };
  });
  if (!moved)
    throw new HttpError(409, 'booking_state_changed', `This booking can no longer be ${action === 'cancel' ? 'cancelled' : 'answered'}`);
  return { byGuest: isGuest, followUp: moved.followUp };
}

/** A booking as `viewerId` sees it, after a change. */
export async function bookingFor(db: Database, viewerId: string, bookingId: string): Promise<BookingView> {
  const [changed] = await selectBookings(db, 'en', viewerId).where(eq(bookings.id, bookingId));
  return toView(changed!);
}

/**
 * The scheduled part of the booking states: unanswered requests expire (freeing their dates) and
 * confirmed stays complete once their check-out day has come, and their hosts' figures follow, in
 * one transaction. Safe to run on every instance at once: each move is an idempotent UPDATE.
 */
export async function runBookingJobs(db: Database, now = new Date()): Promise<{ expired: string[]; completed: number }> {
  const todayInIsrael = israelToday(now);
  return db.transaction(async (tx) => {
    const lapsed = await lapseRequests(tx, undefined, now);
    // Requests the host never answered; a card stay nobody paid for was withdrawn (no "expired" mail).
    const expired = lapsed.filter((row) => row.status === 'expired');
    const completed = await moveBookings(tx, {
      status: 'completed',
      set: { updatedAt: now },
      where: and(eq(bookings.status, 'confirmed'), lte(bookings.checkOut, todayInIsrael)),
    }).returning({ id: bookings.id, propertyId: bookings.propertyId });
    // Expired requests and completed stays both count for their hosts.
    await refreshHostFiguresOfListings(
      tx,
      [...lapsed, ...completed].map((row) => row.propertyId),
      now,
    );
    return { expired: expired.map((row) => row.id), completed: completed.length };
  });
}

export interface BookingParties {
  title: Record<Language, string>;
  checkIn: string;
  checkOut: string;
  /** Set once the stay is confirmed: its receipt is then linked from the mails. */
  receiptNumber: number | null;
  /** The stored price: what the guest pays, the platform's fee, and how. */
  total: number;
  serviceFee: number;
  paymentMethod: PaymentMethod;
  guest: { email: string; language: Language; firstName: string };
  host: { email: string; language: Language; firstName: string };
}

/** Who to tell about a booking, and in which language. */
export async function bookingParties(db: Database, bookingId: string): Promise<BookingParties | undefined> {
  const guestUser = alias(users, 'guest_user');
  const hostUser = alias(users, 'host_user');
  const [row] = await db
    .select({
      titleEn: properties.titleEn,
      titleHe: properties.titleHe,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      receiptNumber: bookings.receiptNumber,
      total: bookings.total,
      serviceFee: bookings.serviceFee,
      paymentMethod: bookings.paymentMethod,
      guestEmail: guestUser.email,
      guestLanguage: guestUser.language,
      guestFirstName: guestProfile.firstName,
      hostEmail: hostUser.email,
      hostLanguage: hostUser.language,
      hostFirstName: hostProfile.firstName,
    })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .innerJoin(guestUser, eq(guestUser.id, bookings.guestId))
    .innerJoin(hostUser, eq(hostUser.id, properties.hostId))
    .leftJoin(guestProfile, eq(guestProfile.userId, bookings.guestId))
    .leftJoin(hostProfile, eq(hostProfile.userId, properties.hostId))
    .where(eq(bookings.id, bookingId));
  if (!row) return undefined;
  return {
    title: { en: row.titleEn, he: row.titleHe },
    checkIn: row.checkIn,
    checkOut: row.checkOut,
    receiptNumber: row.receiptNumber,
    total: row.total,
    serviceFee: row.serviceFee,
    paymentMethod: row.paymentMethod,
    guest: { email: row.guestEmail, language: row.guestLanguage, firstName: row.guestFirstName ?? '' },
    host: { email: row.hostEmail, language: row.hostLanguage, firstName: row.hostFirstName ?? '' },
  };
}
