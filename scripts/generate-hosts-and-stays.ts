/**
 * The people side of the benchmark data (scripts/generate-data.ts): who owns each generated listing
 * and the past stays and reviews that give hosts meaningful figures.
 *
 * Owners: homes go to hosts with 1 to 5 listings (most have one or two); hotels go either to chains
 * with dozens of hotels (60 %) or to hoteliers with one to three. Each batch plans its own hosts
 * from a PRNG seeded by its first index, so a listing's owner does not depend on how the work was cut.
 *
 * Stays: every listing has a few past stays (skewed: many have none or one, popular ones over ten),
 * most completed and reviewed, some declined, withdrawn by the guest, expired unanswered or cancelled
 * by the host, over the last two years. A host has a quality that sets their ratings and how often
 * they let requests expire, so some hosts reach super-host and most do not.
 */
import { randomUUID } from 'node:crypto';
import { quoteStay } from '../core/quote.ts';
import { defaultCommissionRates } from '../core/constants.ts';
import { chance, mixSeed, pick, randInt, type DemoListing } from '../server/seed/demo-listings.ts';
import { createRandom, type Random } from '../server/seed/random.ts';

const dayMs = 86_400_000;

type Status = 'completed' | 'expired' | 'declined' | 'cancelled' | 'host-cancelled';

interface RawClient {
  query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

interface PlannedPerson {
  email: string;
  firstName: string;
  lastName: string;
  role: 'host' | 'guest';
  joinedDaysAgo: number;
  responseTimeHours: number | null;
  /** Share of five-star reviews and of requests answered in time. */
  quality: number;
}

const firstNames = ['Avi', 'Yael', 'Moshe', 'Dina', 'Oren', 'Hila', 'Amir', 'Noga', 'Ido', 'Lior', 'Rana', 'Yusuf', 'Gal', 'Tal'];
const lastNames = ['Levi', 'Cohen', 'Mizrahi', 'Peretz', 'Biton', 'Dahan', 'Azulay', 'Haddad', 'Khoury', 'Friedman', 'Katz', 'Shalom'];
const chainNames = ['Dan', 'Isrotel', 'Fattal', 'Prima', 'Atlas', 'Astral', 'Brown', 'Leonardo', 'Herods', 'Setai'];
const homesPerHost = [1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 4, 4, 5];

function person(rand: Random, role: 'host' | 'guest', email: string, lastName?: string): PlannedPerson {
  return {
    email,
    firstName: pick(rand, firstNames),
    lastName: lastName ?? pick(rand, lastNames),
    role,
    joinedDaysAgo: randInt(rand, 30, 2500),
    responseTimeHours: role === 'host' ? pick(rand, [1, 1, 2, 3, 4, 6, 12, 24]) : null,
    quality: role === 'host' ? 0.55 + rand() * 0.45 : 1,
  };
}

/** Hosts for a batch of listings and, for each listing, the index of its host among them. */
export function planOwners(listings: DemoListing[], firstIndex: number, seed: number): { hosts: PlannedPerson[]; ownerOf: number[] } {
  const rand = createRandom(mixSeed(seed + 2, firstIndex));
  const hosts: PlannedPerson[] = [];
  const newHost = (lastName?: string) => {
    hosts.push(person(rand, 'host', `host-${firstIndex}-${hosts.length}@bench.example.com`, lastName));
    return hosts.length - 1;
  };
  const current = { home: { host: -1, left: 0 }, chain: { host: -1, left: 0 }, hotelier: { host: -1, left: 0 } };
  const ownerOf = listings.map((listing) => {
    const kind = listing.propertyType !== 'hotel' ? 'home' : chance(rand, 0.6) ? 'chain' : 'hotelier';
    const slot = current[kind];
    if (slot.left === 0) {
      slot.host = newHost(kind === 'chain' ? `${pick(rand, chainNames)} Hotels` : undefined);
      slot.left = kind === 'home' ? pick(rand, homesPerHost) : kind === 'chain' ? randInt(rand, 12, 60) : randInt(rand, 1, 3);
    }
    slot.left--;
    return slot.host;
  });
  return { hosts, ownerOf };
}

/** Guests for a batch: one per ten listings, reused by the batch's stays. */
export function planGuests(count: number, firstIndex: number, seed: number): PlannedPerson[] {
  const rand = createRandom(mixSeed(seed + 3, firstIndex));
  return Array.from({ length: Math.max(1, Math.ceil(count / 10)) }, (_, i) =>
    person(rand, 'guest', `guest-${firstIndex}-${i}@bench.example.com`),
  );
}

/** Inserts people with their profiles in two statements; returns their ids in order. */
export async function insertPeople(client: RawClient, people: PlannedPerson[], passwordHash: string, today: number): Promise<string[]> {
  if (people.length === 0) return [];
  const joined = people.map((p) => new Date(today - p.joinedDaysAgo * dayMs).toISOString());
  const inserted = await client.query(
    `insert into users (email, password_hash, role, email_confirmed_at, created_at, updated_at)
     select u.email, $2, u.role::role, u.joined, u.joined, u.joined
     from unnest($1::text[], $3::text[], $4::timestamptz[]) with ordinality as u(email, role, joined, ord) order by u.ord
     returning id`,
    [people.map((p) => p.email), passwordHash, people.map((p) => p.role), joined],
  );
  const ids = inserted.rows.map((row) => String(row.id));
  await client.query(
    `insert into profiles (user_id, first_name, last_name, response_time_hours, is_verified, id_verification_status)
     select u.id, u.first_name, u.last_name, u.hours, u.role = 'host', (case when u.role = 'host' then 'verified' else 'unverified' end)::id_verification_status
     from unnest($1::uuid[], $2::text[], $3::text[], $4::int4[], $5::text[]) as u(id, first_name, last_name, hours, role)`,
    [ids, people.map((p) => p.firstName), people.map((p) => p.lastName), people.map((p) => p.responseTimeHours), people.map((p) => p.role)],
  );
  return ids;
}

const reviewBodies = {
  en: ['Lovely place, exactly as described.', 'Great location and a kind host.', 'Clean, quiet and comfortable.', 'Fine for a short stay.'],
  he: ['מקום מקסים, בדיוק כמו בתיאור.', 'מיקום מעולה ומארח נחמד.', 'נקי, שקט ונוח.', 'בסדר לשהייה קצרה.'],
};

/**
 * Past stays and reviews of a batch's listings, in two statements. `hostQuality` gives each
 * listing's host quality, `guestIds` the batch's guests.
 */
export async function insertStays(
  client: RawClient,
  listings: DemoListing[],
  propertyIds: number[],
  hostIds: string[],
  hostQuality: number[],
  guestIds: string[],
  firstIndex: number,
  seed: number,
  today: number,
): Promise<number> {
  const rand = createRandom(mixSeed(seed + 4, firstIndex));
  const b: Record<string, unknown[]> = {};
  for (const column of ['id', 'property', 'guest', 'checkIn', 'checkOut', 'exclusive', 'status', 'subtotal', 'fee', 'total', 'rate'])
    b[column] = [];
  for (const column of ['decided', 'expires', 'cancelledBy', 'created', 'updated']) b[column] = [];
  const r: Record<string, unknown[]> = { booking: [], property: [], author: [], rating: [], body: [], language: [], created: [] };
  const todayDay = Math.floor(today / dayMs) * dayMs;

  listings.forEach((listing, i) => {
    const quality = hostQuality[i]!;
    // Skewed: many listings have no past stay or one, popular ones over ten.
    const stays = Math.floor(Math.pow(rand(), 3) * 13);
    let end = todayDay - randInt(rand, 1, 20) * dayMs;
    for (let s = 0; s < stays; s++) {
      const nights = Math.max(listing.minStayDays, listing.propertyType === 'hotel' ? randInt(rand, 1, 5) : 7 * randInt(rand, 1, 4));
      const checkOut = end;
      const checkIn = checkOut - nights * dayMs;
      end = checkIn - randInt(rand, 1, 30) * dayMs;
      if (todayDay - checkIn > 730 * dayMs) break;
      const guestId = pick(rand, guestIds);
      const requested = checkIn - randInt(rand, 3, 40) * dayMs;
      const roll = rand();
      const hotel = listing.propertyType === 'hotel';
      // Hotels confirm at once; a home's host answers, or lets the request expire, by their quality.
      const thresholds: [number, Status][] = [
        [hotel ? 0 : 0.25 * (1 - quality), 'expired'],
        [hotel ? 0 : 0.04, 'declined'],
        [0.05, 'cancelled'],
        [0.08 * (1 - quality), 'host-cancelled'],
      ];
      let status: Status = 'completed';
      let bound = 0;
      for (const [share, outcome] of thresholds) {
        bound += share;
        if (roll < bound) {
          status = outcome;
          break;
        }
      }
      const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
      const price = quoteStay(listing, { checkIn: iso(checkIn), checkOut: iso(checkOut) });
      const id = randomUUID();
      const decided = status === 'expired' ? null : new Date(requested + randInt(rand, 1, 20) * 3_600_000).toISOString();
      b.id!.push(id);
      b.property!.push(propertyIds[i]);
      b.guest!.push(guestId);
      b.checkIn!.push(iso(checkIn));
      b.checkOut!.push(iso(checkOut));
      b.exclusive!.push(!hotel);
      b.status!.push(status === 'host-cancelled' ? 'cancelled' : status);
      b.subtotal!.push(price.subtotal);
      b.fee!.push(price.serviceFee);
      b.total!.push(price.total);
      b.rate!.push(defaultCommissionRates[listing.propertyType]);
      b.decided!.push(decided);
      b.expires!.push(hotel ? null : new Date(requested + 24 * 3_600_000).toISOString());
      b.cancelledBy!.push(status === 'cancelled' ? guestId : status === 'host-cancelled' ? hostIds[i] : null);
      b.created!.push(new Date(requested).toISOString());
      b.updated!.push(
        new Date(status === 'completed' ? checkOut : status.endsWith('cancelled') ? checkIn - 2 * dayMs : requested).toISOString(),
      );
      if (status === 'completed' && chance(rand, 0.75)) {
        const language = chance(rand, 0.45) ? 'he' : 'en';
        r.booking!.push(id);
        r.property!.push(propertyIds[i]);
        r.author!.push(guestId);
        r.rating!.push(chance(rand, quality) ? 5 : pick(rand, [4, 4, 4, 3, 2]));
        r.body!.push(pick(rand, reviewBodies[language]));
        r.language!.push(language);
        r.created!.push(new Date(checkOut + randInt(rand, 1, 10) * dayMs).toISOString());
      }
    }
  });
  if (b.id!.length === 0) return 0;
  await client.query(
    `insert into bookings (id, property_id, guest_id, check_in, check_out, exclusive, status, subtotal, service_fee, total,
       commission_rate, decided_at, expires_at, cancelled_by, created_at, updated_at)
     select u.id, u.property_id, u.guest_id, u.check_in, u.check_out, u.exclusive, u.status::booking_status, u.subtotal, u.fee, u.total,
       u.rate, u.decided, u.expires, u.cancelled_by, u.created, u.updated
     from unnest($1::uuid[], $2::int4[], $3::uuid[], $4::date[], $5::date[], $6::bool[], $7::text[], $8::int4[], $9::int4[], $10::int4[],
       $11::float4[], $12::timestamptz[], $13::timestamptz[], $14::uuid[], $15::timestamptz[], $16::timestamptz[])
       as u(id, property_id, guest_id, check_in, check_out, exclusive, status, subtotal, fee, total, rate, decided, expires, cancelled_by, created, updated)`,
    ['id', 'property', 'guest', 'checkIn', 'checkOut', 'exclusive', 'status', 'subtotal', 'fee', 'total', 'rate']
      .concat(['decided', 'expires', 'cancelledBy', 'created', 'updated'])
      .map((column) => b[column]!),
  );
  if (r.booking!.length > 0) {
    await client.query(
      // Published when written (visible_at, core/review-rules.ts): long past. Left to its default (the
      // insert's now()), every review would count as published only after the host figures were filled,
      // so those figures would be stale at once and each host's first page view would recompute them.
      `insert into reviews (booking_id, property_id, author_id, rating, body, language, created_at, visible_at)
       select u.*, u.created from unnest($1::uuid[], $2::int4[], $3::uuid[], $4::int2[], $5::text[], $6::text[]::language[], $7::timestamptz[])
         as u(booking, property, author, rating, body, language, created)`,
      [r.booking, r.property, r.author, r.rating, r.body, r.language, r.created],
    );
    // The listings' own rating, as the app keeps it (search sorts and shows it).
    await client.query(
      `update properties p set rating_average = s.average, review_count = s.count
       from (select property_id, avg(rating)::real as average, count(*)::int as count from reviews
             where property_id = any($1::int4[]) group by property_id) s
       where p.id = s.property_id`,
      [propertyIds],
    );
  }
  return b.id!.length;
}
