/**
 * The public listing: its page (one prepared statement with photos, latest reviews and category
 * averages), who may see its address, the dates it cannot offer, and saved listings. Over 300 lines
 * on purpose: the page's statement and the JSON it returns are mapped in one place
 * (docs/performance.md).
 */
import { actsAsAdmin } from '../../../core/second-factor-rules.ts';
import { roundedPoint } from '../../../core/map-area.ts';
import { and, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { heldRanges } from '../../../core/availability.ts';
import { today as israelToday } from '../../../core/dates.ts';
import { placeLabel } from '../../../core/format.ts';
import type { Language } from '../../../core/languages.ts';
import type { HeldDates, ListingDetail } from '../../../core/contracts/listings.ts';
import { isSuperHost, responseRatePercent, responseTimeHours } from '../../../core/super-host.ts';
import {
  categoryAverages,
  reviewCategories,
  type CategoryRatings,
  type CategoryTotal,
  type ReviewCategory,
} from '../../../core/review-rules.ts';
import type { ListingCard } from '../../../core/contracts/search.ts';
import { blockCloses, drizzleWriter, stayHolds } from '../../db/availability-sql.ts';
import {
  cardOfRow,
  cityOfListing,
  cityOfListingJoin,
  listingCardColumns,
  placeOfListing,
  placeOfListingJoin,
} from '../../db/listing-card-sql.ts';
import type { Database } from '../../db/database.ts';
import { oncePerDatabase } from '../../db/once-per-database.ts';
import { figuresCurrent, refreshHostFigures } from '../../db/host-figures.ts';
import {
  bookings,
  hostFigures,
  listingBlocks,
  platformSettings,
  profiles,
  properties,
  propertyPhotos,
  reviews,
  savedListings,
  users,
} from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { publicUrlOf } from '../../storage/public-url.ts';
import { priceRulesColumn } from '../../db/price-rules-sql.ts';
import { parseSetting, settingKeys } from '../../settings/platform-settings.ts';

const latestReviews = 10;

/**
 * The page's photos and latest reviews come in the listing's own statement, as JSON built by
 * correlated subqueries: one round trip per page view instead of three (docs/performance.md).
 * Timestamps in JSON are text; the mapping below turns them into ISO strings.
 */
const photosOfListing = sql<
  { storageKey: string; width: number | null; height: number | null; altEn: string | null; altHe: string | null }[]
>`(select coalesce(json_agg(json_build_object('storageKey', p.storage_key, 'width', p.width, 'height', p.height,
    'altEn', p.alt_en, 'altHe', p.alt_he) order by p.position), '[]'::json)
  from ${propertyPhotos} p where p.property_id = ${properties.id})`;

interface ReviewOfListingJson {
  id: number;
  rating: number;
  categories: CategoryRatings | null;
  body: string;
  authorFirstName: string | null;
  createdAt: string;
  replyBody: string | null;
  repliedAt: string | null;
}

/** The latest published reviews (core/review-rules.ts: hidden ones wait for the other side or the window's end). */
const latestReviewsOfListing = sql<ReviewOfListingJson[]>`(
  select coalesce(json_agg(r order by r."createdAt" desc), '[]'::json) from (
    select rv.id, rv.rating, rv.body, author.first_name as "authorFirstName", rv.visible_at as "createdAt",
      case when rv.cleanliness is null then null else json_build_object('cleanliness', rv.cleanliness, 'accuracy', rv.accuracy,
        'communication', rv.communication, 'location', rv.location, 'value', rv.value) end as categories,
      rv.reply_body as "replyBody", rv.replied_at as "repliedAt"
    from ${reviews} rv left join ${profiles} author on author.user_id = rv.author_id
    where rv.property_id = ${properties.id} and rv.visible_at <= now()
    order by rv.visible_at desc limit ${sql.raw(String(latestReviews))}) r)`;

/** Each category's sum and count over the listing's published reviews, for categoryAverages. */
const categoryTotalsOfListing = sql<Record<ReviewCategory, CategoryTotal>>`(
  select json_build_object(${sql.raw(
    reviewCategories
      .map((category) => `'${category}', json_build_object('sum', coalesce(sum(rv.${category}), 0), 'count', count(rv.${category}))`)
      .join(', '),
  )})
  from ${reviews} rv where rv.property_id = ${properties.id} and rv.visible_at <= now())`;

/** Guests see approved listings only: any other, or none, is the same 404. */
const listingNotFound = () => new HttpError(404, 'listing_not_found', 'This listing does not exist or cannot be booked');

/**
 * A listing that was published once and is not shown now (paused by its host, suspended by an admin)
 * is gone: 410, so that search engines drop its page (issue 41). One never published is a 404 like
 * any id that does not exist.
 */
async function missingListingError(db: Database, id: number): Promise<HttpError> {
  const [removed] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, id), ne(properties.status, 'approved'), isNotNull(properties.publishedAt)))
    .limit(1);
  return removed ? new HttpError(410, 'listing_removed', 'This listing has been removed') : listingNotFound();
}

/**
 * The host's figures from their host_figures row. A host without one yet, or whose row has a counted
 * request or cancellation that has since left the super-host window, gets it recomputed here (rare:
 * every review and booking change keeps the row current).
 */
async function currentHostFigures(db: Database, hostId: string, stored: typeof hostFigures.$inferSelect | null, now = new Date()) {
  if (stored && figuresCurrent(stored, now)) return stored;
  const [fresh] = await db.transaction((tx) => refreshHostFigures(tx, [hostId], now));
  return fresh!;
}

/**
 * What a signed-in viewer's page adds to the page every visitor gets: whether they saved the
 * listing, and the street address where they may read it. A hotel's address is public; a home's is
 * told only to its host, to admins and to a guest whose stay there was confirmed: anyone else sees
 * the neighbourhood and city, so that a home cannot be found by browsing it. One statement, so a
 * member's view costs the session and this beside the shared page (issue 40: the member's page had
 * four statements and no cache). In Hebrew the Hebrew address when the listing has one (issue 41).
 */
export async function viewerPartOfListing(
  db: Database,
  id: number,
  language: Language,
  viewer: { id: string; role: string; secondFactorSetupRequired?: boolean | undefined },
): Promise<{ saved: boolean; address: string | null }> {
  const [row] = await viewerStatement(db).execute({ id, viewer: viewer.id, admin: actsAsAdmin(viewer), he: language === 'he' });
  return row ?? { saved: false, address: null };
}

/** The viewer's part of a listing page, prepared once per database (as the session lookup and the page's statement). */
function prepareViewerStatement(db: Database) {
  const viewer = sql.placeholder('viewer');
  // Qualified by hand: Drizzle leaves a one-table select's columns bare, and inside the subqueries a bare "id" is theirs.
  const listingId = sql.raw('"properties"."id"');
  return db
    .select({
      saved: sql<boolean>`exists (select 1 from ${savedListings} where ${savedListings.userId} = ${viewer}::uuid and ${savedListings.propertyId} = ${listingId})`,
      address: sql<
        string | null
      >`case when ${properties.propertyType} = 'hotel' or ${sql.placeholder('admin')}::boolean or ${properties.hostId} = ${viewer}::uuid
             or exists (select 1 from ${bookings} where ${bookings.propertyId} = ${listingId} and ${bookings.guestId} = ${viewer}::uuid
                        and ${bookings.status} in ('confirmed', 'completed'))
           then coalesce(case when ${sql.placeholder('he')}::boolean then nullif(${properties.addressHe}, '') end, ${properties.address})
      end`,
    })
    .from(properties)
    .where(eq(properties.id, sql.placeholder('id')))
    .prepare('listing_viewer_part');
}

const viewerStatement = oncePerDatabase(prepareViewerStatement);

/**
 * The listing page's one statement, prepared once per database and language. Building it with
 * Drizzle's query builder took more of the server's CPU than PostgreSQL took to answer it (a
 * `bench:property` profile: about a third of the busy time in drizzle-orm, `is()` and
 * `buildQueryFromSourceParams` on top), and a named statement is also parsed and planned once per
 * connection instead of per request.
 */
function prepareDetailStatement(db: Database, language: Language) {
  const he = language === 'he';
  return db
    .select({
      listing: properties,
      placeName: he ? placeOfListing.nameHe : placeOfListing.nameEn,
      cityName: he ? cityOfListing.nameHe : cityOfListing.nameEn,
      city: { slug: cityOfListing.slug, latitude: cityOfListing.latitude, longitude: cityOfListing.longitude },
      hostFirstName: profiles.firstName,
      hostPhotoKey: profiles.profileImageKey,
      hostVerification: profiles.idVerificationStatus,
      hostSince: users.createdAt,
      hostFigures: hostFigures,
      photos: photosOfListing,
      reviews: latestReviewsOfListing,
      categoryTotals: categoryTotalsOfListing,
      priceRules: priceRulesColumn(properties.id, sql.placeholder('today')),
      // The platform's rates, for the service fee the page quotes: in this statement, not a round trip of its own.
      commissionRates: sql<unknown>`(select ${platformSettings.value} from ${platformSettings} where ${platformSettings.key} = ${settingKeys.commissionRates})`,
      // The days before each later month of a long stay its payment is due, for the page's payment plan (decision 060).
      dueDaysBefore: sql<unknown>`(select ${platformSettings.value} from ${platformSettings} where ${platformSettings.key} = ${settingKeys.longStayDueDaysBefore})`,
    })
    .from(properties)
    .innerJoin(placeOfListing, placeOfListingJoin)
    .innerJoin(cityOfListing, cityOfListingJoin)
    .innerJoin(users, eq(users.id, properties.hostId))
    .leftJoin(profiles, eq(profiles.userId, properties.hostId))
    .leftJoin(hostFigures, eq(hostFigures.hostId, properties.hostId))
    .where(and(eq(properties.id, sql.placeholder('id')), eq(properties.status, 'approved')))
    .prepare(`listing_detail_${language}`);
}

const detailStatements = oncePerDatabase((db) => ({ en: prepareDetailStatement(db, 'en'), he: prepareDetailStatement(db, 'he') }));

/**
 * An approved listing as its page shows it to every visitor (not saved; the street address only of
 * a hotel): the part a signed-in viewer shares with everyone, cached as one answer. Throws the
 * not-found (404) or removed (410) error when there is none to show.
 */
export async function listingDetail(db: Database, id: number, language: Language): Promise<ListingDetail> {
  const he = language === 'he';
  const [row] = await detailStatements(db)[language].execute({ id, today: israelToday() });
  if (!row) throw await missingListingError(db, id);
  const listing = row.listing;
  const host = await currentHostFigures(db, listing.hostId, row.hostFigures);

  return {
    id: listing.id,
    type: listing.propertyType,
    title: he ? listing.titleHe : listing.titleEn,
    description: he ? listing.descriptionHe : listing.descriptionEn,
    location: placeLabel(row.placeName, row.cityName, listing.placeId === listing.cityId),
    // In Hebrew the Hebrew address when the listing has one (issue 41, item 5), else the one it has.
    address: listing.propertyType === 'hotel' ? (he && listing.addressHe) || listing.address : null,
    photos: row.photos.flatMap((photo) => {
      const url = publicUrlOf(photo.storageKey);
      const alt = (he ? photo.altHe : photo.altEn) ?? (he ? listing.titleHe : listing.titleEn);
      return url ? [{ url, width: photo.width, height: photo.height, alt }] : [];
    }),
    amenities: listing.amenities,
    houseRules: listing.houseRules,
    petFriendly: listing.petFriendly,
    swapAvailable: listing.swapAvailable,
    starRating: listing.starRating,
    roomCount: listing.roomCount,
    pricePerNight: listing.pricePerNight,
    pricePerWeek: listing.pricePerWeek,
    pricePerMonth: listing.pricePerMonth,
    durationMonths: listing.durationMonths,
    leaseOptions: listing.leaseOptions,
    bedrooms: listing.bedrooms,
    bathrooms: listing.bathrooms,
    maxGuests: listing.maxGuests,
    availableFrom: listing.availableFrom,
    availableUntil: listing.availableUntil,
    minStayDays: listing.minStayDays,
    maxStayDays: listing.maxStayDays,
    keepsShabbat: listing.keepsShabbat,
    checkInTime: listing.checkInTime,
    instantBooking: listing.instantBooking,
    verifiedPlace: listing.placeVerification === 'verified',
    fees: {
      cleaningFee: listing.cleaningFee,
      securityDeposit: listing.securityDeposit,
      weeklyDiscountPercent: listing.weeklyDiscountPercent,
      monthlyDiscountPercent: listing.monthlyDiscountPercent,
      extraGuestFee: listing.extraGuestFee,
      guestsIncluded: listing.guestsIncluded,
    },
    cancellationPolicy: listing.cancellationPolicy,
    serviceFeeRate: parseSetting('commissionRates', row.commissionRates)[listing.propertyType],
    longStayDueDaysBefore: parseSetting('longStayDueDaysBefore', row.dueDaysBefore),
    city: row.city,
    area:
      listing.areaLatitude === null || listing.areaLongitude === null ? null : roundedPoint(listing.areaLatitude, listing.areaLongitude),
    priceRules: row.priceRules,
    ratingAverage: listing.ratingAverage === null ? null : Math.round(listing.ratingAverage * 100) / 100,
    reviewCount: listing.reviewCount,
    saved: false,
    host: {
      id: listing.hostId,
      firstName: row.hostFirstName ?? '',
      photoUrl: publicUrlOf(row.hostPhotoKey),
      idVerified: row.hostVerification === 'verified',
      ratingAverage: host.ratingAverage === null ? null : Math.round(host.ratingAverage * 100) / 100,
      reviewCount: host.reviewCount,
      responseTimeHours: responseTimeHours(host.responseMinutes),
      responseRate: responseRatePercent(host),
      memberSince: row.hostSince.toISOString(),
      superHost: isSuperHost(host),
    },
    categoryAverages: categoryAverages(row.categoryTotals),
    reviews: row.reviews.map((review) => ({
      id: review.id,
      rating: review.rating,
      categories: review.categories,
      body: review.body,
      authorFirstName: review.authorFirstName ?? '',
      createdAt: new Date(review.createdAt).toISOString(),
      reply: review.replyBody && review.repliedAt ? { body: review.replyBody, createdAt: new Date(review.repliedAt).toISOString() } : null,
    })),
  };
}

/**
 * What a calendar must not offer for a stay of `rooms` rooms, from `today` on: the nights a host
 * blocked and those on which fewer rooms are left (a home has one). [checkIn, checkOut) ranges;
 * undefined when no such listing. Only the full nights leave the server, not the stays behind them.
 */
export async function heldDates(db: Database, id: number, today: string, rooms = 1): Promise<HeldDates> {
  const [listing] = await db
    .select({ type: properties.propertyType, roomCount: properties.roomCount })
    .from(properties)
    .where(and(eq(properties.id, id), eq(properties.status, 'approved')));
  if (!listing) throw listingNotFound();
  const nights = { listing: sql`${id}::int`, from: sql`${today}::date` };
  const [stays, blocks] = await Promise.all([
    db
      .select({ checkIn: bookings.checkIn, checkOut: bookings.checkOut, rooms: bookings.rooms })
      .from(bookings)
      .where(stayHolds(drizzleWriter, 'bookings', nights)),
    db
      .select({ checkIn: listingBlocks.startDate, checkOut: listingBlocks.endDate })
      .from(listingBlocks)
      .where(blockCloses(drizzleWriter, 'listing_blocks', nights)),
  ]);
  const capacity = listing.type === 'hotel' ? (listing.roomCount ?? 1) : 1;
  return { held: heldRanges({ capacity, stays, blocks }, listing.type === 'hotel' ? rooms : 1, today) };
}

/** Saves or unsaves an approved listing for a user; 404 when there is no such listing. */
export async function setSaved(db: Database, userId: string, propertyId: number, saved: boolean): Promise<void> {
  const [listing] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.status, 'approved')));
  if (!listing) throw listingNotFound();
  if (saved) await db.insert(savedListings).values({ userId, propertyId }).onConflictDoNothing();
  else await db.delete(savedListings).where(and(eq(savedListings.userId, userId), eq(savedListings.propertyId, propertyId)));
}

/**
 * The user's saved listings as cards, most recently saved first. Only approved listings: one that
 * stopped being approved stays saved (it shows again if approved again) but is not shown meanwhile.
 */
export async function savedListingCards(db: Database, userId: string, language: Language): Promise<ListingCard[]> {
  const rows = await db
    .select(listingCardColumns(language))
    .from(savedListings)
    .innerJoin(properties, eq(properties.id, savedListings.propertyId))
    .innerJoin(placeOfListing, placeOfListingJoin)
    .innerJoin(cityOfListing, cityOfListingJoin)
    .where(and(eq(savedListings.userId, userId), eq(properties.status, 'approved')))
    // Saves within the same instant still come out in a stable order.
    .orderBy(desc(savedListings.createdAt), desc(properties.id));
  return rows.map(cardOfRow);
}
