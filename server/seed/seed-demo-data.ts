/**
 * Fills an empty database with the demo data set: the gazetteer, demo accounts,
 * ~360 listings with photos, past bookings with reviews, recommendations and platform settings.
 * Everything goes in with a few multi-row INSERTs; the whole seed takes well under 6 s on an
 * in-memory PGlite. Over 300 lines because it is seed data: one function per kind of row, in the
 * order of their foreign keys.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { onArrivalFeeLines } from '../../core/ledger-rules.ts';
import { bookingAnswerHours } from '../../core/booking-rules.ts';
import { defaultCommissionRates, type PropertyType } from '../../core/constants.ts';
import type { Executor } from '../db/database.ts';
import { refreshHostFigures } from '../db/host-figures.ts';
import {
  bookingMessages,
  bookings,
  guestReviews,
  listingArrivalInfo,
  places,
  platformSettings,
  profiles,
  properties,
  propertyPhotos,
  recommendations,
  reviews,
  users,
} from '../db/schema.ts';
import type { Storage } from '../storage/storage.ts';
import { generateDemoListings, pick, randInt, type DemoListing } from './demo-listings.ts';
import { demoArrivalInfo } from './demo-arrival.ts';
import { demoFees, type DemoFees } from './demo-fees.ts';
import { payDemoPeriods, seedDemoLongStays } from './demo-long-stays.ts';
import { createRandom, type Random } from './random.ts';
import { cachedPasswordHash, createPriceRule, stayPrice } from './factories.ts';
import { holidayPresetRange } from '../../core/hebrew-calendar.ts';
import { refreshPropertyRatings } from '../features/reviews/reviews-repository.ts';
import { recordLedgerTransaction } from '../db/ledger.ts';
import { reviewCategories, reviewWindowEnd } from '../../core/review-rules.ts';
import { gazetteer, type GazetteerPlace } from './gazetteer.ts';
import { generatePhotoArt, photoArtKey } from './photo-art.ts';

export const demoSeed = 20240601;
export const demoListingCount = 360;
export const demoAccounts = {
  guest: 'guest@example.com',
  host: 'host@example.com',
  admin: 'admin@example.com',
  password: 'Passw0rd!',
} as const;

const dayMs = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Rows for multi-row INSERTs, `size` at a time (PostgreSQL takes at most 65535 parameters). */
export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

// ---------------------------------------------------------------- storage

/** Writes the 36 illustrations under public/seed/ (idempotent). */
export async function writePhotoArt(storage: Storage): Promise<number> {
  const art = generatePhotoArt();
  await Promise.all(art.map((a) => storage.put(photoArtKey(a.name), Buffer.from(a.svg, 'utf8'), 'image/svg+xml')));
  return art.length;
}

// ---------------------------------------------------------------- places

/** Inserts the gazetteer, parents first; returns slug → id. */
export async function seedGazetteer(db: Executor, source: readonly GazetteerPlace[] = gazetteer): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const kind of ['region', 'city', 'neighbourhood'] as const) {
    const rows = source
      .filter((p) => p.kind === kind)
      .map((p) => ({
        slug: p.slug,
        kind: p.kind,
        nameEn: p.nameEn,
        nameHe: p.nameHe,
        parentId: p.parentSlug ? (ids.get(p.parentSlug) ?? null) : null,
        latitude: p.latitude,
        longitude: p.longitude,
        popularity: p.popularity,
      }));
    if (rows.length === 0) continue;
    const inserted = await db.insert(places).values(rows).returning({ id: places.id, slug: places.slug });
    for (const row of inserted) ids.set(row.slug, row.id);
  }
  return ids;
}

// ---------------------------------------------------------------- people

interface Person {
  email: string;
  role: 'guest' | 'host' | 'admin';
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  bio: string;
  language?: 'en' | 'he';
  phone?: string;
  verified?: boolean;
  responseTimeHours?: number;
  /** Days before today the account was made. */
  joinedDaysAgo: number;
}

const demoPeople: Person[] = [
  {
    email: demoAccounts.guest,
    role: 'guest',
    firstName: 'Dana',
    lastName: 'Levi',
    dateOfBirth: '1994-03-12',
    bio: 'Product designer from Haifa. I travel for work a few months a year and love quiet apartments near the sea.',
    phone: '+972-52-555-0142',
    joinedDaysAgo: 420,
  },
  {
    email: demoAccounts.host,
    role: 'host',
    firstName: 'Yossi',
    lastName: 'Cohen',
    dateOfBirth: '1979-08-23',
    bio: 'Tel Aviv born and raised. I host guests in a few apartments around the city and I am happy to share tips on food and beaches.',
    phone: '+972-54-555-0199',
    verified: true,
    responseTimeHours: 2,
    joinedDaysAgo: 900,
  },
  {
    email: demoAccounts.admin,
    role: 'admin',
    firstName: 'Lina',
    lastName: 'Operations',
    dateOfBirth: '1988-01-05',
    bio: 'The Lina operations team.',
    verified: true,
    joinedDaysAgo: 1000,
  },
];

const hostNames: [first: string, last: string, language: 'en' | 'he'][] = [
  ['Michal', 'Levi', 'he'],
  ['Avi', 'Mizrahi', 'he'],
  ['Ronit', 'Peretz', 'he'],
  ['David', 'Biton', 'en'],
  ['Yael', 'Friedman', 'en'],
  ['Moshe', 'Azulay', 'he'],
  ['Orly', 'Dahan', 'he'],
  ['Amir', 'Shalom', 'en'],
  ['Noa', 'Ben-David', 'he'],
  ['Itai', 'Gabay', 'en'],
  ['Hila', 'Segal', 'he'],
  ['Guy', 'Malka', 'en'],
  ['Liat', 'Ohana', 'he'],
  ['Eyal', 'Vaknin', 'he'],
  ['Keren', 'Amsalem', 'en'],
  ['Nir', 'Hadad', 'he'],
  ['Samir', 'Haddad', 'en'],
  ['Rania', 'Khoury', 'en'],
  ['Boaz', 'Kaplan', 'en'],
  ['Adi', 'Rosen', 'he'],
];

const hostBios: [en: string, he: string][] = [
  ['I love meeting travellers and helping them feel at home.', 'אוהב/ת לארח מטיילים ולדאוג שירגישו בבית.'],
  [
    'Architect and coffee lover; my places are designed for long, comfortable stays.',
    'אדריכל/ית וחובב/ת קפה; הדירות שלי מעוצבות לשהייה ארוכה ונוחה.',
  ],
  ['Family business hosting guests for over ten years.', 'עסק משפחתי שמארח אורחים כבר יותר מעשר שנים.'],
  ['Born in the neighbourhood, happy to recommend the best hummus in town.', 'נולדתי בשכונה ואשמח להמליץ על החומוס הכי טוב בעיר.'],
  ['I answer quickly and keep my apartments spotless.', 'עונה מהר ושומר/ת על הדירות מבריקות.'],
];

const guestNames: [string, string][] = [
  ['Noam', 'Friedman'],
  ['Maya', 'Katz'],
  ['Omer', 'Biton'],
  ['Tamar', 'Shapiro'],
  ['Eitan', 'Mizrahi'],
  ['Shira', 'Avraham'],
  ['Daniel', 'Peretz'],
];

function people(rand: Random): Person[] {
  const out = [...demoPeople];
  hostNames.forEach(([firstName, lastName, language], i) => {
    const bio = hostBios[i % hostBios.length]!;
    out.push({
      email: `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '') + '@example.com',
      role: 'host',
      firstName,
      lastName,
      language,
      dateOfBirth: `${randInt(rand, 1960, 1995)}-${String(randInt(rand, 1, 12)).padStart(2, '0')}-${String(randInt(rand, 1, 28)).padStart(2, '0')}`,
      bio: language === 'he' ? bio[1] : bio[0],
      phone: `+972-5${randInt(rand, 0, 8)}-555-0${randInt(rand, 100, 999)}`,
      verified: true,
      responseTimeHours: pick(rand, [1, 1, 2, 3, 4, 6, 12, 24]),
      joinedDaysAgo: randInt(rand, 200, 1500),
    });
  });
  for (const [firstName, lastName] of guestNames) {
    out.push({
      email: `${firstName}.${lastName}`.toLowerCase() + '@example.com',
      role: 'guest',
      firstName,
      lastName,
      language: rand() < 0.5 ? 'he' : 'en',
      dateOfBirth: `${randInt(rand, 1970, 2002)}-${String(randInt(rand, 1, 12)).padStart(2, '0')}-${String(randInt(rand, 1, 28)).padStart(2, '0')}`,
      bio: 'Traveller, reader, and a big fan of Israeli breakfasts.',
      joinedDaysAgo: randInt(rand, 100, 1200),
    });
  }
  return out;
}

/** Inserts users with profiles in two statements; returns email → id. */
export async function insertPeople(db: Executor, list: Person[], passwordHash: string, today: number): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const batch of chunks(list, 500)) {
    const inserted = await db
      .insert(users)
      .values(
        batch.map((p) => {
          const joined = new Date(today - p.joinedDaysAgo * dayMs);
          return {
            email: p.email,
            passwordHash,
            role: p.role,
            language: p.language ?? 'en',
            emailConfirmedAt: joined,
            createdAt: joined,
            updatedAt: joined,
          };
        }),
      )
      .returning({ id: users.id, email: users.email });
    for (const row of inserted) ids.set(row.email, row.id);
    await db.insert(profiles).values(
      batch.map((p) => ({
        userId: ids.get(p.email)!,
        firstName: p.firstName,
        lastName: p.lastName,
        phone: p.phone ?? null,
        bio: p.bio,
        dateOfBirth: p.dateOfBirth,
        isVerified: p.verified ?? false,
        idVerificationStatus: p.verified ? ('verified' as const) : ('unverified' as const),
        verificationSubmittedAt: p.verified ? new Date(today - (p.joinedDaysAgo - 3) * dayMs) : null,
        responseTimeHours: p.responseTimeHours ?? null,
      })),
    );
  }
  return ids;
}

/** The 20 seeded hosts (not the demo host), for data generators that need owners. */
export async function seedHosts(db: Executor, today: Date = new Date()): Promise<string[]> {
  const hosts = people(createRandom(demoSeed)).filter((p) => p.role === 'host' && p.email !== demoAccounts.host);
  const ids = await insertPeople(db, hosts, await cachedPasswordHash(demoAccounts.password), today.getTime());
  return [...ids.values()];
}

// ---------------------------------------------------------------- listings

/** Column values of a generated listing, ready for an INSERT. */
export function propertyRow(
  listing: DemoListing & Partial<DemoFees>,
  hostId: string,
  placeIds: Map<string, number>,
  today: number,
): typeof properties.$inferInsert {
  const published = new Date(today - listing.publishedDaysAgo * dayMs);
  const { photos: _photos, placeSlug, citySlug, publishedDaysAgo: _days, ...fields } = listing;
  return {
    ...fields,
    hostId,
    status: 'approved',
    placeId: placeIds.get(placeSlug)!,
    cityId: placeIds.get(citySlug)!,
    publishedAt: published,
    createdAt: new Date(published.getTime() - 2 * dayMs),
    updatedAt: published,
  };
}

// ---------------------------------------------------------------- bookings and reviews

const reviewTexts: Record<'en' | 'he', Record<3 | 4 | 5, string[]>> = {
  en: {
    5: [
      'Wonderful stay – spotless, quiet and exactly like the photos.',
      'The host was incredibly helpful and the location is perfect.',
      'We loved every minute. Would book again without thinking twice.',
      'Great value, great neighbourhood, very comfortable beds.',
    ],
    4: [
      'Very nice place and an easy check-in. The street can be a bit noisy at night.',
      'Comfortable and clean; the kitchen could use a few more pans.',
      'Good location and a friendly host. The Wi-Fi was a little slow.',
    ],
    3: [
      'Decent for the price, but it needed a better clean.',
      'The location is great; the place itself is a bit dated.',
      'An OK stay. Check-in took longer than expected.',
    ],
  },
  he: {
    5: [
      'שהייה נהדרת – נקי, שקט ובדיוק כמו בתמונות.',
      'המארח היה אדיב ועזר בכל דבר, והמיקום מושלם.',
      'נהנינו מכל רגע. נחזור בשמחה!',
      'תמורה מצוינת למחיר, שכונה נהדרת ומיטות נוחות מאוד.',
    ],
    4: [
      'מקום נעים מאוד וצ׳ק-אין פשוט. הרחוב קצת רועש בלילה.',
      'נוח ונקי; במטבח חסרים כמה כלים.',
      'מיקום טוב ומארח נחמד. האינטרנט היה קצת איטי.',
    ],
    3: [
      'סביר למחיר, אבל הניקיון יכול היה להיות טוב יותר.',
      'המיקום מעולה, המקום עצמו קצת ישן.',
      'שהייה בסדר. הצ׳ק-אין לקח יותר זמן מהצפוי.',
    ],
  },
};

function stayLength(rand: Random, type: PropertyType, min: number, max: number): number {
  const wanted =
    type === 'hotel' ? randInt(rand, 1, 5) : type === 'sublet' ? pick(rand, [30, 30, 45, 60, 90]) : pick(rand, [7, 7, 14, 21, 28]);
  return Math.min(Math.max(wanted, min), max);
}

const hostReviewTexts: Record<'en' | 'he', Record<4 | 5, string[]>> = {
  en: {
    5: [
      'A considerate guest who left the place spotless. Welcome back any time.',
      'Clear communication, followed every house rule. A pleasure to host.',
      'Friendly and respectful; the apartment was as tidy as we left it.',
    ],
    4: ['A pleasant guest; check-out was a little late, otherwise all good.', 'Easy to host, though the kitchen needed a wipe.'],
  },
  he: {
    5: ['אורחת מתחשבת שהשאירה את הדירה מבריקה. מוזמנת לחזור בכל עת.', 'תקשורת מצוינת ושמירה על כל כללי הבית. תענוג לארח.'],
    4: ['אורח נעים; הצ׳ק-אאוט התאחר מעט, מלבד זה הכל טוב.', 'קל לארח, אם כי המטבח היה צריך ניקוי.'],
  },
};

/** Category ratings around the overall stars: mostly the same, now and then one lower or higher. */
function categoryRatings(rand: Random, rating: number) {
  return Object.fromEntries(
    reviewCategories.map((category) => {
      const roll = rand();
      const value = roll < 0.7 ? rating : roll < 0.85 ? rating - 1 : rating + 1;
      return [category, Math.min(5, Math.max(1, value))];
    }),
  ) as Record<(typeof reviewCategories)[number], number>;
}

/** Extra completed stays per seasoned host, at listings of theirs nobody else booked. */
const seasonedStays = 11;

/**
 * The history that makes a super-host (core/super-host.ts): eleven more stays within the last year
 * at each seasoned host's listings, requested, answered within hours, stayed and (below) reviewed
 * with five stars mostly. The figures are then computed from these rows like anyone's.
 */
function seasonedHistory(
  rand: Random,
  {
    listings,
    owners,
    propertyIds,
    seasonedHosts,
    booked,
    guestIds,
    demoGuestId,
    todayMs,
  }: {
    listings: DemoListing[];
    owners: string[];
    propertyIds: number[];
    seasonedHosts: Set<string>;
    booked: Set<number>;
    guestIds: string[];
    demoGuestId: string;
    todayMs: number;
  },
): (typeof bookings.$inferInsert)[] {
  const rows: (typeof bookings.$inferInsert)[] = [];
  const others = guestIds.filter((g) => g !== demoGuestId);
  for (const hostId of seasonedHosts) {
    const free = listings.map((_, i) => i).filter((i) => owners[i] === hostId && !booked.has(i));
    for (let k = 0; k < seasonedStays && free.length > 0; k++) {
      const i = free[k % free.length]!;
      const listing = listings[i]!;
      // One stay per listing per round, rounds 40 days apart, all ending 20 to 260 days ago.
      const checkOutMs = todayMs - (20 + Math.floor(k / free.length) * 40 + (k % free.length) * 20) * dayMs;
      const nights = Math.max(listing.minStayDays, listing.propertyType === 'hotel' ? 2 : 3);
      const checkInMs = checkOutMs - nights * dayMs;
      const checkIn = day(checkInMs);
      const checkOut = day(checkOutMs);
      if (nights > 35) continue;
      const requested = new Date(checkInMs - randInt(rand, 5, 20) * dayMs);
      rows.push({
        id: randomUUID(),
        propertyId: propertyIds[i]!,
        guestId: pick(rand, others),
        checkIn,
        checkOut,
        rooms: 1,
        guests: Math.min(listing.maxGuests, 2),
        exclusive: listing.propertyType !== 'hotel',
        status: 'completed',
        leaseOption: listing.propertyType === 'rental' ? (listing.leaseOptions[0] ?? null) : null,
        ...stayPrice(listing, checkIn, checkOut),
        commissionRate: defaultCommissionRates[listing.propertyType],
        decidedAt: new Date(requested.getTime() + randInt(rand, 1, 5) * 3_600_000),
        expiresAt: listing.propertyType === 'hotel' ? null : new Date(requested.getTime() + bookingAnswerHours * 3_600_000),
        createdAt: requested,
        updatedAt: new Date(checkOutMs),
      });
    }
  }
  return rows;
}

/**
 * Stays of the demo guest at the demo host's homes that ended in the last few days, neither side
 * has reviewed yet: what both can try two-way reviews on (e2e/reviews.e2e.ts, my-bookings.e2e.ts).
 */
function demoGuestRecentStays({
  listings,
  owners,
  propertyIds,
  bookingRows,
  demoHostId,
  demoGuestId,
  todayMs,
}: {
  listings: DemoListing[];
  owners: string[];
  propertyIds: number[];
  bookingRows: (typeof bookings.$inferInsert)[];
  demoHostId: string;
  demoGuestId: string;
  todayMs: number;
}): (typeof bookings.$inferInsert)[] {
  const rows: (typeof bookings.$inferInsert)[] = [];
  for (const [i, listing] of listings.entries()) {
    if (rows.length >= 4) break;
    if (owners[i] !== demoHostId || listing.minStayDays > 7) continue;
    const propertyId = propertyIds[i]!;
    const checkOutMs = todayMs - (1 + rows.length) * dayMs;
    const checkInMs = checkOutMs - Math.max(listing.minStayDays, 2) * dayMs;
    const checkIn = day(checkInMs);
    const checkOut = day(checkOutMs);
    // Never over another stay at the same home.
    if (bookingRows.some((b) => b.propertyId === propertyId && b.checkIn < checkOut && b.checkOut > checkIn)) continue;
    const requested = new Date(checkInMs - 10 * dayMs);
    rows.push({
      id: randomUUID(),
      propertyId,
      guestId: demoGuestId,
      checkIn,
      checkOut,
      rooms: 1,
      guests: 1,
      exclusive: listing.propertyType !== 'hotel',
      status: 'completed',
      leaseOption: listing.propertyType === 'rental' ? (listing.leaseOptions[0] ?? null) : null,
      ...stayPrice(listing, checkIn, checkOut),
      commissionRate: defaultCommissionRates[listing.propertyType],
      decidedAt: new Date(requested.getTime() + 2 * 3_600_000),
      expiresAt: listing.propertyType === 'hotel' ? null : new Date(requested.getTime() + bookingAnswerHours * 3_600_000),
      createdAt: requested,
      updatedAt: new Date(checkOutMs),
    });
  }
  return rows;
}

/** Hosts review most of their guests (never the recent stays left for the demo). */
function hostReviewsOf(
  rand: Random,
  bookingRows: (typeof bookings.$inferInsert)[],
  recentStays: (typeof bookings.$inferInsert)[],
  owners: string[],
  propertyIds: number[],
): (typeof guestReviews.$inferInsert)[] {
  const hostOf = new Map(propertyIds.map((id, i) => [id, owners[i]!]));
  const left = new Set(recentStays.map((row) => row.id));
  return bookingRows.flatMap((row) => {
    if (left.has(row.id) || rand() > 0.8) return [];
    const language = rand() < 0.4 ? 'he' : 'en';
    const rating = rand() < 0.85 ? 5 : 4;
    return [
      {
        bookingId: row.id!,
        guestId: row.guestId,
        authorId: hostOf.get(row.propertyId)!,
        rating,
        body: pick(rand, hostReviewTexts[language][rating]),
        language,
        createdAt: new Date(Date.parse(`${row.checkOut}T12:00:00Z`) + randInt(rand, 0, 3) * dayMs),
        visibleAt: new Date(0),
      },
    ];
  });
}

/**
 * Publication as the app decides it (core/review-rules.ts): both reviews of a stay when the second
 * came in, or the end of the window; announced then, since nothing is left to tell.
 */
function publishSeededReviews(
  reviewRows: (typeof reviews.$inferInsert)[],
  hostReviewRows: (typeof guestReviews.$inferInsert)[],
  bookingRows: (typeof bookings.$inferInsert)[],
  today: Date,
) {
  const checkOuts = new Map(bookingRows.map((row) => [row.id!, row.checkOut]));
  const guestWrote = new Map(reviewRows.map((row) => [row.bookingId, row]));
  const hostWrote = new Map(hostReviewRows.map((row) => [row.bookingId, row]));
  for (const bookingId of new Set([...guestWrote.keys(), ...hostWrote.keys()])) {
    const guestReview = guestWrote.get(bookingId);
    const hostReview = hostWrote.get(bookingId);
    const windowEnd = reviewWindowEnd(checkOuts.get(bookingId)!);
    // Written within the window, and never in the future.
    for (const review of [guestReview, hostReview]) {
      if (review)
        review.createdAt = new Date(Math.min(review.createdAt!.getTime(), windowEnd.getTime() - 3_600_000, today.getTime() - 3_600_000));
    }
    const visibleAt =
      guestReview && hostReview ? new Date(Math.max(guestReview.createdAt!.getTime(), hostReview.createdAt!.getTime())) : windowEnd;
    const announcedAt = visibleAt.getTime() <= today.getTime() ? visibleAt : null;
    for (const review of [guestReview, hostReview]) {
      if (!review) continue;
      review.visibleAt = visibleAt;
      review.announcedAt = announcedAt;
    }
  }
}

// ---------------------------------------------------------------- the seed

export async function seedDemoData(
  db: Executor,
  storage: Storage,
  today: Date = new Date(),
  /** longStays: false leaves out the long stays paid by period and the move-in report (demo-long-stays.ts), for a test of the books as they were before them. */
  options: { longStays?: boolean } = {},
): Promise<{ places: number; listings: number; users: number }> {
  const rand = createRandom(demoSeed);
  const todayMs = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());

  // Storage writes, the password hash and listing generation overlap with the database work.
  const artWritten = writePhotoArt(storage);
  artWritten.catch(() => undefined); // awaited (and so reported) at the end
  const passwordHash = await cachedPasswordHash(demoAccounts.password);
  const placeIds = await seedGazetteer(db);

  const everyone = people(rand);
  const userIds = await insertPeople(db, everyone, passwordHash, todayMs);
  const hostIds = everyone.filter((p) => p.role === 'host' && p.email !== demoAccounts.host).map((p) => userIds.get(p.email)!);
  const demoHostId = userIds.get(demoAccounts.host)!;
  const guestIds = everyone.filter((p) => p.role === 'guest').map((p) => userIds.get(p.email)!);
  const demoGuestId = userIds.get(demoAccounts.guest)!;

  // Listings: every 36th belongs to the demo host (10 of 360).
  // Fees and policies from a stream of their own (demo-fees.ts): the listings and stays stay as they were.
  const feeRand = createRandom(demoSeed + 29);
  const listings = generateDemoListings(demoListingCount, { seed: demoSeed, today }).map((listing) => ({
    ...listing,
    ...demoFees(feeRand, listing),
  }));
  const owners = listings.map((_, i) => (i % 36 === 5 ? demoHostId : pick(rand, hostIds)));
  const rows = listings.map((l, i) => propertyRow(l, owners[i]!, placeIds, todayMs));
  const propertyIds: number[] = [];
  for (const batch of chunks(rows, 1000)) {
    const inserted = await db.insert(properties).values(batch).returning({ id: properties.id });
    propertyIds.push(...inserted.map((r) => r.id));
  }
  const arrivalRows = listings.map((l, i) => ({ propertyId: propertyIds[i]!, ...demoArrivalInfo(l, i) }));
  for (const batch of chunks(arrivalRows, 1000)) await db.insert(listingArrivalInfo).values(batch);
  const photoRows = listings.flatMap((l, i) => l.photos.map((photo, position) => ({ ...photo, propertyId: propertyIds[i]!, position })));
  for (const batch of chunks(photoRows, 4000)) await db.insert(propertyPhotos).values(batch);

  // Three hosts earn super-host from their history (seasonedHistory): picked, not flagged.
  const seasonedHosts = new Set(hostIds.slice(0, 3));
  const reviewRand = createRandom(demoSeed + 17);

  // Completed past stays: about 150, never overlapping on one listing, most reviewed.
  const bookingRows: (typeof bookings.$inferInsert)[] = [];
  const reviewRows: (typeof reviews.$inferInsert)[] = [];
  const booked = new Set<number>(listings.map((_, i) => i).filter((i) => owners[i] === demoHostId));
  while (booked.size < 60) booked.add(randInt(rand, 0, listings.length - 1));
  const bookedList = [...booked];
  let guestTurn = 0;
  while (bookingRows.length < 150) {
    const i = bookedList[bookingRows.length % bookedList.length]!;
    const listing = listings[i]!;
    const propertyId = propertyIds[i]!;
    // Stays on one listing go back in time from about a week ago.
    const previous = bookingRows.filter((b) => b.propertyId === propertyId);
    const latestStart = previous.length
      ? Math.min(...previous.map((b) => Date.parse(`${b.checkIn}T00:00:00Z`)))
      : todayMs - randInt(rand, 3, 20) * dayMs;
    const nights = stayLength(rand, listing.propertyType, listing.minStayDays, listing.maxStayDays);
    const checkOutMs = latestStart - randInt(rand, 2, 30) * dayMs;
    const checkInMs = checkOutMs - nights * dayMs;
    const checkIn = day(checkInMs);
    const checkOut = day(checkOutMs);
    // The demo guest gets every fifth stay, the others share the rest.
    const guestId =
      guestTurn++ % 5 === 0
        ? demoGuestId
        : pick(
            rand,
            guestIds.filter((g) => g !== demoGuestId),
          );
    const price = stayPrice(listing, checkIn, checkOut);
    const id = randomUUID();
    const requested = new Date(checkInMs - randInt(rand, 7, 40) * dayMs);
    const seasoned = seasonedHosts.has(owners[i]!);
    bookingRows.push({
      id,
      propertyId,
      guestId,
      checkIn,
      checkOut,
      rooms: 1,
      guests: Math.min(listing.maxGuests, randInt(rand, 1, 3)),
      exclusive: listing.propertyType !== 'hotel',
      status: 'completed',
      leaseOption: listing.propertyType === 'rental' ? (listing.leaseOptions[0] ?? null) : null,
      ...price,
      commissionRate: defaultCommissionRates[listing.propertyType],
      decidedAt: new Date(requested.getTime() + randInt(rand, 1, 20) * 3_600_000),
      // A home's stay was a request the host answered; a hotel's was booked at once (no answer needed).
      expiresAt: listing.propertyType === 'hotel' ? null : new Date(requested.getTime() + bookingAnswerHours * 3_600_000),
      createdAt: requested,
      updatedAt: new Date(checkOutMs),
    });
    if (rand() < 0.85) {
      // A super-host's guests (seasonedHosts) are the happy ones: that is what earns the title.
      const rating = pick(rand, seasoned ? ([5, 5, 5, 5, 5, 5, 5, 5, 5, 4] as const) : ([5, 5, 5, 5, 4, 4, 4, 3] as const));
      const language = rand() < 0.45 ? 'he' : 'en';
      reviewRows.push({
        bookingId: id,
        propertyId,
        authorId: guestId,
        rating,
        ...categoryRatings(reviewRand, rating),
        body: pick(rand, reviewTexts[language][rating]),
        language,
        createdAt: new Date(Math.min(checkOutMs + randInt(rand, 1, 6) * dayMs, today.getTime() - 3_600_000)),
      });
    }
  }
  const seasonedRows = seasonedHistory(reviewRand, {
    listings,
    owners,
    propertyIds,
    seasonedHosts,
    booked,
    guestIds,
    demoGuestId,
    todayMs,
  });
  bookingRows.push(...seasonedRows);
  for (const [k, row] of seasonedRows.entries()) {
    const language = reviewRand() < 0.45 ? 'he' : 'en';
    const rating = k % 8 === 7 ? 4 : 5;
    reviewRows.push({
      bookingId: row.id!,
      propertyId: row.propertyId,
      authorId: row.guestId,
      rating,
      ...categoryRatings(reviewRand, rating),
      body: pick(reviewRand, reviewTexts[language][rating]),
      language,
      createdAt: new Date(Date.parse(`${row.checkOut}T10:00:00Z`) + randInt(reviewRand, 1, 4) * dayMs),
    });
  }
  const recentStays = demoGuestRecentStays({ listings, owners, propertyIds, bookingRows, demoHostId, demoGuestId, todayMs });
  bookingRows.push(...recentStays);
  const hostReviewRows = hostReviewsOf(reviewRand, bookingRows, recentStays, owners, propertyIds);
  publishSeededReviews(reviewRows, hostReviewRows, bookingRows, today);
  for (const batch of chunks(bookingRows, 1000)) await db.insert(bookings).values(batch);
  await db.insert(reviews).values(reviewRows);
  await db.insert(guestReviews).values(hostReviewRows);
  await refreshPropertyRatings(db, undefined, today);
  await seedHostInbox(db, rand, {
    listings: listings.flatMap((listing, i) => (owners[i] === demoHostId ? [{ listing, propertyId: propertyIds[i]! }] : [])),
    guestIds: guestIds.filter((g) => g !== demoGuestId),
    now: today,
  });
  // Long stays paid period by period and a move-in report (demo-long-stays.ts), at listings free then.
  const longStays =
    options.longStays === false
      ? null
      : await seedDemoLongStays(db, {
          demoGuestId,
          demoHostId,
          otherGuestIds: guestIds.filter((g) => g !== demoGuestId),
          now: today,
        });
  await refreshHostFigures(db, [...hostIds, demoHostId], today);
  await seedMoney(db);
  if (longStays) await payDemoPeriods(db, longStays);
  await seedPriceRules(db, {
    demoHostListings: propertyIds.filter((_, i) => owners[i] === demoHostId),
    others: propertyIds.filter((_, i) => owners[i] !== demoHostId && i % 40 === 7),
    today: day(todayMs),
  });

  const recommender = (email: string) => userIds.get(email)!;
  await db.insert(recommendations).values([
    {
      recommendedUserId: demoGuestId,
      recommenderUserId: demoHostId,
      recommendationText:
        'Dana stayed in one of my Tel Aviv apartments for two months and left it spotless. A considerate, communicative guest – welcome back any time.',
      rating: 5,
      relationshipContext: 'Hosted Dana in Tel Aviv',
      createdAt: new Date(todayMs - 60 * dayMs),
    },
    {
      recommendedUserId: demoGuestId,
      recommenderUserId: recommender('michal.levi@example.com'),
      recommendationText: 'דנה הייתה אורחת מצוינת: תקשורת נעימה, שמרה על הדירה והשאירה אותה מסודרת. ממליצה בחום!',
      rating: 5,
      relationshipContext: 'אירחה את דנה בחיפה',
      createdAt: new Date(todayMs - 140 * dayMs),
    },
    {
      recommendedUserId: demoGuestId,
      recommenderUserId: recommender('noam.friedman@example.com'),
      recommendationText: 'We shared a flat in Jerusalem for a year. Dana is tidy, reliable and always pays her share on time.',
      rating: 4,
      relationshipContext: 'Former flatmate',
      createdAt: new Date(todayMs - 300 * dayMs),
    },
  ]);

  await db.insert(platformSettings).values([
    { key: 'launch_mode', value: 'prelaunch' },
    { key: 'auto_approve_verified_hosts', value: false },
    { key: 'commission_rates', value: defaultCommissionRates },
  ]);

  await artWritten;
  return { places: placeIds.size, listings: propertyIds.length, users: userIds.size };
}

/**
 * Something for the demo host to answer: two requests waiting (one with a question from the guest)
 * and one confirmed stay ahead, at the host's listings, from other guests.
 */
async function seedHostInbox(
  db: Executor,
  rand: Random,
  { listings, guestIds, now }: { listings: { listing: DemoListing; propertyId: number }[]; guestIds: string[]; now: Date },
) {
  const todayMs = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const plans = [
    { status: 'pending' as const, startInDays: 21, question: 'Hi! Is the place quiet in the evenings? I work from home.' },
    { status: 'pending' as const, startInDays: 45, question: null },
    { status: 'confirmed' as const, startInDays: 12, question: null },
  ];
  for (const [index, plan] of plans.entries()) {
    const { listing, propertyId } = listings[index % listings.length]!;
    const earliest = todayMs + plan.startInDays * dayMs;
    const fromMs = listing.availableFrom ? Math.max(earliest, Date.parse(`${listing.availableFrom}T00:00:00Z`)) : earliest;
    const nights = Math.max(listing.minStayDays, listing.propertyType === 'hotel' ? 3 : 0);
    const checkIn = day(fromMs);
    const checkOut = day(fromMs + nights * dayMs);
    if (listing.availableUntil && checkOut > listing.availableUntil) continue;
    const guestId = guestIds[index % guestIds.length]!;
    const price = stayPrice(listing, checkIn, checkOut);
    const requestedAt = new Date(now.getTime() - randInt(rand, 1, 5) * 3_600_000);
    const [booking] = await db
      .insert(bookings)
      .values({
        propertyId,
        guestId,
        checkIn,
        checkOut,
        rooms: 1,
        guests: Math.min(listing.maxGuests, 2),
        exclusive: listing.propertyType !== 'hotel',
        status: plan.status,
        leaseOption: listing.propertyType === 'rental' ? (listing.leaseOptions[0] ?? null) : null,
        ...price,
        commissionRate: defaultCommissionRates[listing.propertyType],
        decidedAt: plan.status === 'confirmed' ? requestedAt : null,
        expiresAt: plan.status === 'pending' ? new Date(requestedAt.getTime() + bookingAnswerHours * 3_600_000) : null,
        createdAt: requestedAt,
        updatedAt: requestedAt,
      })
      .returning({ id: bookings.id });
    if (plan.question)
      await db.insert(bookingMessages).values({ bookingId: booking!.id, senderId: guestId, body: plan.question, createdAt: requestedAt });
  }
}

/**
 * Seasonal rules (core/price-rules.ts): the demo host's first listing charges 30 % more over Passover
 * and asks for 3 nights at least over Sukkot; a few other listings charge 20 % more over Passover, so
 * a search over Passover dates sorts and filters on their higher prices.
 */
async function seedPriceRules(
  db: Executor,
  { demoHostListings, others, today }: { demoHostListings: number[]; others: number[]; today: string },
) {
  const passover = holidayPresetRange('passover', today);
  const sukkot = holidayPresetRange('sukkot', today);
  const [first] = demoHostListings;
  if (first !== undefined) {
    await createPriceRule(db, { propertyId: first, ...passover, preset: 'passover', adjustPercent: 30 });
    await createPriceRule(db, { propertyId: first, ...sukkot, preset: 'sukkot', adjustPercent: null, minNights: 3 });
  }
  for (const propertyId of others) await createPriceRule(db, { propertyId, ...passover, preset: 'passover', adjustPercent: 20 });
}

/**
 * The books that go with the demo stays (docs/decisions/025-receipts-and-payouts.md): every
 * confirmed and completed stay has its receipt number, in the order the stays were confirmed, and,
 * being paid on arrival, the platform's fee the host owes for it (fee:<booking>, dated when the stay
 * was confirmed), so that Finance and the hosts' earnings show real months.
 */
async function seedMoney(db: Executor) {
  await db.execute(sql`update bookings set receipt_number = numbered.n
    from (select id, nextval('receipt_numbers') as n from (
      select id from bookings where status in ('confirmed', 'completed') and receipt_number is null
      order by coalesce(decided_at, created_at), id) as ordered) as numbered
    where numbered.id = bookings.id`);
  const stays = await db
    .select({ id: bookings.id, hostId: properties.hostId, fee: bookings.serviceFee })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(
      and(
        inArray(bookings.status, ['confirmed', 'completed']),
        eq(bookings.paymentStatus, 'due_on_arrival'),
        gt(bookings.serviceFee, 0),
        // A long stay paid to the host owes its fee period by period, as each is received (recordPeriodReceived).
        sql`not exists (select 1 from payments p where p.booking_id = ${bookings.id} and p.kind = 'period')`,
      ),
    );
  await db.transaction(async (tx) => {
    for (const stay of stays) {
      await recordLedgerTransaction(
        tx,
        { key: `fee:${stay.id}`, kind: 'fee_on_arrival', bookingId: stay.id, hostId: stay.hostId },
        onArrivalFeeLines(stay.fee),
      );
    }
  });
  await db.execute(sql`update ledger_transactions set created_at = coalesce(bookings.decided_at, bookings.created_at)
    from bookings where bookings.id = ledger_transactions.booking_id and ledger_transactions.kind = 'fee_on_arrival'`);
}
