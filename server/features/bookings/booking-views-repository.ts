/** Bookings as their guest and host read them: with the listing, its place and the two people's names. */
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BookingView } from '../../../core/contracts/bookings.ts';
import { placeLabel } from '../../../core/format.ts';
import type { Language } from '../../../core/languages.ts';
import type { Database } from '../../db/database.ts';
import { cityOfListing, cityOfListingJoin, listingPlaceColumns, placeOfListing, placeOfListingJoin } from '../../db/listing-card-sql.ts';
import { bookings, profiles, properties } from '../../db/schema.ts';
import { publicPhotoOf, publicUrlOf } from '../../storage/public-url.ts';

export const hostProfile = alias(profiles, 'host_profile');
export const guestProfile = alias(profiles, 'guest_profile');

const bookingColumns = (language: Language, viewerId: string | null) => ({
  id: bookings.id,
  propertyId: bookings.propertyId,
  propertyType: properties.propertyType,
  propertyTitle: language === 'he' ? properties.titleHe : properties.titleEn,
  ...listingPlaceColumns(language),
  hostFirstName: hostProfile.firstName,
  guestFirstName: guestProfile.firstName,
  status: bookings.status,
  checkIn: bookings.checkIn,
  checkOut: bookings.checkOut,
  rooms: bookings.rooms,
  guests: bookings.guests,
  childAges: bookings.childAges,
  leaseOption: bookings.leaseOption,
  subtotal: bookings.subtotal,
  serviceFee: bookings.serviceFee,
  total: bookings.total,
  expiresAt: bookings.expiresAt,
  createdAt: bookings.createdAt,
  guestId: bookings.guestId,
  hostId: properties.hostId,
  // The guest and listing's conversation, which the booking's messages continue (decision 020).
  conversationId: sql<
    string | null
  >`(select c.id from conversations c where c.property_id = ${bookings.propertyId} and c.guest_id = ${bookings.guestId})`,
  // Messages the other side wrote in it that the viewer has not opened yet.
  unreadMessages: viewerId
    ? sql<number>`(select count(*)::int from conversations c join booking_messages m on m.conversation_id = c.id
        where c.property_id = ${bookings.propertyId} and c.guest_id = ${bookings.guestId} and m.sender_id <> ${viewerId} and m.read_at is null)`
    : sql<number>`0`,
  reviewRating: sql<number | null>`(select r.rating from reviews r where r.booking_id = ${bookings.id})`,
  reviewBody: sql<string | null>`(select r.body from reviews r where r.booking_id = ${bookings.id})`,
});

/** Bookings with their listing, places and the two people's names. */
export function selectBookings(db: Database, language: Language, viewerId: string | null = null) {
  return db
    .select(bookingColumns(language, viewerId))
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .innerJoin(placeOfListing, placeOfListingJoin)
    .innerJoin(cityOfListing, cityOfListingJoin)
    .leftJoin(hostProfile, eq(hostProfile.userId, properties.hostId))
    .leftJoin(guestProfile, eq(guestProfile.userId, bookings.guestId))
    .$dynamic();
}

export type BookingRow = Awaited<ReturnType<typeof selectBookings>>[number];

export function toView(row: BookingRow): BookingView {
  return {
    id: row.id,
    propertyId: row.propertyId,
    propertyType: row.propertyType,
    propertyTitle: row.propertyTitle,
    location: placeLabel(row.placeName, row.cityName, row.sameCity),
    photoUrl: publicUrlOf(row.cover?.key),
    photo: publicPhotoOf(row.cover),
    hostFirstName: row.hostFirstName ?? '',
    guestFirstName: row.guestFirstName ?? '',
    status: row.status,
    checkIn: row.checkIn,
    checkOut: row.checkOut,
    rooms: row.rooms,
    guests: row.guests,
    childAges: row.childAges,
    leaseOption: row.leaseOption,
    subtotal: row.subtotal,
    serviceFee: row.serviceFee,
    total: row.total,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    unreadMessages: row.unreadMessages,
    conversationId: row.conversationId,
    review: row.reviewRating === null ? null : { rating: row.reviewRating, body: row.reviewBody ?? '' },
  };
}

export async function findBooking(db: Database, where: SQL | undefined, language: Language = 'en'): Promise<BookingRow | undefined> {
  const [row] = await selectBookings(db, language).where(where);
  return row;
}

/** The guest's own bookings, newest stay first. */
export async function guestBookings(db: Database, guestId: string, language: Language): Promise<BookingView[]> {
  const rows = await selectBookings(db, language, guestId).where(eq(bookings.guestId, guestId)).orderBy(desc(bookings.checkIn));
  return rows.map(toView);
}

/** Requests and stays at the host's listings, newest request first. */
export async function hostBookings(db: Database, hostId: string, language: Language): Promise<BookingView[]> {
  const rows = await selectBookings(db, language, hostId).where(eq(properties.hostId, hostId)).orderBy(desc(bookings.createdAt));
  return rows.map(toView);
}
