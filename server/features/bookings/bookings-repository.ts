/**
 * The booking states' reads and writes, and nothing else: the decisions (who may act, which rule a
 * stay breaks, which move a request makes) are the use cases' (use-cases/, decision 053). Each
 * function takes an executor, so a use case runs the ones that must move together in one
 * transaction: the guest's and the listing's row locks, the new booking, the host's figures, the
 * ledger.
 */
import { and, eq, gt, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ShabbatCheck } from '../../../core/booking-rules.ts';
import { shabbatStayProblems } from '../../../core/shabbat-rules.ts';
import { onArrivalFeeLines } from '../../../core/ledger-rules.ts';
import type { BookingStatus, PropertyType } from '../../../core/constants.ts';
import type { BookingView } from '../../../core/contracts/bookings.ts';
import { drizzleWriter, stayIsFree } from '../../db/availability-sql.ts';
import type { Database, Executor } from '../../db/database.ts';
import { recordLedgerTransaction } from '../../db/ledger.ts';
import { priceRulesOf } from '../../db/price-rules-sql.ts';
import { moveBookings } from '../../db/state-moves-sql.ts';
import { bookings, ledgerTransactions, places, profiles, properties, users } from '../../db/schema.ts';
import { readSetting } from '../../settings/platform-settings.ts';
import { findBooking, selectBookings, toView } from './booking-views-repository.ts';

/** How long a card stay holds its dates while the guest is on the payment page (Stripe allows 30 min to 24 h). */
export const checkoutMinutes = 31;

/**
 * Requests nobody moved on in time stop (the rows `where` names that are pending and past their
 * expiry): a card stay whose guest never finished paying is withdrawn by the guest (it was never a
 * request the host could answer, so it does not count against the host), any other request expires.
 * Nothing is due for a stay paid on arrival that never happened; a card's hold is released after.
 * Used by the booking jobs and by a new booking's own sweep. Returns the rows moved, with their new status.
 */
export async function lapseRequests(tx: Pick<Database, 'update'>, where: SQL | undefined, now: Date) {
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

/**
 * The Shabbat rules of a listing that keeps Shabbat, with candle-lighting computed for its city
 * (core/shabbat-rules.ts); undefined for every other listing.
 */
export async function shabbatCheckOf(
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

/** The platform's commission on a type of listing, as the settings say now. */
export async function commissionRate(db: Executor, type: PropertyType): Promise<number> {
  return (await readSetting(db, 'commissionRates'))[type];
}

/** The booking a guest made with an Idempotency-Key, as a view row, if any. */
export async function bookingOfIdempotencyKey(db: Database, guestId: string, idempotencyKey: string) {
  return findBooking(db, and(eq(bookings.guestId, guestId), eq(bookings.idempotencyKey, idempotencyKey)));
}

/** A booking as its guest or host reads it (views), by id. */
export async function bookingRow(db: Database, bookingId: string) {
  return findBooking(db, eq(bookings.id, bookingId));
}

/**
 * Locks the guest's row (requests of one guest take turns on it: the guest's row first, then the
 * listing's, always in that order) and reads what a request needs of the guest: the ID verification,
 * and the booking an Idempotency-Key already made (the same request may have been made while this one
 * waited for the lock).
 */
export async function lockGuestForRequest(tx: Executor, guestId: string, idempotencyKey: string | null) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, guestId)).for('no key update');
  const [profile] = await tx
    .select({ idVerificationStatus: profiles.idVerificationStatus })
    .from(profiles)
    .where(eq(profiles.userId, guestId));
  const [earlier] = idempotencyKey
    ? await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.guestId, guestId), eq(bookings.idempotencyKey, idempotencyKey)))
    : [];
  return { verified: profile?.idVerificationStatus === 'verified', earlierId: earlier?.id ?? null };
}

/**
 * Locks an approved listing's row and reads it with its seasonal price rules over the stay. Requests
 * for one listing take turns on its row: hotels count their rooms under it, and homes would otherwise
 * deadlock in the exclusion constraint (two inserts each waiting for the other to commit, settled only
 * after deadlock_timeout). The constraint stays the guarantee.
 */
export async function lockBookableListing(tx: Executor, propertyId: number, checkIn: string, checkOut: string) {
  const bookable = and(eq(properties.id, propertyId), eq(properties.status, 'approved'));
  const [listing] = await tx.select().from(properties).where(bookable).for('update');
  if (!listing) return undefined;
  const priceRules = (await priceRulesOf(tx, [listing.id], checkIn, checkOut)).get(listing.id) ?? [];
  return { listing, priceRules };
}

/** How many requests a guest has waiting for an answer, in all and at one listing (expired ones hold nothing). */
export async function pendingRequestCounts(tx: Executor, guestId: string, listingId: number, now: Date) {
  const waiting = and(
    eq(bookings.guestId, guestId),
    eq(bookings.status, 'pending'),
    or(isNull(bookings.expiresAt), gt(bookings.expiresAt, now)),
  );
  const [pending] = await tx
    .select({
      total: sql<number>`count(*)::int`,
      here: sql<number>`(count(*) filter (where ${bookings.propertyId} = ${listingId}))::int`,
    })
    .from(bookings)
    .where(waiting);
  return { total: pending?.total ?? 0, here: pending?.here ?? 0 };
}

/**
 * Whether a stay is free: no block (the host's block takes the listing row's lock too) and the rooms
 * asked for left on every night. Homes have one room; their exclusion constraint stays the guarantee.
 */
export async function stayIsFreeNow(
  tx: Executor,
  stay: { listingId: number; capacity: number; checkIn: string; checkOut: string; rooms: number },
): Promise<boolean> {
  const free = stayIsFree(drizzleWriter, {
    listing: sql`${stay.listingId}::int`,
    capacity: sql`${stay.capacity}::int`,
    checkIn: sql`${stay.checkIn}::date`,
    checkOut: sql`${stay.checkOut}::date`,
    rooms: sql`${stay.rooms}::int`,
  });
  const [answer] = (await tx.execute<{ free: boolean }>(sql`select ${free} as free`)).rows;
  return Boolean(answer?.free);
}

/** A new booking's row, as the request use case decided it; a confirmed one takes the next receipt number. */
export async function insertBooking(tx: Executor, values: Omit<typeof bookings.$inferInsert, 'receiptNumber'>): Promise<string> {
  const [inserted] = await tx
    .insert(bookings)
    .values({ ...values, receiptNumber: values.status === 'confirmed' ? sql`nextval('receipt_numbers')` : null })
    .returning({ id: bookings.id });
  return inserted!.id;
}

type Writer = Pick<Database, 'insert' | 'select'>;

/** Pay on arrival: the host owes the platform's fee once the stay is confirmed (fee:<booking>). */
export async function recordOnArrivalFee(tx: Writer, bookingId: string, hostId: string, serviceFee: number) {
  if (serviceFee <= 0) return;
  await recordLedgerTransaction(tx, { key: `fee:${bookingId}`, kind: 'fee_on_arrival', bookingId, hostId }, onArrivalFeeLines(serviceFee));
}

/** A confirmed stay paid on arrival is cancelled: the fee it put on the host's account goes away (fee_reversal:<booking>). */
export async function reverseOnArrivalFee(tx: Writer, bookingId: string, hostId: string) {
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

/** A booking's states, its row locked until the transaction ends: two answers to one request take turns. */
export async function lockBookingState(tx: Executor, bookingId: string) {
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
  return current;
}

/**
 * Writes a host's or guest's move of a booking (the use case chose it): the new states, who cancelled,
 * the refund promised and, for a stay confirmed now and paid on arrival, the next receipt number.
 * False when a concurrent move won (moveBookings' conditional UPDATE).
 */
export async function writeBookingMove(
  tx: Executor,
  move: {
    bookingId: string;
    status: BookingStatus;
    paymentStatus?: 'cancelled';
    cancelledBy: string | null;
    refunded: number;
    newReceipt: boolean;
    now: Date;
  },
): Promise<boolean> {
  const [changed] = await moveBookings(tx, {
    status: move.status,
    paymentStatus: move.paymentStatus,
    set: {
      decidedAt: move.now,
      cancelledBy: move.cancelledBy,
      updatedAt: move.now,
      refunded: move.refunded,
      ...(move.newReceipt ? { receiptNumber: sql`nextval('receipt_numbers')` } : {}),
    },
    where: eq(bookings.id, move.bookingId),
  }).returning({ id: bookings.id });
  return Boolean(changed);
}

/** Confirmed stays whose check-out day has come are completed; returns their listings. */
export async function completeEndedStays(tx: Executor, todayInIsrael: string, now: Date) {
  return moveBookings(tx, {
    status: 'completed',
    set: { updatedAt: now },
    where: and(eq(bookings.status, 'confirmed'), lte(bookings.checkOut, todayInIsrael)),
  }).returning({ id: bookings.id, propertyId: bookings.propertyId });
}

/** A booking as `viewerId` sees it, after a change. */
export async function bookingFor(db: Database, viewerId: string, bookingId: string): Promise<BookingView> {
  const [changed] = await selectBookings(db, 'en', viewerId).where(eq(bookings.id, bookingId));
  return toView(changed!);
}
