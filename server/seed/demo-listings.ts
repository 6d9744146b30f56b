/**
 * A deterministic generator of demo listings: listing i is the same for the same seed, index and
 * day, whoever asks (the demo seed asks for a few hundred, the benchmark generator for a million).
 * Titles and descriptions are composed in English and Hebrew from templates; numbers, amenities,
 * rules, prices and availability are drawn from a seeded PRNG (never Math.random). Over 300 lines
 * because most of it is the bilingual wording templates, which read best together.
 */
import { accessibilityFeatures, homeAmenities, hotelAmenities, type PropertyType } from '../../core/constants.ts';
import { gazetteer, hebrewArticleSlugs, type GazetteerPlace } from './gazetteer.ts';
import { createRandom, type Random } from './random.ts';
import { generatePhotoArt, photoArtKey, photoHeight, photoWidth, type PhotoScene } from './photo-art.ts';

// ---------------------------------------------------------------- PRNG

/** A well-mixed seed for item `index` of stream `seed`. */
export function mixSeed(seed: number, index: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 0x632be5ab, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

export const randInt = (rand: Random, min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
export const pick = <T>(rand: Random, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
export const chance = (rand: Random, p: number) => rand() < p;

/** k distinct items, in the order of the source list. */
function sample<T>(rand: Random, items: readonly T[], k: number): T[] {
  const chosen = new Set<number>();
  while (chosen.size < Math.min(k, items.length)) chosen.add(Math.floor(rand() * items.length));
  return [...chosen].sort((a, b) => a - b).map((i) => items[i]!);
}

function weightedPicker<T>(entries: { item: T; weight: number }[]): (rand: Random) => T {
  const cumulative: number[] = [];
  let total = 0;
  for (const e of entries) {
    total += e.weight;
    cumulative.push(total);
  }
  return (rand) => {
    const x = rand() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return entries[lo]!.item;
  };
}

// ---------------------------------------------------------------- dates

const dayMs = 86_400_000;

function utcDay(date: Date): number {
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

function dayString(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function addMonths(ms: number, months: number): number {
  const d = new Date(ms);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime();
}

// ---------------------------------------------------------------- places

/**
 * A point inside a place, around its gazetteer centre: a disc of 600 m for a neighbourhood, 1.5 km
 * for a city (drizzle/0023_listing_coordinates.sql spreads older rows the same way). On the coast the
 * sea is to the west (to the south in Eilat), so coastal places spread inland only.
 */
export function spreadInPlace(
  rand: Random,
  place: Pick<ListingPlace, 'kind' | 'latitude' | 'longitude' | 'coastal' | 'profile'>,
): { latitude: number; longitude: number } {
  const metres = Math.sqrt(rand()) * (place.kind === 'neighbourhood' ? 600 : 1500);
  const bearing = rand() * 2 * Math.PI;
  let north = metres * Math.cos(bearing);
  let east = metres * Math.sin(bearing);
  if (place.coastal && place.profile === 'eilat') north = Math.abs(north);
  else if (place.coastal) east = Math.abs(east);
  const latitude = place.latitude + north / 111_320;
  const longitude = place.longitude + east / (111_320 * Math.cos((place.latitude * Math.PI) / 180));
  return { latitude: Math.round(latitude * 1e6) / 1e6, longitude: Math.round(longitude * 1e6) / 1e6 };
}

type AreaProfile = 'telaviv' | 'jerusalem' | 'haifa' | 'coast' | 'eilat' | 'deadsea' | 'desert' | 'north' | 'suburb';

export interface ListingPlace {
  slug: string;
  kind: 'city' | 'neighbourhood';
  nameEn: string;
  nameHe: string;
  citySlug: string;
  cityNameEn: string;
  cityNameHe: string;
  profile: AreaProfile;
  coastal: boolean;
  rural: boolean;
  /** The place's centre in the gazetteer. */
  latitude: number;
  longitude: number;
  /** Price level against the national average. */
  priceFactor: number;
  /** 'in X' in each language, with articles and Hebrew prefixes right. */
  inEn: string;
  inHe: string;
  /** 'X' after 'in the heart of' / 'בלב'. */
  heartEn: string;
  heartHe: string;
}

const profileBySlug: Record<string, AreaProfile> = {
  'tel-aviv': 'telaviv',
  jerusalem: 'jerusalem',
  haifa: 'haifa',
  eilat: 'eilat',
  'ein-bokek': 'deadsea',
  'ein-gedi': 'deadsea',
  'neve-zohar': 'deadsea',
  'mitzpe-ramon': 'desert',
  beersheba: 'desert',
  arad: 'desert',
  dimona: 'desert',
  yeruham: 'desert',
  sderot: 'suburb',
  netanya: 'coast',
  herzliya: 'coast',
  'bat-yam': 'coast',
  ashdod: 'coast',
  ashkelon: 'coast',
  caesarea: 'coast',
  nahariya: 'coast',
  acre: 'coast',
  hadera: 'coast',
  tiberias: 'north',
  safed: 'north',
  nazareth: 'north',
  'rosh-pinna': 'north',
  karmiel: 'north',
  katzrin: 'north',
  'kiryat-shmona': 'north',
  metula: 'north',
  'majdal-shams': 'north',
  'maalot-tarshiha': 'north',
  afula: 'north',
  'zichron-yaakov': 'north',
  'kiryat-tivon': 'north',
  yokneam: 'north',
};

const coastalSlugs = new Set([
  'tel-aviv',
  'haifa',
  'eilat',
  'netanya',
  'herzliya',
  'bat-yam',
  'ashdod',
  'ashkelon',
  'caesarea',
  'nahariya',
  'acre',
  'hadera',
  'jaffa',
  'neve-tzedek',
  'old-north',
  'kerem-hateimanim',
  'bat-galim',
  'eilat-north-beach',
  'coral-beach',
  'tiberias',
  'ein-bokek',
  'ein-gedi',
  'neve-zohar',
]);

const ruralSlugs = new Set([
  'rosh-pinna',
  'katzrin',
  'metula',
  'majdal-shams',
  'ein-gedi',
  'mitzpe-ramon',
  'zichron-yaakov',
  'caesarea',
  'yeruham',
  'maalot-tarshiha',
  'ein-kerem',
  'kiryat-tivon',
  'arad',
  'safed',
  'neve-zohar',
]);

const priceFactors: Record<string, number> = {
  'tel-aviv': 1.35,
  jerusalem: 1.15,
  herzliya: 1.3,
  caesarea: 1.35,
  'ramat-hasharon': 1.2,
  raanana: 1.15,
  eilat: 1.1,
  'ein-bokek': 1.15,
  'ein-gedi': 1.1,
  givatayim: 1.15,
  'ramat-gan': 1.1,
  haifa: 0.9,
  'zichron-yaakov': 1.05,
  'rosh-pinna': 1.05,
  'mitzpe-ramon': 0.95,
  beersheba: 0.75,
  dimona: 0.65,
  yeruham: 0.65,
  sderot: 0.7,
  afula: 0.75,
  'kiryat-shmona': 0.7,
  karmiel: 0.8,
  arad: 0.7,
  'maalot-tarshiha': 0.75,
  nazareth: 0.8,
  hadera: 0.85,
  ashkelon: 0.85,
  ashdod: 0.9,
  'bat-yam': 0.95,
  'or-yehuda': 0.9,
};

/** Extra weight on where each type of listing is common. */
const hotelBoost = new Set([
  'eilat',
  'eilat-north-beach',
  'coral-beach',
  'ein-bokek',
  'ein-gedi',
  'neve-zohar',
  'mitzpe-ramon',
  'tiberias',
  'nazareth',
  'safed',
  'acre',
  'caesarea',
  'rosh-pinna',
  'metula',
  'zichron-yaakov',
  'netanya',
  'herzliya',
  'old-city',
  'jaffa',
  'rothschild',
  'majdal-shams',
]);
const hotelRare = new Set([
  'or-yehuda',
  'rosh-haayin',
  'holon',
  'petah-tikva',
  'rishon-lezion',
  'givatayim',
  'hod-hasharon',
  'kfar-saba',
  'modiin',
  'dimona',
  'yeruham',
  'sderot',
  'afula',
  'karmiel',
  'kiryat-tivon',
  'mevaseret-zion',
  'beit-shemesh',
  'ramat-hasharon',
  'yokneam',
  'rehovot',
  'ramat-aviv',
  'katamon',
  'talpiot',
]);
const homesRare = new Set(['ein-bokek', 'neve-zohar', 'coral-beach']);

const articleEn = new Set(['old-north', 'old-city', 'german-colony', 'haifa-german-colony']);

/** Listing locations (cities and neighbourhoods) derived from the gazetteer. */
export function listingPlaces(places: readonly GazetteerPlace[] = gazetteer): ListingPlace[] {
  const bySlug = new Map(places.map((p) => [p.slug, p]));
  const out: ListingPlace[] = [];
  for (const p of places) {
    if (p.kind === 'region') continue;
    const city = p.kind === 'neighbourhood' ? bySlug.get(p.parentSlug ?? '') : p;
    if (!city) continue;
    const the = articleEn.has(p.slug) ? 'the ' : '';
    let nameEn = `${the}${p.nameEn}`;
    let nameHe = p.nameHe;
    // Two German Colonies: name the city of the one in Haifa.
    if (p.slug === 'haifa-german-colony') {
      nameEn = `the German Colony, Haifa`;
      nameHe = 'המושבה הגרמנית בחיפה';
    }
    const inHe = hebrewArticleSlugs.has(p.slug) ? `ב${nameHe.slice(1)}` : `ב${nameHe}`;
    out.push({
      slug: p.slug,
      kind: p.kind,
      nameEn: p.nameEn,
      nameHe: p.nameHe,
      citySlug: city.slug,
      cityNameEn: city.nameEn,
      cityNameHe: city.nameHe,
      profile: profileBySlug[p.slug] ?? profileBySlug[city.slug] ?? 'suburb',
      coastal: coastalSlugs.has(p.slug) || (p.kind === 'city' && coastalSlugs.has(city.slug)),
      rural: ruralSlugs.has(p.slug),
      latitude: p.latitude,
      longitude: p.longitude,
      priceFactor: priceFactors[p.slug] ?? priceFactors[city.slug] ?? 1,
      inEn: `in ${nameEn}`,
      inHe,
      heartEn: nameEn,
      heartHe: nameHe,
    });
  }
  return out;
}

function placeWeights(places: ListingPlace[], source: readonly GazetteerPlace[], type: PropertyType) {
  const popularity = new Map(source.map((p) => [p.slug, p.popularity]));
  const neighbourCount = new Map<string, number>();
  for (const p of places) if (p.kind === 'neighbourhood') neighbourCount.set(p.citySlug, (neighbourCount.get(p.citySlug) ?? 0) + 1);
  // About a fifth of the listings in Tel Aviv, then Jerusalem, Haifa and Eilat, the rest spread out.
  const big: Record<string, number> = { 'tel-aviv': 5, jerusalem: 4, haifa: 3, eilat: 3.5 };
  return places.map((p) => {
    const cityPop = popularity.get(p.citySlug) ?? 100;
    let weight = (cityPop / 100) ** 1.5 * (big[p.citySlug] ?? 1);
    const n = neighbourCount.get(p.citySlug) ?? 0;
    if (n > 0) {
      // The city itself keeps 35 %, its neighbourhoods share the rest by popularity.
      weight = p.kind === 'city' ? weight * 0.35 : (weight * 0.65 * (popularity.get(p.slug) ?? 100)) / (n * 240);
    }
    if (type === 'hotel') {
      if (hotelBoost.has(p.slug)) weight *= 2.5;
      if (hotelRare.has(p.slug)) weight *= 0.25;
    } else if (homesRare.has(p.slug)) weight *= 0.08;
    return { item: p, weight };
  });
}

// ---------------------------------------------------------------- vocabulary

type Pair = readonly [en: string, he: string];

const landmarks: Record<string, Pair[]> = {
  'tel-aviv': [
    ['the beach', 'הים'],
    ['Dizengoff Square', 'כיכר דיזנגוף'],
    ['Carmel Market', 'שוק הכרמל'],
    ['Sarona', 'שרונה'],
    ['the Tel Aviv Port', 'נמל תל אביב'],
    ['Habima Square', 'כיכר הבימה'],
  ],
  rothschild: [
    ['Rothschild Boulevard', 'שדרות רוטשילד'],
    ['Habima Square', 'כיכר הבימה'],
    ['Nahalat Binyamin', 'נחלת בנימין'],
  ],
  florentin: [
    ['Levinsky Market', 'שוק לוינסקי'],
    ['HaTachana', 'מתחם התחנה'],
  ],
  'neve-tzedek': [
    ['Shabazi Street', 'רחוב שבזי'],
    ['the Suzanne Dellal Centre', 'מרכז סוזן דלל'],
    ['the beach', 'הים'],
  ],
  jaffa: [
    ['the Jaffa Port', 'נמל יפו'],
    ['the Jaffa Flea Market', 'שוק הפשפשים'],
    ['the Clock Tower', 'מגדל השעון'],
  ],
  'old-north': [
    ['Ben Gurion Boulevard', 'שדרות בן גוריון'],
    ['Gordon Beach', 'חוף גורדון'],
    ['Yarkon Park', 'פארק הירקון'],
  ],
  'kerem-hateimanim': [
    ['Carmel Market', 'שוק הכרמל'],
    ['the beach', 'הים'],
  ],
  'ramat-aviv': [
    ['Tel Aviv University', 'אוניברסיטת תל אביב'],
    ['Yarkon Park', 'פארק הירקון'],
  ],
  'lev-hair': [
    ['Dizengoff Square', 'כיכר דיזנגוף'],
    ['Sheinkin Street', 'רחוב שינקין'],
    ['Habima Square', 'כיכר הבימה'],
  ],
  jerusalem: [
    ['the Old City', 'העיר העתיקה'],
    ['Mahane Yehuda Market', 'שוק מחנה יהודה'],
    ['the light rail', 'הרכבת הקלה'],
    ['the Israel Museum', 'מוזיאון ישראל'],
  ],
  'old-city': [
    ['Jaffa Gate', 'שער יפו'],
    ['the Western Wall', 'הכותל המערבי'],
    ['the Tower of David', 'מגדל דוד'],
  ],
  'german-colony': [
    ['Emek Refaim Street', 'רחוב עמק רפאים'],
    ['the First Station', 'התחנה הראשונה'],
  ],
  rehavia: [
    ['the Jerusalem Theatre', 'תיאטרון ירושלים'],
    ['Ben Maimon Boulevard', 'שדרות בן מימון'],
  ],
  nachlaot: [
    ['Mahane Yehuda Market', 'שוק מחנה יהודה'],
    ['Sacher Park', 'גן סאקר'],
  ],
  'ein-kerem': [
    ["Mary's Spring", 'מעיין מרים'],
    ['the Jerusalem Forest', 'יער ירושלים'],
  ],
  baka: [
    ['the First Station', 'התחנה הראשונה'],
    ['the Railway Park', 'פארק המסילה'],
  ],
  talpiot: [
    ['the Haas Promenade', 'טיילת ארמון הנציב'],
    ['the Railway Park', 'פארק המסילה'],
  ],
  katamon: [
    ['the Railway Park', 'פארק המסילה'],
    ['San Simon Park', 'פארק סן סימון'],
  ],
  haifa: [
    ["the Bahá'í Gardens", 'הגנים הבהאיים'],
    ['the beach', 'הים'],
    ['the Carmelit', 'הכרמלית'],
  ],
  'carmel-center': [
    ['the Louis Promenade', 'טיילת לואי'],
    ["the Bahá'í Gardens", 'הגנים הבהאיים'],
  ],
  'haifa-german-colony': [
    ['Ben Gurion Avenue', 'שדרות בן גוריון'],
    ["the Bahá'í Gardens", 'הגנים הבהאיים'],
  ],
  hadar: [
    ['Talpiot Market', 'שוק תלפיות'],
    ['the Carmelit', 'הכרמלית'],
  ],
  'bat-galim': [
    ['the Bat Galim promenade', 'טיילת בת גלים'],
    ['the cable car', 'הרכבל'],
  ],
  eilat: [
    ['the promenade', 'הטיילת'],
    ['the marina', 'המרינה'],
    ['the beach', 'הים'],
  ],
  'eilat-north-beach': [
    ['the marina', 'המרינה'],
    ['the promenade', 'הטיילת'],
  ],
  'coral-beach': [
    ['the Coral Beach Reserve', 'שמורת חוף האלמוגים'],
    ['the Underwater Observatory', 'המצפה התת-ימי'],
  ],
  netanya: [
    ['the clifftop promenade', 'טיילת המצוק'],
    ['Independence Square', 'כיכר העצמאות'],
  ],
  herzliya: [
    ['the marina', 'המרינה'],
    ['the beach', 'הים'],
  ],
  'ramat-gan': [
    ['the Diamond Exchange', 'הבורסה'],
    ['the National Park', 'הפארק הלאומי'],
  ],
  beersheba: [
    ['the Old City', 'העיר העתיקה'],
    ['Ben-Gurion University', 'אוניברסיטת בן גוריון'],
  ],
  tiberias: [
    ['the Sea of Galilee', 'הכנרת'],
    ['the promenade', 'הטיילת'],
  ],
  nazareth: [
    ['the Basilica of the Annunciation', 'כנסיית הבשורה'],
    ['the old market', 'השוק העתיק'],
  ],
  safed: [
    ["the Artists' Quarter", 'רובע האמנים'],
    ['the old synagogues', 'בתי הכנסת העתיקים'],
  ],
  acre: [
    ['the Old City walls', 'חומות העיר העתיקה'],
    ['the fishing harbour', 'נמל הדייגים'],
  ],
  caesarea: [
    ['the ancient harbour', 'הנמל העתיק'],
    ['the golf course', 'מגרש הגולף'],
  ],
  'mitzpe-ramon': [
    ['the Ramon Crater', 'מכתש רמון'],
    ['the crater rim promenade', 'טיילת המכתש'],
  ],
  'ein-bokek': [['the Dead Sea beach', 'חוף ים המלח']],
  'ein-gedi': [
    ['the Ein Gedi Nature Reserve', 'שמורת עין גדי'],
    ['the Dead Sea', 'ים המלח'],
  ],
  'neve-zohar': [['the Dead Sea', 'ים המלח']],
  'zichron-yaakov': [
    ['the wineries', 'היקבים'],
    ['the pedestrian street', 'המדרחוב'],
  ],
  'rosh-pinna': [['the old colony', 'המושבה הוותיקה']],
  nahariya: [
    ['the beach', 'הים'],
    ['Ga’aton Boulevard', 'שדרות הגעתון'],
  ],
  ashkelon: [
    ['the marina', 'המרינה'],
    ['the National Park', 'הגן הלאומי'],
  ],
  ashdod: [['the beach', 'הים']],
  'bat-yam': [['the beach', 'הים']],
  'majdal-shams': [['Mount Hermon', 'החרמון']],
  katzrin: [['the Golan Heights Winery', 'יקב רמת הגולן']],
  'kiryat-shmona': [['the Hula Valley', 'עמק החולה']],
  arad: [['Masada', 'מצדה']],
};

const streets: Record<string, string[]> = {
  rothschild: ['Rothschild Blvd', 'Lilienblum St', "Ahad Ha'Am St", 'Nahalat Binyamin St'],
  florentin: ['Florentin St', 'Vital St', 'Abarbanel St', 'Levinsky St'],
  'neve-tzedek': ['Shabazi St', 'Pines St', 'Rokach St'],
  jaffa: ['Yefet St', 'Jerusalem Blvd', 'Olei Zion St', 'Oley HaGardom St'],
  'old-north': ['Ben Yehuda St', 'Dizengoff St', 'Gordon St', 'Frishman St', 'Yehuda HaMaccabi St'],
  'kerem-hateimanim': ['HaKovshim St', 'Nahalat Binyamin St', 'Yishkon St'],
  'ramat-aviv': ['Einstein St', 'Brodetsky St', 'Levanon St'],
  'lev-hair': ['Sheinkin St', 'King George St', 'Bograshov St', 'Dizengoff St'],
  'tel-aviv': ['Ibn Gabirol St', 'Arlozorov St', 'Weizmann St', 'HaYarkon St', 'Allenby St'],
  'old-city': ['Christian Quarter Rd', 'Jewish Quarter Rd', 'Armenian Patriarchate Rd'],
  'german-colony': ['Emek Refaim St', 'Bethlehem Rd', 'Lloyd George St'],
  rehavia: ['Ramban St', 'Abarbanel St', 'Alfasi St', 'Gaza St'],
  nachlaot: ['Bezalel St', 'Shilo St', 'Narkis St'],
  'ein-kerem': ['Ein Kerem St', 'HaMa’ayan St'],
  baka: ['Bethlehem Rd', 'Yehuda St', 'Derech Hebron'],
  talpiot: ["Ha'Uman St", 'Yad Harutzim St', 'Derech Hebron'],
  katamon: ['Rachel Imenu St', 'HaPalmach St', 'Hizkiyahu HaMelech St'],
  jerusalem: ['Jaffa Rd', 'King George St', 'Keren HaYesod St', 'Herzl Blvd'],
  'carmel-center': ['Moriah Blvd', 'HaNassi Ave', 'Yefe Nof St'],
  'haifa-german-colony': ['Ben Gurion Ave', 'Allenby Rd'],
  hadar: ['Herzl St', 'HeHalutz St', 'Masada St'],
  'bat-galim': ['Bat Galim Ave', 'Aliya Bet St'],
  eilat: ['HaTmarim Blvd', 'Yotam Rd', 'Derech HaArava'],
};

const genericStreets = [
  'Herzl St',
  'Weizmann St',
  'Jabotinsky St',
  'Ben Gurion Blvd',
  'HaNassi St',
  'Bialik St',
  "Ahad Ha'Am St",
  'HaPalmach St',
  'HaGefen St',
  'HaZayit St',
  'HaRimon St',
  'HaShaked St',
  "Ha'Atzmaut St",
  'Sokolov St',
  'Trumpeldor St',
  'Kaplan St',
  'HaAlon St',
  'HaBrosh St',
  'Rabin Blvd',
  'HaMeyasdim St',
];

/** The streets above in Hebrew, as the street signs say them: a listing's Hebrew address (issue 41, item 5). */
const streetsHe: Record<string, string> = {
  'Rothschild Blvd': 'שדרות רוטשילד',
  'Lilienblum St': 'לילינבלום',
  "Ahad Ha'Am St": 'אחד העם',
  'Nahalat Binyamin St': 'נחלת בנימין',
  'Florentin St': 'פלורנטין',
  'Vital St': 'ויטל',
  'Abarbanel St': 'אברבנאל',
  'Levinsky St': 'לוינסקי',
  'Shabazi St': 'שבזי',
  'Pines St': 'פינס',
  'Rokach St': 'רוקח',
  'Yefet St': 'יפת',
  'Jerusalem Blvd': 'שדרות ירושלים',
  'Olei Zion St': 'עולי ציון',
  'Oley HaGardom St': 'עולי הגרדום',
  'Ben Yehuda St': 'בן יהודה',
  'Dizengoff St': 'דיזנגוף',
  'Gordon St': 'גורדון',
  'Frishman St': 'פרישמן',
  'Yehuda HaMaccabi St': 'יהודה המכבי',
  'HaKovshim St': 'הכובשים',
  'Yishkon St': 'ישכון',
  'Einstein St': 'איינשטיין',
  'Brodetsky St': 'ברודצקי',
  'Levanon St': 'לבנון',
  'Sheinkin St': 'שינקין',
  'King George St': 'המלך ג׳ורג׳',
  'Bograshov St': 'בוגרשוב',
  'Ibn Gabirol St': 'אבן גבירול',
  'Arlozorov St': 'ארלוזורוב',
  'Weizmann St': 'ויצמן',
  'HaYarkon St': 'הירקון',
  'Allenby St': 'אלנבי',
  'Christian Quarter Rd': 'רחוב הרובע הנוצרי',
  'Jewish Quarter Rd': 'רחוב הרובע היהודי',
  'Armenian Patriarchate Rd': 'רחוב הפטריארכיה הארמנית',
  'Emek Refaim St': 'עמק רפאים',
  'Bethlehem Rd': 'דרך בית לחם',
  'Lloyd George St': 'לויד ג׳ורג׳',
  'Ramban St': 'רמב״ן',
  'Alfasi St': 'אלפסי',
  'Gaza St': 'עזה',
  'Bezalel St': 'בצלאל',
  'Shilo St': 'שילה',
  'Narkis St': 'נרקיס',
  'Ein Kerem St': 'עין כרם',
  'HaMa’ayan St': 'המעיין',
  'Yehuda St': 'יהודה',
  'Derech Hebron': 'דרך חברון',
  "Ha'Uman St": 'האומן',
  'Yad Harutzim St': 'יד חרוצים',
  'Rachel Imenu St': 'רחל אמנו',
  'HaPalmach St': 'הפלמ״ח',
  'Hizkiyahu HaMelech St': 'חזקיהו המלך',
  'Jaffa Rd': 'יפו',
  'Keren HaYesod St': 'קרן היסוד',
  'Herzl Blvd': 'שדרות הרצל',
  'Moriah Blvd': 'שדרות מוריה',
  'HaNassi Ave': 'שדרות הנשיא',
  'Yefe Nof St': 'יפה נוף',
  'Ben Gurion Ave': 'שדרות בן גוריון',
  'Allenby Rd': 'אלנבי',
  'Herzl St': 'הרצל',
  'HeHalutz St': 'החלוץ',
  'Masada St': 'מסדה',
  'Bat Galim Ave': 'שדרות בת גלים',
  'Aliya Bet St': 'עלייה ב׳',
  'HaTmarim Blvd': 'שדרות התמרים',
  'Yotam Rd': 'דרך יותם',
  'Derech HaArava': 'דרך הערבה',
  'Jabotinsky St': 'ז׳בוטינסקי',
  'Ben Gurion Blvd': 'שדרות בן גוריון',
  'HaNassi St': 'הנשיא',
  'Bialik St': 'ביאליק',
  'HaGefen St': 'הגפן',
  'HaZayit St': 'הזית',
  'HaRimon St': 'הרימון',
  'HaShaked St': 'השקד',
  "Ha'Atzmaut St": 'העצמאות',
  'Sokolov St': 'סוקולוב',
  'Trumpeldor St': 'טרומפלדור',
  'Kaplan St': 'קפלן',
  'HaAlon St': 'האלון',
  'HaBrosh St': 'הברוש',
  'Rabin Blvd': 'שדרות רבין',
  'HaMeyasdim St': 'המייסדים',
};

const adjectives: readonly (readonly [en: string, m: string, f: string])[] = [
  ['Bright', 'מואר', 'מוארת'],
  ['Spacious', 'מרווח', 'מרווחת'],
  ['Cozy', 'חמים', 'חמימה'],
  ['Stylish', 'מעוצב', 'מעוצבת'],
  ['Quiet', 'שקט', 'שקטה'],
  ['Renovated', 'משופץ', 'משופצת'],
  ['Charming', 'מקסים', 'מקסימה'],
  ['Modern', 'מודרני', 'מודרנית'],
  ['Sunny', 'שטוף שמש', 'שטופת שמש'],
  ['Elegant', 'אלגנטי', 'אלגנטית'],
  ['Airy', 'אוורירי', 'אוורירית'],
  ['Lovely', 'נהדר', 'נהדרת'],
];

interface HomeKind {
  key: string;
  g: 'm' | 'f';
  /** The noun with the article, for later sentences: 'the apartment' / 'הדירה'. */
  theEn: string;
  theHe: string;
  minBedrooms: number;
  maxBedrooms: number;
  en: (bedrooms: number) => string;
  he: (bedrooms: number) => string;
  where: 'urban' | 'rural' | 'any';
  price: number;
}

const homeKinds: HomeKind[] = [
  {
    key: 'apartment',
    g: 'f',
    theEn: 'the apartment',
    theHe: 'הדירה',
    minBedrooms: 1,
    maxBedrooms: 4,
    en: (b) => `${b}-bedroom apartment`,
    he: (b) => `דירת ${b + 1} חדרים`,
    where: 'any',
    price: 1,
  },
  {
    key: 'studio',
    g: 'f',
    theEn: 'the studio',
    theHe: 'הדירה',
    minBedrooms: 1,
    maxBedrooms: 1,
    en: () => 'studio apartment',
    he: () => 'דירת סטודיו',
    where: 'urban',
    price: 0.8,
  },
  {
    key: 'penthouse',
    g: 'm',
    theEn: 'the penthouse',
    theHe: 'הפנטהאוז',
    minBedrooms: 2,
    maxBedrooms: 4,
    en: (b) => `${b}-bedroom penthouse`,
    he: (b) => `פנטהאוז ${b + 1} חדרים`,
    where: 'urban',
    price: 1.45,
  },
  {
    key: 'garden',
    g: 'f',
    theEn: 'the apartment',
    theHe: 'הדירה',
    minBedrooms: 2,
    maxBedrooms: 4,
    en: (b) => `${b}-bedroom garden apartment`,
    he: (b) => `דירת גן ${b + 1} חדרים`,
    where: 'any',
    price: 1.15,
  },
  {
    key: 'loft',
    g: 'm',
    theEn: 'the loft',
    theHe: 'הלופט',
    minBedrooms: 1,
    maxBedrooms: 2,
    en: () => 'loft',
    he: () => 'לופט',
    where: 'urban',
    price: 1.1,
  },
  {
    key: 'house',
    g: 'm',
    theEn: 'the house',
    theHe: 'הבית',
    minBedrooms: 2,
    maxBedrooms: 5,
    en: (b) => `${b}-bedroom house`,
    he: (b) => `בית ${b + 1} חדרים`,
    where: 'rural',
    price: 1.2,
  },
  {
    key: 'villa',
    g: 'f',
    theEn: 'the villa',
    theHe: 'הווילה',
    minBedrooms: 3,
    maxBedrooms: 5,
    en: (b) => `${b}-bedroom villa`,
    he: (b) => `וילה ${b + 1} חדרים`,
    where: 'rural',
    price: 1.5,
  },
  {
    key: 'stone-house',
    g: 'm',
    theEn: 'the house',
    theHe: 'הבית',
    minBedrooms: 2,
    maxBedrooms: 3,
    en: () => 'stone house',
    he: () => 'בית אבן',
    where: 'rural',
    price: 1.15,
  },
  {
    key: 'cabin',
    g: 'm',
    theEn: 'the cabin',
    theHe: 'הצימר',
    minBedrooms: 1,
    maxBedrooms: 2,
    en: () => 'country cabin',
    he: () => 'צימר',
    where: 'rural',
    price: 0.9,
  },
];

const hotelNames: Record<'general' | 'coast' | 'desert' | 'north' | 'city', Pair[]> = {
  general: [
    ['Olive Tree', 'עץ הזית'],
    ['Jasmine', 'יסמין'],
    ['Gefen', 'גפן'],
    ['Rimon', 'רימון'],
    ['Sabra', 'צבר'],
    ['Orange Grove', 'הפרדס'],
    ['Fig Tree', 'התאנה'],
    ['Palm Garden', 'גן הדקלים'],
    ['Bougainvillea', 'בוגנוויליה'],
    ['Morning Star', 'כוכב השחר'],
  ],
  coast: [
    ['Lighthouse', 'המגדלור'],
    ['Sea Breeze', 'בריזה'],
    ['Blue Bay', 'המפרץ הכחול'],
    ['Harbour', 'הנמל'],
    ['Anchor', 'העוגן'],
    ['Coral', 'אלמוג'],
    ['Sunset', 'השקיעה'],
  ],
  desert: [
    ['Golden Dune', 'הדיונה הזהובה'],
    ['Oasis', 'נווה מדבר'],
    ['Sunrise', 'הזריחה'],
    ['Desert Rose', 'ורד המדבר'],
  ],
  north: [
    ['Cedar', 'הארז'],
    ['Hermon', 'חרמון'],
    ['Vineyard', 'הכרם'],
    ['Lavender', 'לבנדר'],
    ['Almond Blossom', 'פריחת השקד'],
    ['Cypress', 'הברוש'],
  ],
  city: [
    ['Stone Arch', 'קשת האבן'],
    ['Boulevard', 'השדרה'],
    ['Bauhaus', 'באוהאוס'],
    ['Market House', 'בית השוק'],
  ],
};

const areaSentences: Record<AreaProfile, Pair[]> = {
  telaviv: [
    ['Cafés, bars and the beach are all within walking distance.', 'בתי קפה, ברים והים נמצאים במרחק הליכה.'],
    ['Bike paths, markets and the seafront promenade are close by.', 'שבילי אופניים, שווקים וטיילת החוף נמצאים בקרבת מקום.'],
  ],
  jerusalem: [
    ['Historic streets, markets and the Old City are close by.', 'רחובות היסטוריים, שווקים והעיר העתיקה נמצאים בקרבת מקום.'],
    ['The light rail and the city’s best bakeries are a short walk away.', 'הרכבת הקלה והמאפיות הטובות בעיר נמצאות במרחק הליכה קצר.'],
  ],
  haifa: [
    ["The Carmel slopes, the port and the Bahá'í Gardens are close by.", 'מורדות הכרמל, הנמל והגנים הבהאיים נמצאים בקרבת מקום.'],
    [
      'Buses and the Carmelit take you to the beach and downtown in minutes.',
      'האוטובוסים והכרמלית מביאים אתכם לחוף ולעיר התחתית בתוך דקות.',
    ],
  ],
  coast: [
    ['The beach and the seaside promenade are a few minutes away.', 'החוף והטיילת נמצאים במרחק דקות ספורות.'],
    ['Sunset walks along the sea start right around the corner.', 'טיולי שקיעה לאורך הים מתחילים ממש מעבר לפינה.'],
  ],
  eilat: [
    ['Coral reefs, diving centres and the promenade are nearby.', 'שוניות אלמוגים, מועדוני צלילה והטיילת נמצאים בקרבת מקום.'],
    ['The Red Sea is warm enough for swimming almost all year.', 'מי ים סוף חמימים ומזמינים לשחייה כמעט כל השנה.'],
  ],
  deadsea: [
    ['The mineral-rich Dead Sea beach is steps away.', 'חוף ים המלח, העשיר במינרלים, נמצא במרחק צעדים ספורים.'],
    ['Desert trails and the Ein Gedi springs are a short drive away.', 'שבילי המדבר ומעיינות עין גדי נמצאים במרחק נסיעה קצרה.'],
  ],
  desert: [
    ['Starry desert nights and hiking trails start right outside.', 'לילות מדבר זרועי כוכבים ומסלולי טיול מתחילים ממש ליד הבית.'],
    ['Quiet mornings, wide views and clean desert air.', 'בקרים שקטים, נופים רחבים ואוויר מדברי צלול.'],
  ],
  north: [
    ['Hiking trails, wineries and quiet villages are a short drive away.', 'מסלולי הליכה, יקבים וכפרים שקטים נמצאים במרחק נסיעה קצרה.'],
    ['Green hills, springs and local restaurants are all around.', 'גבעות ירוקות, מעיינות ומסעדות מקומיות נמצאים מסביב.'],
  ],
  suburb: [
    ['A quiet, green neighbourhood with good transport links to the centre.', 'שכונה שקטה וירוקה עם תחבורה נוחה למרכז.'],
    ['Parks, supermarkets and a bus stop are a few minutes away on foot.', 'פארקים, סופרמרקטים ותחנת אוטובוס נמצאים במרחק כמה דקות הליכה.'],
  ],
};

/** Sentences for home amenities worth a mention, by amenity. */
const homeFeatureSentences: Partial<Record<string, Pair>> = {
  balcony: ['The balcony catches the evening breeze.', 'המרפסת תופסת את בריזת הערב.'],
  sea_view: ['The living room looks out over the sea.', 'מהסלון נשקף נוף פתוח לים.'],
  kitchen: ['A fully equipped kitchen makes longer stays easy.', 'המטבח המאובזר מקל על שהייה ארוכה.'],
  workspace: ['A dedicated workspace and fast Wi-Fi suit remote work.', 'פינת עבודה ואינטרנט מהיר מתאימים לעבודה מרחוק.'],
  garden: ['A private garden is perfect for morning coffee.', 'הגינה הפרטית מושלמת לקפה של בוקר.'],
  safe_room: ['There is a safe room (mamad) inside.', 'יש ממ״ד בתוך הבית.'],
  parking: ['Private parking is included.', 'חניה פרטית כלולה.'],
  washer: ['A washing machine is available for guests.', 'מכונת כביסה עומדת לרשות האורחים.'],
};

const homeTitleFeatures: Partial<Record<string, Pair>> = {
  balcony: ['a balcony', 'מרפסת'],
  sea_view: ['sea views', 'נוף לים'],
  garden: ['a private garden', 'גינה פרטית'],
  workspace: ['a home office', 'פינת עבודה'],
  parking: ['parking', 'חניה'],
};

const hotelFeatureSentences: Partial<Record<string, Pair>> = {
  breakfast_included: ['A generous Israeli breakfast is served every morning.', 'ארוחת בוקר ישראלית עשירה מוגשת מדי בוקר.'],
  swimming_pool: ['Guests can relax by the outdoor pool.', 'האורחים יכולים להירגע ליד הבריכה החיצונית.'],
  spa: ['The spa offers massages, a sauna and a hot tub.', 'בספא מחכים עיסויים, סאונה וג׳קוזי.'],
  gym: ['A 24-hour gym is open to all guests.', 'חדר כושר פתוח לכל האורחים 24 שעות ביממה.'],
  restaurant: ['The restaurant serves local, seasonal dishes.', 'המסעדה מגישה מנות מקומיות ועונתיות.'],
  room_service: ['Room service is available around the clock.', 'שירות חדרים זמין מסביב לשעון.'],
  airport_shuttle: ['A shuttle to the airport runs daily.', 'הסעה לשדה התעופה יוצאת מדי יום.'],
  business_center: ['A business centre and meeting rooms are available.', 'מרכז עסקים וחדרי ישיבות עומדים לרשות האורחים.'],
};

const leaseChoices = ['1 week', '2 weeks', '1 month', '3 months', '6 months'] as const;
const leaseDays: Record<string, number> = { '1 week': 7, '2 weeks': 14, '1 month': 30, '3 months': 90, '6 months': 180 };
const leaseHe: Record<string, string> = {
  '1 week': 'שבוע',
  '2 weeks': 'שבועיים',
  '1 month': 'חודש',
  '3 months': '3 חודשים',
  '6 months': 'חצי שנה',
};

const aOrAn = (word: string) => (/^[aeiou]/i.test(word) ? 'An' : 'A');
const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** Hebrew 'from X': מ joins a word, a number takes a hyphen. */
const fromHe = (s: string) => (/^\d/.test(s) ? `מ-${s}` : `מ${s}`);
const monthsHe = (n: number) => (n === 1 ? 'חודש' : n === 2 ? 'חודשיים' : `${n} חודשים`);
const monthsEn = (n: number) => (n === 1 ? 'one month' : `${n} months`);

// ---------------------------------------------------------------- photos

const artByScene = (() => {
  const map = new Map<PhotoScene, string[]>();
  for (const art of generatePhotoArt()) map.set(art.scene, [...(map.get(art.scene) ?? []), art.name]);
  return map;
})();
const altByName = new Map(generatePhotoArt().map((a) => [a.name, [a.altEn, a.altHe] as const]));

const areaScenes: Record<AreaProfile, PhotoScene[]> = {
  telaviv: ['skyline', 'beach'],
  jerusalem: ['jerusalem'],
  haifa: ['skyline', 'beach'],
  coast: ['beach'],
  eilat: ['beach'],
  deadsea: ['dead-sea'],
  desert: ['desert'],
  north: [],
  suburb: [],
};

function photoSet(rand: Random, type: PropertyType, place: ListingPlace, seaView: boolean): DemoPhoto[] {
  const area = areaScenes[place.profile];
  let scenes: PhotoScene[];
  if (type === 'hotel') {
    const cover: PhotoScene = place.profile === 'eilat' || place.profile === 'deadsea' || chance(rand, 0.3) ? 'hotel-pool' : 'hotel-facade';
    scenes = [
      cover,
      'bedroom',
      'bathroom',
      ...area.slice(0, 1),
      cover === 'hotel-pool' ? 'hotel-facade' : 'hotel-pool',
      seaView ? 'balcony' : 'living-room',
    ];
  } else {
    const cover: PhotoScene =
      seaView && chance(rand, 0.5) ? 'balcony' : pick(rand, ['living-room', 'living-room', 'bedroom', 'kitchen'] as const);
    const rest: PhotoScene[] = (['living-room', 'bedroom', 'kitchen', 'bathroom'] as PhotoScene[]).filter((s) => s !== cover);
    scenes = [cover, ...rest.slice(0, 2), ...area.slice(0, 1), rest[2]!, ...(seaView && cover !== 'balcony' ? ['balcony' as const] : [])];
  }
  const count = Math.min(scenes.length, randInt(rand, 3, 6));
  return scenes.slice(0, count).map((scene) => {
    const name = pick(rand, artByScene.get(scene)!);
    const [altEn, altHe] = altByName.get(name)!;
    return { storageKey: photoArtKey(name), width: photoWidth, height: photoHeight, altEn, altHe };
  });
}

// ---------------------------------------------------------------- listings

export interface DemoPhoto {
  storageKey: string;
  width: number;
  height: number;
  altEn: string;
  altHe: string;
}

export interface DemoListing {
  propertyType: PropertyType;
  /** The gazetteer slugs of the listing's place and of its city. */
  placeSlug: string;
  citySlug: string;
  titleEn: string;
  titleHe: string;
  descriptionEn: string;
  descriptionHe: string;
  address: string;
  addressHe: string;
  /** The host's pin: somewhere inside the place (spreadInPlace). */
  latitude: number;
  longitude: number;
  amenities: string[];
  houseRules: string[];
  petFriendly: boolean;
  swapAvailable: boolean;
  /** No check-in or check-out on Shabbat and holidays (core/shabbat-rules.ts). */
  keepsShabbat: boolean;
  /** Verified guests book at once: every hotel and a fifth of the homes, two of the demo host's among them (by index, so the random stream is unchanged). */
  instantBooking: boolean;
  starRating: number | null;
  roomCount: number | null;
  pricePerNight: number | null;
  pricePerWeek: number | null;
  pricePerMonth: number | null;
  durationMonths: number | null;
  leaseOptions: string[];
  bedrooms: number;
  bathrooms: number;
  maxGuests: number;
  availableFrom: string | null;
  availableUntil: string | null;
  minStayDays: number;
  maxStayDays: number;
  /** Days before `today` the listing went live. */
  publishedDaysAgo: number;
  /** Position 0 is the cover. */
  photos: DemoPhoto[];
}

export interface ListingGeneratorOptions {
  seed?: number;
  /** Availability windows are relative to this day. */
  today?: Date;
  places?: readonly GazetteerPlace[];
}

type TypeFields = Pick<
  DemoListing,
  | 'starRating'
  | 'roomCount'
  | 'pricePerNight'
  | 'pricePerWeek'
  | 'pricePerMonth'
  | 'durationMonths'
  | 'leaseOptions'
  | 'bedrooms'
  | 'bathrooms'
  | 'maxGuests'
  | 'minStayDays'
  | 'maxStayDays'
  | 'swapAvailable'
>;
const noPrices = {
  starRating: null,
  roomCount: null,
  pricePerNight: null,
  pricePerWeek: null,
  pricePerMonth: null,
  durationMonths: null,
  leaseOptions: [] as string[],
};

const round = (value: number, step: number) => Math.round(value / step) * step;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function houseRules(rand: Random, type: PropertyType, pets: boolean, place: ListingPlace): string[] {
  const rules = [pets ? 'pets_allowed' : 'no_pets'];
  if (chance(rand, 0.85)) rules.push('no_smoking');
  if (chance(rand, type === 'hotel' ? 0.3 : 0.6)) rules.push('no_parties');
  if (chance(rand, 0.45)) rules.push('quiet_hours');
  if (type === 'hotel' || chance(rand, 0.2)) rules.push('check_in_after_15');
  if (type === 'hotel' ? chance(rand, 0.8) : chance(rand, 0.15)) rules.push('check_out_before_11');
  if (chance(rand, place.profile === 'jerusalem' ? 0.35 : 0.06)) rules.push('shabbat_observant_building');
  if (type !== 'hotel' && chance(rand, 0.15)) rules.push('remove_shoes');
  if (type !== 'hotel' && chance(rand, 0.3)) rules.push('recycling');
  return rules;
}

const isShabbatAmenity = (amenity: string) => amenity === 'shabbat_elevator' || amenity === 'kosher_kitchen';
/** Accessibility features are never drawn at random (accessibleTraits adds them), so the random stream stays as it was. */
const isAccessibilityFeature = (amenity: string) =>
  (accessibilityFeatures as readonly string[]).includes(amenity) && amenity !== 'elevator';

/**
 * Every fifth listing with an elevator (every fifth hotel) is accessible: a step-free entrance, wide
 * doorways and an accessible bathroom, and accessible parking where it has parking. Derived from the
 * index without the random stream, so that the accessibility features (added later) leave every
 * other generated listing as it was.
 */
function accessibleTraits(type: PropertyType, index: number, amenities: string[]): string[] {
  if (index % 5 !== 0 || (type !== 'hotel' && !amenities.includes('elevator'))) return amenities;
  const extra = ['step_free_entrance', 'wide_doorways', 'accessible_bathroom'];
  if (type === 'hotel' && !amenities.includes('elevator')) extra.push('elevator');
  if (amenities.includes('parking')) extra.push('accessible_parking');
  return [...amenities, ...extra];
}

/**
 * A Shabbat-observant building keeps Shabbat: no check-in or check-out on Shabbat and holidays, a
 * kosher kitchen (hotels: a kosher kitchen serves their meals), and a Shabbat elevator where there
 * is an elevator (every such hotel has one). Derived without the random stream, so that the Shabbat
 * amenities (added later) leave every other generated listing as it was.
 */
function shabbatTraits(type: PropertyType, amenities: string[], rules: string[]): { amenities: string[]; keepsShabbat: boolean } {
  if (!rules.includes('shabbat_observant_building')) return { amenities, keepsShabbat: false };
  const extra = ['kosher_kitchen'];
  if (type === 'hotel' || amenities.includes('elevator')) extra.push('shabbat_elevator');
  return { amenities: [...amenities, ...extra], keepsShabbat: true };
}

/** Returns listing(index): the same listing for the same options and index. */
export function createListingGenerator(options: ListingGeneratorOptions = {}): (index: number) => DemoListing {
  const seed = options.seed ?? 20240601;
  const today = utcDay(options.today ?? new Date());
  const source = options.places ?? gazetteer;
  const locations = listingPlaces(source);
  const pickers: Record<PropertyType, (rand: Random) => ListingPlace> = {
    hotel: weightedPicker(placeWeights(locations, source, 'hotel')),
    sublet: weightedPicker(placeWeights(locations, source, 'sublet')),
    rental: weightedPicker(placeWeights(locations, source, 'rental')),
  };
  const types: PropertyType[] = ['hotel', 'sublet', 'rental'];

  return (index) => {
    const rand = createRandom(mixSeed(seed, index));
    const type = types[index % 3]!;
    const place = pickers[type](rand);
    const landmark = landmarks[place.slug] ?? (place.kind === 'city' ? undefined : landmarks[place.citySlug]);
    const lm = landmark && chance(rand, 0.75) ? pick(rand, landmark) : undefined;
    const petFriendly = chance(rand, 0.35);
    const street = pick(rand, streets[place.slug] ?? streets[place.citySlug] ?? genericStreets);
    const number = randInt(rand, 1, 120);
    const address = `${number} ${street}, ${place.cityNameEn}`;
    // Hebrew puts the number after the street: 'דיזנגוף 12, תל אביב'.
    const addressHe = `${streetsHe[street] ?? street} ${number}, ${place.cityNameHe}`;

    // Where, in a few words.
    const whereOptions: Pair[] = [
      [place.inEn, place.inHe],
      [`in the heart of ${place.heartEn}`, `בלב ${place.heartHe}`],
      [`on a quiet street ${place.inEn}`, `ברחוב שקט ${place.inHe}`],
    ];
    if (lm) whereOptions.push([`a short walk from ${lm[0]}`, `במרחק הליכה קצר ${fromHe(lm[1])}`], [`near ${lm[0]}`, `ליד ${lm[1]}`]);
    const where = pick(rand, whereOptions);
    const area = pick(rand, areaSentences[place.profile]);

    // Availability: from today-30..today+60, until 3-14 months later; about 10 % open-ended.
    let from: number | null = today + randInt(rand, -30, 60) * dayMs;
    let windowMonths = randInt(rand, 3, 14);
    const open = rand();
    let until: number | null;

    let fields: TypeFields;
    let amenities: string[];
    let titleEn: string;
    let titleHe: string;
    const sentencesEn: string[] = [];
    const sentencesHe: string[] = [];
    const extrasEn: string[] = [];
    const extrasHe: string[] = [];
    let seaView: boolean;

    if (type === 'hotel') {
      const stars = pick(rand, [2, 3, 3, 3, 4, 4, 4, 5, 5, 2]);
      const band = { 2: [250, 420], 3: [330, 620], 4: [480, 820], 5: [720, 1000] }[stars]!;
      const price = clamp(
        round((band[0]! + rand() * (band[1]! - band[0]!)) * (0.85 + (place.priceFactor - 1) * 0.6 + rand() * 0.1), 10),
        250,
        1000,
      );
      const roomCount = clamp(round(stars * 16 + (rand() - 0.3) * stars * 20, 1), 5, 120);
      // 4-10 amenities; better hotels have more; 'pet_friendly' exactly when pets are welcome.
      const must = [
        'free_wifi',
        'air_conditioning',
        ...(stars >= 4 ? ['restaurant', 'room_service'] : []),
        ...(stars === 5 ? ['spa', 'swimming_pool', 'gym'] : []),
      ];
      if (petFriendly) must.push('pet_friendly');
      const optional = hotelAmenities.filter(
        (a) => a !== 'pet_friendly' && !must.includes(a) && !isShabbatAmenity(a) && !isAccessibilityFeature(a) && a !== 'elevator',
      );
      const count = clamp(randInt(rand, 2 + stars, 4 + stars * 1.5), Math.max(4, must.length), 10);
      amenities = [...must, ...sample(rand, optional, count - must.length)];
      seaView = place.coastal && chance(rand, 0.6);

      const group =
        place.profile === 'desert' || place.profile === 'deadsea'
          ? 'desert'
          : place.coastal || place.profile === 'eilat'
            ? 'coast'
            : place.profile === 'north'
              ? 'north'
              : 'city';
      const name = pick(rand, [...hotelNames.general, ...hotelNames[group], ...hotelNames[group]]);
      const patterns: Pair[] = [
        [`${name[0]} Boutique Hotel`, `מלון בוטיק ${name[1]}`],
        [`${name[0]} Hotel ${place.cityNameEn}`, `מלון ${name[1]} ${place.cityNameHe}`],
        [`The ${name[0]} Suites`, `סוויטות ${name[1]}`],
        [`${name[0]} Hotel`, `מלון ${name[1]}`],
      ];
      if (stars >= 4) patterns.push([`${name[0]} Resort & Spa`, `מלון וספא ${name[1]}`]);
      if (stars <= 3) patterns.push([`${name[0]} Guest House`, `בית ההארחה ${name[1]}`], [`${name[0]} Inn`, `אכסניית ${name[1]}`]);
      [titleEn, titleHe] = pick(rand, patterns);
      if (place.kind === 'neighbourhood' && chance(rand, 0.4)) {
        titleEn += ` – ${capital(place.heartEn)}`;
        titleHe += ` – ${place.heartHe}`;
      }

      const boutique = roomCount <= 25;
      const starWord = ['', 'one', 'two', 'three', 'four', 'five'][stars]!;
      sentencesEn.push(`${aOrAn(starWord)} ${starWord}-star ${boutique ? 'boutique ' : ''}hotel ${where[0]}, with ${roomCount} rooms.`);
      sentencesHe.push(`${boutique ? 'מלון בוטיק' : 'מלון'} ${stars} כוכבים ${where[1]}, ובו ${roomCount} חדרים.`);
      const featured = amenities.filter((a) => hotelFeatureSentences[a]);
      for (const a of sample(rand, featured, randInt(rand, 1, 2))) {
        extrasEn.push(hotelFeatureSentences[a]![0]);
        extrasHe.push(hotelFeatureSentences[a]![1]);
      }
      if (seaView) {
        extrasEn.push('Many rooms have a balcony facing the sea.');
        extrasHe.push('לחדרים רבים יש מרפסת הפונה לים.');
      }
      extrasEn.push(area[0]);
      extrasHe.push(area[1]);
      if (petFriendly) {
        extrasEn.push('Pets are welcome.');
        extrasHe.push('חיות מחמד יתקבלו בברכה.');
      }

      fields = {
        ...noPrices,
        starRating: stars,
        roomCount,
        pricePerNight: price,
        bedrooms: 1,
        bathrooms: 1,
        maxGuests: pick(rand, [2, 2, 2, 3, 4]),
        minStayDays: pick(rand, [1, 1, 1, 1, 2, 3]),
        maxStayDays: pick(rand, [14, 21, 30, 30]),
        swapAvailable: false,
      };
    } else {
      const kinds = homeKinds.filter(
        (k) => k.where === 'any' || (k.where === 'rural') === place.rural || (k.key === 'villa' && place.slug === 'herzliya'),
      );
      const kind = pick(rand, type === 'sublet' ? kinds.filter((k) => k.key !== 'cabin') : kinds);
      const bedrooms = randInt(rand, kind.minBedrooms, kind.maxBedrooms);
      const bathrooms = kind.key === 'studio' ? 1 : clamp(1 + (bedrooms >= 3 ? 1 : 0) + (bedrooms >= 4 && chance(rand, 0.5) ? 1 : 0), 1, 3);
      const maxGuests = kind.key === 'studio' ? 2 : bedrooms * 2 + (chance(rand, 0.4) ? 1 : 0);
      const [adjEn, adjM, adjF] = pick(rand, adjectives);
      const adjHe = kind.g === 'f' ? adjF : adjM;

      seaView = place.coastal && chance(rand, 0.45);
      const must = ['free_wifi', 'air_conditioning', 'kitchen'];
      if (seaView) must.push('sea_view');
      if (kind.key === 'garden' || kind.key === 'house' || kind.key === 'villa') must.push('garden');
      const detached = kind.where === 'rural';
      const optional = homeAmenities.filter(
        (a) =>
          !must.includes(a) &&
          a !== 'sea_view' &&
          a !== 'garden' &&
          !(detached && a === 'elevator') &&
          !isShabbatAmenity(a) &&
          !isAccessibilityFeature(a),
      );
      amenities = [...must, ...sample(rand, optional, randInt(rand, Math.max(1, 4 - must.length), 10 - must.length))].slice(0, 10);

      const titleFeature = amenities.filter((a) => homeTitleFeatures[a]);
      const titles: Pair[] = [
        [`${adjEn} ${kind.en(bedrooms)} ${place.inEn}`, `${kind.he(bedrooms)} ${adjHe} ${place.inHe}`],
        [`${capital(kind.en(bedrooms))} in the heart of ${place.heartEn}`, `${kind.he(bedrooms)} ${adjHe} בלב ${place.heartHe}`],
      ];
      if (lm) titles.push([`${adjEn} ${kind.en(bedrooms)} near ${lm[0]}`, `${kind.he(bedrooms)} ${adjHe} ליד ${lm[1]}`]);
      if (titleFeature.length > 0) {
        const f = homeTitleFeatures[pick(rand, titleFeature)]!;
        titles.push([`${adjEn} ${kind.en(bedrooms)} with ${f[0]}`, `${kind.he(bedrooms)} ${adjHe} עם ${f[1]}`]);
      }
      [titleEn, titleHe] = pick(rand, titles);

      sentencesEn.push(`${aOrAn(adjEn)} ${lower(adjEn)} ${kind.en(bedrooms)} ${where[0]}.`);
      sentencesHe.push(`${kind.he(bedrooms)} ${adjHe} ${where[1]}.`);
      if (kind.key === 'studio') {
        extrasEn.push(`The open-plan space sleeps up to ${maxGuests} guests.`);
        extrasHe.push(`החלל הפתוח מתאים לעד ${maxGuests} אורחים.`);
      } else {
        const bedEn = bedrooms === 1 ? 'one bedroom' : `${bedrooms} bedrooms`;
        const bathEn = bathrooms === 1 ? 'one bathroom' : `${bathrooms} bathrooms`;
        const bedHe = bedrooms === 1 ? 'חדר שינה אחד' : `${bedrooms} חדרי שינה`;
        const bathHe = bathrooms === 1 ? 'חדר רחצה אחד' : `${bathrooms} חדרי רחצה`;
        extrasEn.push(`${capital(kind.theEn)} has ${bedEn}, ${bathEn} and room for up to ${maxGuests} guests.`);
        extrasHe.push(`${kind.g === 'f' ? 'יש בה' : 'יש בו'} ${bedHe}, ${bathHe} ומקום לעד ${maxGuests} אורחים.`);
      }
      const features = amenities.filter((a) => homeFeatureSentences[a]);
      if (features.length > 0) {
        const f = homeFeatureSentences[pick(rand, features)]!;
        extrasEn.push(f[0]);
        extrasHe.push(f[1]);
      }
      extrasEn.push(area[0]);
      extrasHe.push(area[1]);

      const swapAvailable = chance(rand, 0.25);
      const base = type === 'sublet' ? 2200 + bedrooms * 1700 : 900 + bedrooms * 420;
      const factor = kind.price * place.priceFactor * (0.85 + rand() * 0.3);
      const common = { ...noPrices, bedrooms, bathrooms, maxGuests, swapAvailable };
      if (type === 'sublet') {
        const durationMonths = randInt(rand, 1, 12);
        windowMonths = clamp(durationMonths + randInt(rand, 0, 2), 3, 14);
        const minStay = pick(
          rand,
          [30, 30, 30, 60, 90].filter((d) => d <= durationMonths * 30),
        );
        fields = {
          ...common,
          pricePerMonth: clamp(round(base * factor, 100), 3000, 15000),
          durationMonths,
          minStayDays: minStay,
          maxStayDays: clamp(durationMonths * 30, minStay, 365),
        };
        extrasEn.push(`Available as a sublet for up to ${monthsEn(durationMonths)} – ideal for a relocation or a long work trip.`);
        extrasHe.push(
          `${kind.g === 'f' ? 'זמינה' : 'זמין'} לסאבלט לתקופה של עד ${monthsHe(durationMonths)} – ${kind.g === 'f' ? 'אידיאלית' : 'אידיאלי'} למעבר דירה או לנסיעת עבודה ארוכה.`,
        );
      } else {
        const leaseOptions = sample(rand, leaseChoices, randInt(rand, 2, 4));
        const first = leaseOptions[0]!;
        const last = leaseOptions[leaseOptions.length - 1]!;
        fields = {
          ...common,
          pricePerWeek: clamp(round(base * factor, 50), 1200, 5000),
          leaseOptions: [...leaseOptions],
          minStayDays: leaseDays[first]!,
          maxStayDays: leaseDays[last]!,
        };
        extrasEn.push(`Rented by the week, with lease options from ${first} to ${last}.`);
        extrasHe.push(`להשכרה שבועית, עם אפשרויות חוזה ${fromHe(leaseHe[first]!)} ועד ${leaseHe[last]}.`);
      }
      if (swapAvailable) {
        extrasEn.push('The host is also open to a home swap.');
        extrasHe.push('המארחים פתוחים גם להחלפת דירות.');
      }
      if (petFriendly) {
        extrasEn.push('Pets are welcome.');
        extrasHe.push('חיות מחמד יתקבלו בברכה.');
      }
    }

    // 1-3 of the further sentences, in their order: 2-4 sentences in all.
    const keep = sample(
      rand,
      extrasEn.map((_, i) => i),
      randInt(rand, 1, 3),
    );
    for (const i of keep) {
      sentencesEn.push(extrasEn[i]!);
      sentencesHe.push(extrasHe[i]!);
    }

    if (open < 0.04) from = null;
    until = from === null ? addMonths(today, windowMonths) : addMonths(from, windowMonths);
    if (open >= 0.04 && open < 0.07) until = null;
    if (open >= 0.07 && open < 0.1) {
      from = null;
      until = null;
    }

    const rules = houseRules(rand, type, petFriendly, place);
    const shabbat = shabbatTraits(type, amenities, rules);
    return {
      propertyType: type,
      placeSlug: place.slug,
      citySlug: place.citySlug,
      titleEn,
      titleHe,
      descriptionEn: sentencesEn.join(' '),
      descriptionHe: sentencesHe.join(' '),
      address,
      addressHe,
      // Its own stream, so that adding coordinates left every other generated value as it was.
      ...spreadInPlace(createRandom(mixSeed(seed ^ 0x6e0, index)), place),
      amenities: accessibleTraits(type, index, shabbat.amenities),
      houseRules: rules,
      petFriendly,
      keepsShabbat: shabbat.keepsShabbat,
      instantBooking: type === 'hotel' || Math.floor(index / 3) % 5 === 1,
      availableFrom: from === null ? null : dayString(from),
      availableUntil: until === null ? null : dayString(until),
      publishedDaysAgo: randInt(rand, 1, 200),
      photos: photoSet(rand, type, place, seaView),
      ...fields,
    };
  };
}

/** The first `count` listings of the default stream. */
export function generateDemoListings(count: number, options: ListingGeneratorOptions = {}): DemoListing[] {
  const generate = createListingGenerator(options);
  return Array.from({ length: count }, (_, i) => generate(i));
}
