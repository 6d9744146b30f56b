import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { formatPrice } from '../../../core/format.ts';
import { localizePath, type Language } from '../../../core/languages.ts';
import { maxListingsPerAlert } from '../../../core/search-alerts.ts';
import { searchQuerySchema } from '../../../core/search-query-schema.ts';
import type { PropertyType } from '../../../core/constants.ts';
import type { Database } from '../../db/database.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { listingsPublishedBetween, seasonalPrices, type NewMatch } from './search-repository.ts';
import { signUnsubscribe, unsubscribeKey } from './unsubscribe-token.ts';

/**
 * The alert jobs (issue 38, item 4; decision 048): saved searches' new listings, and saved listings
 * that got cheaper. Every instance runs them; a search is claimed by one run at a time (`FOR UPDATE
 * SKIP LOCKED` in the claiming UPDATE), a listing is mailed to a search at most once (the key of
 * saved_search_alerts), and a price is mailed by the run whose conditional UPDATE moves it.
 */

/** The most listings one run records for a search; the mail names the first maxListingsPerAlert. */
const maxRecordedPerRun = 100;
/** The most searches one run claims, so a run ends; the rest wait for the next. */
const maxSearchesPerRun = 500;
const maxPriceChecksPerRun = 1000;

interface Recipient {
  email: string;
  language: Language;
  firstName: string;
}

async function recipientOf(db: Database, userId: string): Promise<Recipient | null> {
  const [row] = (
    await db.execute<{ email: string; language: Language; first_name: string | null }>(sql`
      select u.email, u.language, p.first_name from users u left join profiles p on p.user_id = u.id
      where u.id = ${userId} and u.status = 'active'`)
  ).rows;
  return row ? { email: row.email, language: row.language, firstName: row.first_name ?? '' } : null;
}

type ClaimedSearch = {
  id: number;
  user_id: string;
  name: string;
  query: string;
  language: Language;
  /** The previous alerts_since, in milliseconds. */
  since_ms: number;
};

/**
 * Claims one due search and moves its alerts_since to the run's start, in one statement: an instant
 * search is due once per run, a daily one a day after its last run. Concurrent runs skip a search
 * another is claiming, and one that finds it already moved past its own start leaves it.
 */
async function claimDueSearch(db: Database, runStart: Date): Promise<ClaimedSearch | null> {
  const start = runStart.toISOString();
  const { rows } = await db.execute<ClaimedSearch>(sql`
    update saved_searches ss set alerts_since = ${start}::timestamptz
    from (
      select id, alerts_since from saved_searches
      where (frequency = 'instant' and alerts_since < ${start}::timestamptz)
        or (frequency = 'daily' and alerts_since <= ${start}::timestamptz - interval '1 day')
      order by alerts_since, id limit 1 for update skip locked
    ) due
    where ss.id = due.id
    returning ss.id, ss.user_id, ss.name, ss.query, ss.language, floor(extract(epoch from due.alerts_since) * 1000)::float8 as since_ms`);
  return rows[0] ?? null;
}

function titleIn(language: Language, listing: { titleEn: string; titleHe: string }) {
  return (language === 'he' && listing.titleHe) || listing.titleEn || listing.titleHe;
}

function listingLink(siteUrl: string, language: Language, id: number) {
  return `${siteUrl}${localizePath(`/property/${id}`, language)}`;
}

function unitPriceText(price: number | null, language: Language) {
  return price === null ? '' : ` – ${formatPrice(price, language)}`;
}

/** Records the new listings of a search (those not yet sent to it) and mails them; the listings mailed. */
async function alertSearch(db: Database, siteUrl: string, key: string, search: ClaimedSearch, runStart: Date): Promise<NewMatch[]> {
  const recipient = await recipientOf(db, search.user_id);
  if (!recipient) return [];
  // In the language of the page the search was saved from.
  const { language } = search;
  const parsed = searchQuerySchema.safeParse({ ...Object.fromEntries(new URLSearchParams(search.query)), lang: language });
  // A search whose dates have passed matches nothing any more (the schema refuses past dates).
  if (!parsed.success) return [];
  const found = await listingsPublishedBetween(db, parsed.data, new Date(search.since_ms), runStart, maxRecordedPerRun);
  if (found.length === 0) return [];
  const sent = await db.execute<{ property_id: number }>(sql`
    insert into saved_search_alerts (saved_search_id, property_id)
    select ${search.id}::int, unnest(${`{${found.map((listing) => listing.id).join(',')}}`}::int[])
    on conflict do nothing returning property_id`);
  const newIds = new Set(sent.rows.map((row) => Number(row.property_id)));
  const fresh = found.filter((listing) => newIds.has(listing.id));
  if (fresh.length === 0) return [];
  const lines = fresh
    .slice(0, maxListingsPerAlert)
    .map(
      (listing) =>
        `• ${titleIn(language, listing)}${unitPriceText(listing.price, language)}: ${listingLink(siteUrl, language, listing.id)}`,
    );
  if (fresh.length > maxListingsPerAlert) lines.push(`+${fresh.length - maxListingsPerAlert}`);
  await queueMail(db, {
    to: recipient.email,
    language,
    template: 'searchAlert',
    params: {
      firstName: recipient.firstName,
      name: search.name,
      count: String(fresh.length),
      listings: lines.join('\n'),
      unsubscribeLink: `${siteUrl}${localizePath('/alerts/unsubscribe', language)}?token=${encodeURIComponent(signUnsubscribe(key, { kind: 'search', searchId: search.id }))}`,
    },
    link: `${siteUrl}${localizePath('/results', language)}?${search.query}`,
  });
  return fresh;
}

export interface SearchAlertsRun {
  searches: number;
  mails: number;
}

/** One run of the saved searches' alerts at `runStart`: every due search, each claimed by this run alone. */
export async function runSearchAlerts(db: Database, siteUrl: string, runStart = new Date()): Promise<SearchAlertsRun> {
  const key = await unsubscribeKey(db);
  const run: SearchAlertsRun = { searches: 0, mails: 0 };
  for (let claimed = 0; claimed < maxSearchesPerRun; claimed++) {
    const search = await claimDueSearch(db, runStart);
    if (!search) break;
    run.searches++;
    if ((await alertSearch(db, siteUrl, key, search, runStart)).length > 0) run.mails++;
  }
  return run;
}

type WatchedRow = {
  user_id: string;
  property_id: number;
  watched_price: number | null;
  check_in: string | null;
  check_out: string | null;
  list_price: number | null;
  property_type: PropertyType;
  title_en: string;
  title_he: string;
};

/**
 * The price-drop mails (decision 048): a saved listing's price for the member's saved dates (its
 * seasonal rules over them, as a search prices it; the list price without dates) is compared with the
 * price last seen. The first look only records it; a change is recorded by a conditional UPDATE (the
 * price still the one read), and only the run that made it mails, and only when the price fell.
 * Listings whose saved dates have passed are no longer watched.
 */
export async function runPriceDrops(db: Database, siteUrl: string): Promise<number> {
  const { rows } = await db.execute<WatchedRow>(sql`
    select sl.user_id, sl.property_id, sl.watched_price, sl.check_in::text as check_in, sl.check_out::text as check_out,
      p.list_price, p.property_type, p.title_en, p.title_he
    from saved_listings sl join properties p on p.id = sl.property_id
    where sl.price_alerts and p.status = 'approved'
      and (sl.check_out is null or sl.check_out > current_date)
      and (sl.watched_price is null or sl.check_in is not null or p.list_price is distinct from sl.watched_price)
    order by sl.property_id limit ${maxPriceChecksPerRun}`);
  if (rows.length === 0) return 0;
  const key = await unsubscribeKey(db);
  const seasonalByStay = new Map<string, Promise<Map<number, number>>>();
  const seasonalFor = (type: PropertyType, checkIn: string, checkOut: string) => {
    const stay = `${type}:${checkIn}:${checkOut}`;
    let prices = seasonalByStay.get(stay);
    if (!prices) {
      prices = seasonalPrices(db, type, checkIn, checkOut).then(({ ids, prices }) => new Map(ids.map((id, index) => [id, prices[index]!])));
      seasonalByStay.set(stay, prices);
    }
    return prices;
  };
  let mails = 0;
  for (const row of rows) {
    const dated = row.check_in && row.check_out ? { checkIn: row.check_in, checkOut: row.check_out } : null;
    const price = dated
      ? ((await seasonalFor(row.property_type, dated.checkIn, dated.checkOut)).get(row.property_id) ?? row.list_price)
      : row.list_price;
    if (price === null || price === row.watched_price) continue;
    const moved = await db.execute<{ property_id: number }>(sql`
      update saved_listings set watched_price = ${price}
      where user_id = ${row.user_id} and property_id = ${row.property_id} and watched_price is not distinct from ${row.watched_price}
      returning property_id`);
    if (moved.rows.length === 0 || row.watched_price === null || price >= row.watched_price) continue;
    const recipient = await recipientOf(db, row.user_id);
    if (!recipient) continue;
    const { language } = recipient;
    const token = signUnsubscribe(key, { kind: 'price', userId: row.user_id, propertyId: row.property_id });
    await queueMail(db, {
      to: recipient.email,
      language,
      template: 'priceDrop',
      params: {
        firstName: recipient.firstName,
        title: titleIn(language, { titleEn: row.title_en, titleHe: row.title_he }),
        newPrice: formatPrice(price, language),
        oldPrice: formatPrice(row.watched_price, language),
        ...(dated ?? {}),
        unsubscribeLink: `${siteUrl}${localizePath('/alerts/unsubscribe', language)}?token=${encodeURIComponent(token)}`,
      },
      link: listingLink(siteUrl, language, row.property_id),
    });
    mails++;
  }
  return mails;
}

/** Every `everyMs` on every instance: the saved searches' alerts, then the price drops. */
export function scheduleSearchAlerts(app: FastifyInstance, db: Database, siteUrl: string, everyMs = 60_000) {
  const log: FastifyBaseLogger = app.log;
  const run = async () => {
    try {
      const alerts = await runSearchAlerts(db, siteUrl);
      const drops = await runPriceDrops(db, siteUrl);
      if (alerts.mails + drops > 0) log.info({ ...alerts, priceDrops: drops }, 'search alerts mailed');
    } catch (error) {
      log.error({ err: error }, 'search alert jobs failed');
    }
  };
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  app.addHook('onReady', async () => void run());
  app.addHook('onClose', async () => clearInterval(timer));
}
