import type { BrowserContext, Page } from 'playwright-core';
import type { HeldDates, ListingDetail } from '../core/contracts/listings.ts';
import type { SearchResponse } from '../core/contracts/search.ts';
import { seasonMinStayRule } from '../core/price-rules.ts';
import { shabbatStayProblems } from '../core/shabbat-rules.ts';

// Finding listings and free dates for the tests that book, through the same API the pages use.

const pad = (value: number) => String(value).padStart(2, '0');

/** A day from today, 'yyyy-MM-dd' in local time (as the browser and server see it). */
export function isoDay(daysFromToday: number): string {
  const date = new Date();
  date.setDate(date.getDate() + daysFromToday);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export async function getJson<T>(context: BrowserContext, path: string): Promise<T> {
  const response = await context.request.get(path);
  if (!response.ok()) throw new Error(`GET ${path}: ${response.status()}`);
  return (await response.json()) as T;
}

export async function listingsOf(context: BrowserContext, type: 'hotel' | 'sublet' | 'rental'): Promise<ListingDetail[]> {
  const search = await getJson<SearchResponse>(context, `/api/search?type=${type}&lang=en`);
  const details: ListingDetail[] = [];
  for (const card of search.results.slice(0, 12)) details.push(await getJson<ListingDetail>(context, `/api/properties/${card.id}?lang=en`));
  return details;
}

/**
 * Whether the listing's own rules take a stay: a listing that keeps Shabbat refuses some arrival and
 * departure days, and a seasonal rule may ask a longer stay (the server refuses both).
 */
function listingTakes(listing: ListingDetail, stay: { checkIn: string; checkOut: string }): boolean {
  if (listing.keepsShabbat && shabbatStayProblems(listing, listing.city, stay).length) return false;
  return !seasonMinStayRule(listing.priceRules, stay.checkIn, stay.checkOut);
}

/**
 * The first stay of the listing's minimum length, at least `fromDays` ahead, that is free, inside its
 * availability and allowed by its Shabbat and seasonal rules.
 */
export function freeStay(listing: ListingDetail, held: HeldDates, fromDays: number): { checkIn: string; checkOut: string } | null {
  const length = Math.max(listing.minStayDays, listing.type === 'hotel' ? 2 : 1);
  let start = isoDay(fromDays);
  if (listing.availableFrom && listing.availableFrom > start) start = listing.availableFrom;
  for (let step = 0; step < 400; step += 1) {
    const checkIn = addDays(start, step);
    const checkOut = addDays(checkIn, length);
    if (listing.availableUntil && checkOut > listing.availableUntil) return null;
    const free = held.held.every((range) => range.checkOut <= checkIn || range.checkIn >= checkOut);
    if (free && listingTakes(listing, { checkIn, checkOut })) return { checkIn, checkOut };
  }
  return null;
}

export async function openProperty(page: Page, path: string) {
  await page.goto(path);
  await page.waitForSelector('[data-testid="page-property"][data-state="ready"]', { timeout: 20_000 });
}

/** The results page's total once it shows the search in the URL (its data-search, data-ready and data-total). */
export async function settledTotal(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const element = document.querySelector<HTMLElement>('[data-testid="page-results"]');
      if (!element || element.dataset.search !== window.location.search || element.dataset.ready !== 'true') return null;
      return element.dataset.total ?? '-1';
    },
    null,
    { timeout: 20_000 },
  );
  return Number(await handle.jsonValue());
}
