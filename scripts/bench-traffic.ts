/**
 * The traffic the HTTP benchmarks send (bench-search.ts, bench-property.ts, bench-mixed.ts): what
 * people search, how often the same search comes back, which listing pages they open. Seeded, so
 * every run sends the same requests.
 */
import { hotelAmenities, priceSlider, propertyTypes } from '../core/constants.ts';
import { gazetteer } from '../server/seed/gazetteer.ts';
import { createRandom } from '../server/seed/random.ts';

/**
 * Words people add to a search (decision 048): English and Hebrew words of the generated descriptions,
 * Hebrew ones with their prefixes, two words at once, a typo, and a word no listing has.
 */
const searchWords = [
  'balcony',
  'quiet',
  'במרפסת',
  'שקטה',
  'sea view',
  'garden',
  'והמרפסת',
  'wineries',
  'balconny',
  'breeze',
  'ירוקה',
  'jacuzzi',
];
/** A fixed, seeded mix of what people search: mostly a city and dates, sometimes more filters, in both languages. */
export function searchMix(count: number, textShare = 0): string[] {
  const random = createRandom(20261122);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const chance = (p: number) => random() < p;
  const cities = gazetteer.filter((place) => place.kind === 'city').sort((a, b) => b.popularity - a.popularity);
  const popular = cities.slice(0, 12);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  // Its own stream: the structured searches stay the same whatever the share of words.
  const wordRandom = createRandom(20261127);
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const type = pick(propertyTypes);
    const params = new URLSearchParams({ type });
    if (chance(0.8)) {
      const city = chance(0.8) ? pick(popular) : pick(cities);
      params.set('location', chance(0.3) ? city.nameHe : city.nameEn);
    }
    if (chance(0.5)) {
      const start = 3 + Math.floor(random() * 120);
      const length =
        type === 'hotel'
          ? 1 + Math.floor(random() * 6)
          : type === 'rental'
            ? 7 * (1 + Math.floor(random() * 8))
            : 30 * (1 + Math.floor(random() * 6));
      params.set('checkIn', day(start));
      params.set('checkOut', day(start + length));
    }
    const bounds = priceSlider[type];
    if (chance(0.3))
      params.set('maxPrice', String(bounds.min + bounds.step * Math.floor((random() * (bounds.max - bounds.min)) / bounds.step)));
    if (type === 'hotel' && chance(0.25)) params.set('stars', pick(['5', '4,5', '3,4', '3']));
    if (type === 'hotel' && chance(0.15)) params.set('amenities', pick(hotelAmenities));
    if (chance(0.15)) params.set('petFriendly', 'true');
    if (type !== 'hotel' && chance(0.1)) params.set('swapAvailable', 'true');
    if (chance(0.4)) params.set('sort', pick(['price_asc', 'price_desc', 'newest']));
    if (chance(0.2)) params.set('page', String(2 + Math.floor(random() * 4)));
    params.set('lang', chance(0.4) ? 'he' : 'en');
    if (wordRandom() < textShare) params.set('text', searchWords[Math.floor(wordRandom() * searchWords.length)]!);
    paths.push(`/api/search?${params.toString()}`);
  }
  return paths;
}

/**
 * Real traffic: `count` requests over `distinct` searches whose popularity falls as 1/rank (Zipf's
 * law with exponent 1, as search terms and page views roughly follow), in a seeded order.
 */
export function zipfTraffic<T>(distinct: T[], count: number): T[] {
  const random = createRandom(20261124);
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= distinct.length; rank++) cumulative.push((total += 1 / rank));
  return Array.from({ length: count }, () => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return distinct[low]!;
  });
}

/**
 * A fixed, seeded mix of listing pages, skewed as real traffic is: the listings are put in a seeded
 * popularity order, then half the views go to the top 1 %, 30 % to the rest of the top 20 % and
 * 20 % to any listing. 40 % of pages are asked for in Hebrew.
 */
export function propertyMix(ids: number[], count: number): string[] {
  const random = createRandom(20261124);
  const byPopularity = [...ids];
  for (let i = byPopularity.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [byPopularity[i], byPopularity[j]] = [byPopularity[j]!, byPopularity[i]!];
  }
  const top1 = Math.max(1, Math.floor(byPopularity.length * 0.01));
  const top20 = Math.max(top1 + 1, Math.floor(byPopularity.length * 0.2));
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const roll = random();
    const index =
      roll < 0.5
        ? Math.floor(random() * top1)
        : roll < 0.8
          ? top1 + Math.floor(random() * (top20 - top1))
          : Math.floor(random() * byPopularity.length);
    paths.push(`/api/properties/${byPopularity[index]}?lang=${random() < 0.4 ? 'he' : 'en'}`);
  }
  return paths;
}
