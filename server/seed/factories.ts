/**
 * Small test-data factories shared by the demo seed and the API tests. Each inserts one row (and
 * whatever it needs that was not given) and returns it. Defaults are valid and boring; pass
 * overrides for what a test cares about. Over 300 lines on purpose: one small factory per table,
 * found in one place by every test and the seed.
 */
import { daysBetween } from '../../core/dates.ts';
import { quoteStay, type StayQuote } from '../../core/quote.ts';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { policyOfStay } from '../../core/cancellation-policies.ts';
import { defaultCommissionRates, type PropertyType } from '../../core/constants.ts';
import type { Executor } from '../db/database.ts';
import { refreshHostFiguresOfListings } from '../db/host-figures.ts';
import { bookings, guestReviews, listingPriceRules, places, profiles, properties, propertyPhotos, reviews, users } from '../db/schema.ts';
import { hashPassword } from '../features/auth/passwords.ts';
import { refreshPropertyRatings } from '../features/reviews/reviews-repository.ts';

export type User = typeof users.$inferSelect;
export type Profile = typeof profiles.$inferSelect;
export type Place = typeof places.$inferSelect;
export type Property = typeof properties.$inferSelect;
export type PropertyPhoto = typeof propertyPhotos.$inferSelect;
export type Booking = typeof bookings.$inferSelect;
export type Review = typeof reviews.$inferSelect;
export type GuestReviewRow = typeof guestReviews.$inferSelect;
export type ListingPriceRule = typeof listingPriceRules.$inferSelect;

export const defaultPassword = 'Passw0rd!';

/** Commission per listing type, as seeded into platform_settings. */

// scrypt costs ~50-100 ms: hash each distinct password once per process.
const hashes = new Map<string, Promise<string>>();
export function cachedPasswordHash(password: string = defaultPassword): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

// Unique across test files that share one database, and readable.
const runToken = randomBytes(3).toString('hex');
let counter = 0;
const next = () => ++counter;

/** yyyy-MM-dd of a date (UTC). */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** today (UTC midnight) plus days. */
export function daysFromNow(days: number, from: Date = new Date()): string {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  d.setUTCDate(d.getUTCDate() + days);
  return isoDate(d);
}

/** The price of a stay as the app computes it (core/quote.ts), at the default commission for its type. */
export function stayPrice(
  property: Pick<Property, 'propertyType' | 'pricePerNight' | 'pricePerWeek' | 'pricePerMonth'> & Partial<Property>,
  checkIn: string,
  checkOut: string,
  rooms = 1,
): { subtotal: number; serviceFee: number; total: number; quote: StayQuote } {
  const quote = quoteStay(property, { checkIn, checkOut, rooms }, { serviceFeeRate: defaultCommissionRates[property.propertyType] });
  return { subtotal: quote.subtotal, serviceFee: quote.serviceFee, total: quote.total, quote };
}

// ---------------------------------------------------------------- users

export type UserOverrides = Partial<Omit<typeof users.$inferInsert, 'passwordHash'>> & {
  /** Plain password; default 'Passw0rd!'. */
  password?: string;
  /** A precomputed hash skips scrypt (wins over password). */
  passwordHash?: string;
  firstName?: string;
  lastName?: string;
  dateOfBirth?: string | null;
  /** Any other profile column. */
  profile?: Partial<Omit<typeof profiles.$inferInsert, 'userId'>>;
};

/** A user and its profile; e-mail confirmed unless `emailConfirmedAt: null` is passed. */
export async function createUser(db: Executor, overrides: UserOverrides = {}): Promise<User & { profile: Profile; password: string }> {
  const { password = defaultPassword, passwordHash, firstName, lastName, dateOfBirth, profile, ...userFields } = overrides;
  const n = next();
  const [user] = await db
    .insert(users)
    .values({
      email: `user-${n}.${runToken}@example.com`,
      role: 'guest',
      emailConfirmedAt: new Date(),
      termsAcceptedAt: new Date(),
      ...userFields,
      passwordHash: passwordHash ?? (await cachedPasswordHash(password)),
    })
    .returning();
  const thirtyYearsAgo = new Date();
  thirtyYearsAgo.setUTCFullYear(thirtyYearsAgo.getUTCFullYear() - 30);
  const [profileRow] = await db
    .insert(profiles)
    .values({
      userId: user!.id,
      firstName: firstName ?? 'Noa',
      lastName: lastName ?? `Tester${n}`,
      dateOfBirth: dateOfBirth === undefined ? isoDate(thirtyYearsAgo) : dateOfBirth,
      ...profile,
    })
    .returning();
  return { ...user!, profile: profileRow!, password };
}

// ---------------------------------------------------------------- places

/** A city by default (near Tel Aviv); pass kind and parentId for a neighbourhood. */
export async function createPlace(db: Executor, overrides: Partial<typeof places.$inferInsert> = {}): Promise<Place> {
  const n = next();
  const [place] = await db
    .insert(places)
    .values({
      slug: `test-place-${n}-${runToken}`,
      kind: 'city',
      nameEn: `Test City ${n}`,
      nameHe: `עיר בדיקה ${n}`,
      latitude: 32.08,
      longitude: 34.78,
      popularity: 0,
      ...overrides,
    })
    .returning();
  return place!;
}

// ---------------------------------------------------------------- properties

export type PropertyOverrides = Partial<typeof properties.$inferInsert>;

function typeDefaults(type: PropertyType): Partial<typeof properties.$inferInsert> & { titleEn: string; titleHe: string } {
  switch (type) {
    case 'hotel':
      return {
        titleEn: 'Test Hotel',
        titleHe: 'מלון בדיקה',
        pricePerNight: 500,
        starRating: 4,
        roomCount: 40,
        // Hotels booked at once before it was a setting; tests of requests turn it off.
        instantBooking: true,
        amenities: ['free_wifi', 'air_conditioning', 'breakfast_included'],
        minStayDays: 1,
        maxStayDays: 30,
      };
    case 'sublet':
      return {
        titleEn: 'Test sublet apartment',
        titleHe: 'דירת סאבלט לבדיקה',
        pricePerMonth: 6000,
        durationMonths: 6,
        amenities: ['free_wifi', 'kitchen', 'washer'],
        minStayDays: 30,
        maxStayDays: 365,
      };
    case 'rental':
      return {
        titleEn: 'Test rental apartment',
        titleHe: 'דירה להשכרה לבדיקה',
        pricePerWeek: 2500,
        leaseOptions: ['1 month', '3 months', '6 months'],
        amenities: ['free_wifi', 'kitchen', 'balcony'],
        minStayDays: 7,
        maxStayDays: 180,
      };
  }
}

/**
 * An approved, published listing (hotel unless propertyType says otherwise). Creates a host and a
 * city when hostId / placeId are not given; cityId defaults to the place's city.
 */
export async function createProperty(db: Executor, overrides: PropertyOverrides = {}): Promise<Property> {
  const type = overrides.propertyType ?? 'hotel';
  const hostId = overrides.hostId ?? (await createUser(db, { role: 'host' })).id;
  let placeId = overrides.placeId;
  let cityId = overrides.cityId;
  // The pin defaults to the place's centre, as the wizard places it.
  let centre: { latitude: number; longitude: number } | undefined;
  if (placeId === undefined) {
    const place = await createPlace(db);
    placeId = place.id;
    cityId ??= place.id;
    centre = place;
  } else if (placeId !== null) {
    const [place] = await db.select().from(places).where(eq(places.id, placeId));
    if (cityId === undefined) cityId = place?.kind === 'neighbourhood' && place.parentId ? place.parentId : placeId;
    centre = place;
  }
  const defaults = typeDefaults(type);
  const [property] = await db
    .insert(properties)
    .values({
      status: 'approved',
      publishedAt: new Date(),
      descriptionEn: 'A listing created for a test.',
      descriptionHe: 'מודעה שנוצרה לצורך בדיקה.',
      address: '1 Herzl St',
      houseRules: ['no_smoking'],
      bedrooms: 1,
      bathrooms: 1,
      maxGuests: 2,
      ...(centre ? { latitude: centre.latitude, longitude: centre.longitude } : {}),
      ...defaults,
      ...overrides,
      titleEn: overrides.titleEn ?? defaults.titleEn,
      titleHe: overrides.titleHe ?? defaults.titleHe,
      hostId,
      placeId,
      cityId: cityId!,
      propertyType: type,
    })
    .returning();
  return property!;
}

export async function createPropertyPhoto(
  db: Executor,
  overrides: Partial<typeof propertyPhotos.$inferInsert> = {},
): Promise<PropertyPhoto> {
  const propertyId = overrides.propertyId ?? (await createProperty(db)).id;
  const [photo] = await db
    .insert(propertyPhotos)
    .values({
      storageKey: 'public/seed/bedroom-1.svg',
      position: 0,
      width: 1200,
      height: 800,
      altEn: 'Bedroom',
      altHe: 'חדר שינה',
      ...overrides,
      propertyId,
    })
    .returning();
  return photo!;
}

// ---------------------------------------------------------------- bookings and reviews

/**
 * A confirmed booking starting in 30 days for the listing's minimum stay (hotels 2 nights),
 * priced like the app prices it. Creates the listing and a guest when not given.
 */
export async function createBooking(db: Executor, overrides: Partial<typeof bookings.$inferInsert> = {}): Promise<Booking> {
  let property: Property | undefined;
  if (overrides.propertyId === undefined) property = await createProperty(db);
  else [property] = await db.select().from(properties).where(eq(properties.id, overrides.propertyId));
  if (!property) throw new Error(`createBooking: no property ${overrides.propertyId}`);
  const guestId = overrides.guestId ?? (await createUser(db)).id;
  const checkIn = overrides.checkIn ?? daysFromNow(30);
  const stay = property.propertyType === 'hotel' ? Math.max(2, property.minStayDays) : property.minStayDays;
  const checkOut = overrides.checkOut ?? daysFromNow(daysBetween(daysFromNow(0), checkIn) + stay);
  const price = stayPrice(property, checkIn, checkOut, overrides.rooms ?? 1);
  const status = overrides.status ?? 'confirmed';
  const [booking] = await db
    .insert(bookings)
    .values({
      status: 'confirmed',
      rooms: 1,
      guests: 1,
      exclusive: property.propertyType !== 'hotel',
      commissionRate: defaultCommissionRates[property.propertyType],
      leaseOption: property.propertyType === 'rental' ? (property.leaseOptions[0] ?? null) : null,
      ...price,
      cancellationPolicy: policyOfStay(property, price.quote.nights),
      // Confirmed and completed stays have their receipt numbers, as the app gives them.
      receiptNumber: status === 'confirmed' || status === 'completed' ? sql`nextval('receipt_numbers')` : null,
      decidedAt: new Date(),
      ...overrides,
      propertyId: property.id,
      guestId,
      checkIn,
      checkOut,
    })
    .returning();
  // Like every booking change in the app, the host's figures follow.
  await refreshHostFiguresOfListings(db, [property.id]);
  return booking!;
}

/** A seasonal price rule (core/price-rules.ts): +30 % over the nights 60 to 67 days from now unless told otherwise. */
export async function createPriceRule(
  db: Executor,
  overrides: Partial<typeof listingPriceRules.$inferInsert> & { propertyId: number },
): Promise<ListingPriceRule> {
  const [rule] = await db
    .insert(listingPriceRules)
    .values({ startDate: daysFromNow(60), endDate: daysFromNow(67), adjustPercent: 30, ...overrides })
    .returning();
  return rule!;
}

/**
 * A review of a completed stay (creates a past, completed booking when bookingId is not given)
 * and refreshes the listing's ratingAverage / reviewCount and its host's figures so they keep
 * matching its reviews.
 */
export async function createReview(db: Executor, overrides: Partial<typeof reviews.$inferInsert> = {}): Promise<Review> {
  let booking: Booking | undefined;
  if (overrides.bookingId === undefined) {
    booking = await createBooking(db, {
      ...(overrides.propertyId === undefined ? {} : { propertyId: overrides.propertyId }),
      ...(overrides.authorId === undefined ? {} : { guestId: overrides.authorId }),
      checkIn: daysFromNow(-20),
      checkOut: daysFromNow(-10),
      status: 'completed',
    });
  } else {
    [booking] = await db.select().from(bookings).where(eq(bookings.id, overrides.bookingId));
  }
  if (!booking) throw new Error(`createReview: no booking ${overrides.bookingId}`);
  const rating = overrides.rating ?? 5;
  const [review] = await db
    .insert(reviews)
    .values({
      rating,
      cleanliness: rating,
      accuracy: rating,
      communication: rating,
      location: rating,
      value: rating,
      body: 'Lovely place, exactly as described.',
      language: 'en',
      // Published when written (both sides reviewed), unless told otherwise.
      visibleAt: overrides.createdAt ?? new Date(),
      announcedAt: overrides.createdAt ?? new Date(),
      ...overrides,
      bookingId: booking.id,
      propertyId: booking.propertyId,
      authorId: overrides.authorId ?? booking.guestId,
    })
    .returning();
  await refreshPropertyRatings(db, [review!.propertyId]);
  await refreshHostFiguresOfListings(db, [review!.propertyId]);
  return review!;
}

/**
 * A host's review of the guest of a completed stay (a new one unless bookingId is given), published
 * at once unless visibleAt says otherwise.
 */
export async function createGuestReview(db: Executor, overrides: Partial<typeof guestReviews.$inferInsert> = {}): Promise<GuestReviewRow> {
  let booking: Booking | undefined;
  if (overrides.bookingId === undefined) {
    booking = await createBooking(db, {
      ...(overrides.guestId === undefined ? {} : { guestId: overrides.guestId }),
      checkIn: daysFromNow(-12),
      checkOut: daysFromNow(-10),
      status: 'completed',
    });
  } else {
    [booking] = await db.select().from(bookings).where(eq(bookings.id, overrides.bookingId));
  }
  if (!booking) throw new Error(`createGuestReview: no booking ${overrides.bookingId}`);
  const [host] = await db.select({ id: properties.hostId }).from(properties).where(eq(properties.id, booking.propertyId));
  const now = new Date();
  const [review] = await db
    .insert(guestReviews)
    .values({
      rating: 5,
      body: 'A considerate guest who left the place spotless.',
      language: 'en',
      visibleAt: now,
      announcedAt: now,
      ...overrides,
      bookingId: booking.id,
      guestId: booking.guestId,
      authorId: host!.id,
    })
    .returning();
  return review!;
}
