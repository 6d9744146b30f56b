/** Bookings as their guest and host read them: with the listing, its place and the two people's names. */
import { addDaysIso, today as israelToday } from '../../../core/dates.ts';
import { graceOver, periodDisplayStatus, type PeriodStatus } from '../../../core/payment-states.ts';
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BookingView } from '../../../core/contracts/bookings.ts';
import type { StayReview } from '../../../core/contracts/reviews.ts';
import { isPublished, reviewWindowEnd } from '../../../core/review-rules.ts';
import { placeLabel } from '../../../core/format.ts';
import type { Language } from '../../../core/languages.ts';
import type { Database } from '../../db/database.ts';
import { cityOfListing, cityOfListingJoin, listingPlaceColumns, placeOfListing, placeOfListingJoin } from '../../db/listing-card-sql.ts';
import { bookings, platformSettings, profiles, properties, users } from '../../db/schema.ts';
import { parseSetting, settingKeys } from '../../settings/platform-settings.ts';
import type { PaymentMethod } from '../../../core/payment-states.ts';
import { publicPhotoOf, publicUrlOf } from '../../storage/public-url.ts';

export const hostProfile = alias(profiles, 'host_profile');
export const guestProfile = alias(profiles, 'guest_profile');

const bookingColumns = (language: Language, viewerId: string | null, now: Date) => ({
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
  quote: bookings.quote,
  cancellationPolicy: bookings.cancellationPolicy,
  paymentMethod: bookings.paymentMethod,
  paymentStatus: bookings.paymentStatus,
  refunded: bookings.refunded,
  receiptNumber: bookings.receiptNumber,
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
  // The two reviews of the stay: each shown to its author once written, to the other side (and
  // anyone else) only once published (visible_at passed; core/review-rules.ts).
  review: sql<StayReviewJson | null>`(select json_build_object('id', r.id, 'rating', r.rating,
      'categories', case when r.cleanliness is null then null else json_build_object('cleanliness', r.cleanliness,
        'accuracy', r.accuracy, 'communication', r.communication, 'location', r.location, 'value', r.value) end,
      'body', r.body, 'visibleAt', r.visible_at, 'replyBody', r.reply_body, 'repliedAt', r.replied_at)
    from reviews r where r.booking_id = ${bookings.id}
      and (r.visible_at <= ${now} ${viewerId ? sql`or r.author_id = ${viewerId}` : sql``}))`,
  guestReview: sql<GuestReviewJson | null>`(select json_build_object('id', g.id, 'rating', g.rating, 'body', g.body, 'visibleAt', g.visible_at)
    from guest_reviews g where g.booking_id = ${bookings.id}
      and (g.visible_at <= ${now} ${viewerId ? sql`or g.author_id = ${viewerId}` : sql``}))`,
  // A long stay's periods (decision 054), in order: what each pays for, when, and where it stands.
  schedule: sql<ScheduleJson[] | null>`(select json_agg(json_build_object('id', p.id, 'sequence', p.sequence,
      'start', p.period_start, 'end', p.period_end, 'dueOn', p.due_on, 'amount', p.amount, 'status', p.status,
      'provider', p.provider, 'receiptNumber', p.receipt_number) order by p.sequence)
    from payments p where p.booking_id = ${bookings.id} and p.kind = 'period' and p.status <> 'cancelled')`,
  // The admin's grace days, for whether the host may end a stay with an unpaid month (decision 060):
  // in this statement, not a round trip of its own.
  graceDays: sql<unknown>`(select ${platformSettings.value} from ${platformSettings} where ${platformSettings.key} = ${settingKeys.longStayGraceDays})`,
  guestReviewed: sql<boolean>`exists (select 1 from reviews r where r.booking_id = ${bookings.id})`,
  hostReviewed: sql<boolean>`exists (select 1 from guest_reviews g where g.booking_id = ${bookings.id})`,
});

interface StayReviewJson {
  id: number;
  rating: number;
  categories: StayReview['categories'];
  body: string;
  visibleAt: string;
  replyBody: string | null;
  repliedAt: string | null;
}
interface ScheduleJson {
  id: string;
  sequence: number;
  start: string;
  end: string;
  dueOn: string;
  amount: number;
  status: PeriodStatus;
  provider: 'stripe' | 'direct';
  receiptNumber: number | null;
}
interface GuestReviewJson {
  id: number;
  rating: number;
  body: string;
  visibleAt: string;
}

const iso = (timestamp: string) => new Date(timestamp).toISOString();

/** Bookings with their listing, places and the two people's names. */
export function selectBookings(db: Database, language: Language, viewerId: string | null = null, now = new Date()) {
  return db
    .select(bookingColumns(language, viewerId, now))
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .innerJoin(placeOfListing, placeOfListingJoin)
    .innerJoin(cityOfListing, cityOfListingJoin)
    .leftJoin(hostProfile, eq(hostProfile.userId, properties.hostId))
    .leftJoin(guestProfile, eq(guestProfile.userId, bookings.guestId))
    .$dynamic();
}

export type BookingRow = Awaited<ReturnType<typeof selectBookings>>[number];

export function toView(row: BookingRow, now = new Date()): BookingView {
  const windowEnd = reviewWindowEnd(row.checkOut);
  const graceDays = parseSetting('longStayGraceDays', row.graceDays);
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
    hostId: row.hostId,
    guestId: row.guestId,
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
    review: row.review && {
      id: row.review.id,
      rating: row.review.rating,
      categories: row.review.categories,
      body: row.review.body,
      publishedAt: iso(row.review.visibleAt),
      published: isPublished(row.review.visibleAt, now),
      reply: row.review.replyBody && row.review.repliedAt ? { body: row.review.replyBody, createdAt: iso(row.review.repliedAt) } : null,
    },
    guestReview: row.guestReview && {
      id: row.guestReview.id,
      rating: row.guestReview.rating,
      body: row.guestReview.body,
      publishedAt: iso(row.guestReview.visibleAt),
      published: isPublished(row.guestReview.visibleAt, now),
    },
    reviews:
      row.status === 'completed'
        ? {
            guestReviewed: row.guestReviewed,
            hostReviewed: row.hostReviewed,
            windowEndsAt: windowEnd.toISOString(),
            windowOpen: now.getTime() < windowEnd.getTime(),
          }
        : null,
    money: {
      quote: row.quote,
      cancellationPolicy: row.cancellationPolicy,
      paymentMethod: row.paymentMethod,
      paymentStatus: row.paymentStatus,
      refunded: row.refunded,
      receiptNumber: row.receiptNumber,
      schedule: (row.schedule ?? []).map((payment) => ({
        ...payment,
        status: periodDisplayStatus(payment.status, payment.dueOn, israelToday(now)),
        graceOver: row.status === 'confirmed' && graceOver(payment.status, payment.dueOn, israelToday(now), graceDays, addDaysIso),
      })),
    },
  };
}

export async function findBooking(db: Database, where: SQL | undefined, language: Language = 'en'): Promise<BookingRow | undefined> {
  const [row] = await selectBookings(db, language).where(where);
  return row;
}

/** The guest's own bookings, newest stay first. */
export async function guestBookings(db: Database, guestId: string, language: Language): Promise<BookingView[]> {
  const rows = await selectBookings(db, language, guestId).where(eq(bookings.guestId, guestId)).orderBy(desc(bookings.checkIn));
  return rows.map((row) => toView(row));
}

/** Requests and stays at the host's listings, newest request first. */
export async function hostBookings(db: Database, hostId: string, language: Language): Promise<BookingView[]> {
  const rows = await selectBookings(db, language, hostId).where(eq(properties.hostId, hostId)).orderBy(desc(bookings.createdAt));
  return rows.map((row) => toView(row));
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
  /** The member's id is whom their in-app notice goes to (decision 063). */
  guest: { id: string; email: string; language: Language; firstName: string };
  host: { id: string; email: string; language: Language; firstName: string };
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
      guestId: guestUser.id,
      guestEmail: guestUser.email,
      guestLanguage: guestUser.language,
      guestFirstName: guestProfile.firstName,
      hostId: hostUser.id,
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
    guest: { id: row.guestId, email: row.guestEmail, language: row.guestLanguage, firstName: row.guestFirstName ?? '' },
    host: { id: row.hostId, email: row.hostEmail, language: row.hostLanguage, firstName: row.hostFirstName ?? '' },
  };
}
