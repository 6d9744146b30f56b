/**
 * The sentence search: a sentence in Hebrew or English ("2 bedroom in Florentin for 3 months from March
 * under 7000 with a balcony, pets ok", "מלון באילת לשני מבוגרים וילד בן 6 בחנוכה עד 600 ללילה") read into
 * the fields of a search, with the words it did not understand left over for matching listings' text.
 * Pure and deterministic: the day is passed in (Israel's today), holidays come from the Hebrew calendar
 * (core/hebrew-calendar.ts), places from the gazetteer (core/gazetteer.ts). Rules, not a model: nothing
 * is sent anywhere, and every reading is in the table of core/search-interpreter.test.ts.
 * Over 300 lines on purpose: the lexicon and the rules that read it are one grammar, read together.
 *
 * How it reads: the text is normalised and cut into tokens; places are found first (their names hold
 * number words: באר שבע), then number words become numbers, then each token is tagged from the lexicon
 * (with Hebrew prefixes ו ב ל מ ה ש כ stripped, and small typos forgiven in longer words), then rules
 * read the tags in order: dates, the party, bedrooms and rooms, the budget, durations, the rest.
 */
import { priceSlider, roomsPicker, type PropertyType } from './constants.ts';
import { addDaysIso, daysBetween, isWithinHorizon, israelInstant } from './dates.ts';
import { gazetteer, hebrewArticleSlugs, type GazetteerPlace } from './gazetteer.ts';
import { israeliHolidays } from './hebrew-calendar.ts';
import type { Language } from './languages.ts';
import { maxPartyChildren, maxPartyGuests } from './party.ts';
import { amenitiesOfType, maxBedroomsFilter } from './search-params.ts';
import { maxSentenceLength, type InterpretedQuery, type Interpretation } from './search-interpretation.ts';

export interface InterpretOptions {
  /** Israel's today, yyyy-MM-dd (core/dates.ts today()). */
  today: string;
  /** The page's language: a place is named in it. */
  lang: Language;
  /** The page's property type, for reading a budget in its unit when the sentence names no type. */
  type?: PropertyType;
}

// ---------------------------------------------------------------- lexicon

type Unit = 'night' | 'week' | 'month' | 'year';
type Tag =
  | { t: 'num'; v: number }
  | { t: 'date'; day: number; month: number; year?: number }
  | { t: 'place'; place: GazetteerPlace }
  | { t: 'month'; v: number }
  | { t: 'season'; from: number; to: number }
  | { t: 'holiday'; festival: string }
  | {
      t: 'rel';
      v: 'today' | 'tonight' | 'tomorrow' | 'this-week' | 'next-week' | 'this-weekend' | 'next-weekend' | 'this-month' | 'next-month';
    }
  | { t: 'unit'; v: Unit; n?: number } // n: a unit word with its number inside (שבועיים, fortnight)
  | { t: 'type'; v: PropertyType; weak?: boolean }
  | { t: 'studio' }
  | { t: 'amenity'; v: string }
  | { t: 'pets' }
  | { t: 'shabbat' }
  | { t: 'flexible' }
  | { t: 'currency' }
  | { t: 'per' } // per, a, /, ל (before a unit)
  | { t: 'max' }
  | { t: 'min' }
  | { t: 'between' }
  | { t: 'to' }
  | { t: 'from' }
  | { t: 'in' }
  | { t: 'total' }
  | { t: 'k' }
  | { t: 'adult' }
  | { t: 'child'; age?: number; plural?: boolean }
  | { t: 'people' }
  | { t: 'couple'; n?: number }
  | { t: 'family' }
  | { t: 'alone' }
  | { t: 'age' } // aged, age, בן, בת, בני, of
  | { t: 'yearsOld' } // year old, yo, שנים
  | { t: 'bedroom' }
  | { t: 'room'; plural: boolean }
  | { t: 'and' }
  | { t: 'half' }
  | { t: 'stop' };

/** Phrases (normalised words) and what they mean. Hebrew entries are written without prefixes. */
const phrases: [string, Tag][] = [];
const add = (tag: Tag, ...words: string[]) => words.forEach((word) => phrases.push([word, tag]));

const monthNames: [number, string[]][] = [
  [1, ['january', 'jan', 'ינואר']],
  [2, ['february', 'feb', 'פברואר']],
  [3, ['march', 'mar', 'מרץ', 'מרס']],
  [4, ['april', 'apr', 'אפריל']],
  [5, ['may', 'מאי']],
  [6, ['june', 'jun', 'יוני']],
  [7, ['july', 'jul', 'יולי']],
  [8, ['august', 'aug', 'אוגוסט']],
  [9, ['september', 'sep', 'sept', 'ספטמבר']],
  [10, ['october', 'oct', 'אוקטובר']],
  [11, ['november', 'nov', 'נובמבר']],
  [12, ['december', 'dec', 'דצמבר']],
];
for (const [month, names] of monthNames) add({ t: 'month', v: month }, ...names);

// Seasons as Israelis plan stays: summer is the school holiday (July-August).
add(
  { t: 'season', from: 7, to: 9 },
  'summer',
  'summertime',
  'summer vacation',
  'summer holidays',
  'קיץ',
  'חופש הגדול',
  'החופש הגדול',
  'חופשת הקיץ',
);
add({ t: 'season', from: 12, to: 3 }, 'winter', 'חורף');
add({ t: 'season', from: 3, to: 6 }, 'spring', 'אביב');
add({ t: 'season', from: 9, to: 12 }, 'autumn', 'fall', 'סתיו');

// Holidays by their festival's name in hebcal (core/hebrew-calendar.ts Holiday.festival).
add({ t: 'holiday', festival: 'Pesach' }, 'passover', 'pesach', 'pesah', 'פסח', 'חג הפסח', 'חג פסח');
add({ t: 'holiday', festival: 'Sukkot' }, 'sukkot', 'succot', 'sukkos', 'sukot', 'tabernacles', 'סוכות', 'חג הסוכות');
add({ t: 'holiday', festival: 'Chanukah' }, 'hanukkah', 'chanukah', 'hanukah', 'chanuka', 'hanuka', 'חנוכה', 'חג החנוכה');
add({ t: 'holiday', festival: 'Shavuot' }, 'shavuot', 'shavuos', 'pentecost', 'חג השבועות');
add({ t: 'holiday', festival: 'Rosh Hashana' }, 'rosh hashana', 'rosh hashanah', 'jewish new year', 'ראש השנה', 'ראש השנה');
add({ t: 'holiday', festival: 'Yom Kippur' }, 'yom kippur', 'kippur', 'יום כיפור', 'יום הכיפורים', 'כיפור');
add({ t: 'holiday', festival: 'Purim' }, 'purim', 'פורים');
add({ t: 'holiday', festival: 'Yom HaAtzma’ut' }, 'independence day', 'yom haatzmaut', 'יום העצמאות', 'עצמאות');
add({ t: 'holiday', festival: 'Lag BaOmer' }, 'lag baomer', 'lag bomer', 'ל"ג בעומר', 'לג בעומר');

add({ t: 'rel', v: 'today' }, 'today', 'היום');
add({ t: 'rel', v: 'tonight' }, 'tonight', 'הלילה');
add({ t: 'rel', v: 'tomorrow' }, 'tomorrow', 'מחר');
add({ t: 'rel', v: 'this-week' }, 'this week', 'השבוע', 'השבוע הזה');
add({ t: 'rel', v: 'next-week' }, 'next week', 'שבוע הבא', 'השבוע הבא', 'שבוע הבא');
add(
  { t: 'rel', v: 'this-weekend' },
  'this weekend',
  'weekend',
  'the weekend',
  'סוף השבוע',
  'סוף שבוע',
  'סופ"ש',
  'סופש',
  'סוף השבוע הזה',
  'סופ"ש הזה',
  'סופש הזה',
);
add({ t: 'rel', v: 'next-weekend' }, 'next weekend', 'סוף השבוע הבא', 'סוף שבוע הבא', 'סופ"ש הבא', 'סופש הבא');
add({ t: 'rel', v: 'this-month' }, 'this month', 'החודש', 'החודש הזה');
add({ t: 'rel', v: 'next-month' }, 'next month', 'חודש הבא', 'החודש הבא');

add({ t: 'unit', v: 'night' }, 'night', 'nights', 'nite', 'nites', 'day', 'days', 'לילה', 'לילות', 'יום', 'ימים', 'nightly', 'daily');
add({ t: 'unit', v: 'night', n: 2 }, 'יומיים');
add({ t: 'unit', v: 'week' }, 'week', 'weeks', 'wk', 'wks', 'weekly', 'שבוע', 'שבועות');
add({ t: 'unit', v: 'week', n: 2 }, 'fortnight', 'שבועיים');
add({ t: 'unit', v: 'month' }, 'month', 'months', 'mo', 'mos', 'monthly', 'חודש', 'חודשים');
add({ t: 'unit', v: 'month', n: 2 }, 'חודשיים');
add({ t: 'unit', v: 'year' }, 'year', 'years', 'yearly', 'שנה', 'שנים');
add({ t: 'unit', v: 'month', n: 6 }, 'half a year', 'half year', 'חצי שנה');
add({ t: 'half' }, 'half', 'חצי');

add(
  { t: 'type', v: 'hotel' },
  'hotel',
  'hotels',
  'motel',
  'resort',
  'hostel',
  'suite',
  'מלון',
  'מלונות',
  'בית מלון',
  'בתי מלון',
  'אכסניה',
  'הוסטל',
  'סוויטה',
  'ריזורט',
);
add({ t: 'type', v: 'hotel', weak: true }, 'room', 'חדר', 'hotel room', 'חדר במלון');
add({ t: 'type', v: 'sublet' }, 'sublet', 'sublets', 'sublease', 'subletting', 'סאבלט', 'סבלט', 'שכירות משנה', 'סאבלטים');
add(
  { t: 'type', v: 'sublet', weak: true },
  'apartment',
  'apartments',
  'apt',
  'flat',
  'flats',
  'condo',
  'penthouse',
  'loft',
  'home',
  'house',
  'דירה',
  'דירת',
  'דירות',
  'פנטהאוז',
  'פנטהאוס',
  'יחידת דיור',
  'בית',
);
add({ t: 'studio' }, 'studio', 'studios', 'סטודיו', 'דירת סטודיו', 'דירת חדר');
add(
  { t: 'type', v: 'rental' },
  'rental',
  'rentals',
  'vacation rental',
  'holiday rental',
  'holiday home',
  'vacation home',
  'villa',
  'villas',
  'zimmer',
  'zimmers',
  'tzimmer',
  'cabin',
  'cottage',
  'chalet',
  'b&b',
  'bnb',
  'וילה',
  'וילות',
  'צימר',
  'צימרים',
  'בקתה',
  'השכרה',
  'להשכרה',
  'for rent',
  'to rent',
);

const amenityWords: [string, string[]][] = [
  ['balcony', ['balcony', 'balconies', 'terrace', 'porch', 'מרפסת', 'מרפסות', 'מרפסת שמש']],
  ['parking', ['parking', 'parking spot', 'parking space', 'garage', 'חניה', 'חנייה', 'חניון', 'מקום חניה']],
  ['safe_room', ['safe room', 'mamad', 'shelter', 'bomb shelter', 'ממ"ד', 'ממד', 'מרחב מוגן', 'חדר ביטחון', 'מקלט']],
  ['sea_view', ['sea view', 'ocean view', 'seaview', 'sea views', 'view of the sea', 'נוף לים', 'נוף ים', 'נוף לים']],
  ['kosher_kitchen', ['kosher', 'kosher kitchen', 'כשר', 'כשרה', 'מטבח כשר', 'כשרות']],
  ['shabbat_elevator', ['shabbat elevator', 'sabbath elevator', 'shabbos elevator', 'מעלית שבת']],
  ['free_wifi', ['wifi', 'wi fi', 'wi-fi', 'internet', 'free wifi', 'אינטרנט', 'וייפיי', 'וויפי', 'ויפי', 'אינטרנט אלחוטי']],
  ['air_conditioning', ['air conditioning', 'ac', 'a/c', 'aircon', 'air conditioner', 'מזגן', 'מיזוג', 'מיזוג אוויר', 'מזגנים']],
  ['kitchen', ['kitchen', 'kitchenette', 'מטבח', 'מטבחון']],
  ['washer', ['washer', 'washing machine', 'laundry', 'מכונת כביסה', 'כביסה']],
  ['dryer', ['dryer', 'מייבש', 'מייבש כביסה']],
  ['dishwasher', ['dishwasher', 'מדיח', 'מדיח כלים']],
  ['elevator', ['elevator', 'lift', 'מעלית']],
  ['workspace', ['workspace', 'desk', 'work space', 'office', 'פינת עבודה', 'שולחן עבודה', 'עמדת עבודה']],
  ['tv', ['tv', 'television', 'טלוויזיה', 'טלויזיה']],
  ['heating', ['heating', 'heater', 'חימום', 'תנור חימום']],
  ['garden', ['garden', 'yard', 'backyard', 'גינה', 'חצר', 'גן']],
  ['crib', ['crib', 'cot', 'baby cot', 'עריסה', 'לול', 'מיטת תינוק']],
  ['swimming_pool', ['pool', 'swimming pool', 'בריכה', 'בריכת שחייה']],
  ['gym', ['gym', 'fitness', 'חדר כושר', 'ג׳ים', "ג'ים"]],
  ['spa', ['spa', 'ספא']],
  ['restaurant', ['restaurant', 'מסעדה']],
  ['room_service', ['room service', 'שירות חדרים']],
  ['business_center', ['business center', 'business centre', 'מרכז עסקים']],
  ['airport_shuttle', ['airport shuttle', 'shuttle', 'הסעה', 'הסעה משדה התעופה', 'הסעה לשדה']],
  ['breakfast_included', ['breakfast', 'breakfast included', 'with breakfast', 'ארוחת בוקר', 'כולל ארוחת בוקר']],
];
for (const [key, words] of amenityWords) add({ t: 'amenity', v: key }, ...words);

add(
  { t: 'pets' },
  'pets ok',
  'pets allowed',
  'pet friendly',
  'pets welcome',
  'pets',
  'pet',
  'dog',
  'dogs',
  'cat',
  'cats',
  'puppy',
  'חיות',
  'חיות מחמד',
  'חיית מחמד',
  'בעלי חיים',
  'כלב',
  'כלבה',
  'כלבים',
  'חתול',
  'חתולה',
  'חתולים',
  'ידידותי לחיות',
  'מותר חיות',
);
add(
  { t: 'shabbat' },
  'shabbat',
  'shabbos',
  'sabbath',
  'shabbat friendly',
  'shomer shabbat',
  'shabbat observant',
  'שבת',
  'שומר שבת',
  'שומרי שבת',
  'שומרת שבת',
);
add(
  { t: 'flexible' },
  'flexible',
  'flexible dates',
  'flex',
  'give or take',
  'more or less',
  'גמיש',
  'גמישה',
  'גמישים',
  'תאריכים גמישים',
  'בערך',
  'פחות או יותר',
  'גמישות',
);

add({ t: 'currency' }, '₪', 'nis', 'ils', 'shekel', 'shekels', 'shekalim', 'sheqel', 'שקל', 'שקלים', 'ש"ח', 'שח', 'ש״ח', 'שקל חדש');
add({ t: 'per' }, 'per', 'a', 'an', '/', 'each', 'every');
add(
  { t: 'max' },
  'under',
  'below',
  'less than',
  'up to',
  'upto',
  'max',
  'maximum',
  'at most',
  'no more than',
  'not more than',
  'within',
  'budget',
  'budget of',
  'מתחת',
  'פחות',
  'פחות מ',
  'מקסימום',
  'לא יותר',
  'לא יותר מ',
  'תקציב',
  'עד',
  'במחיר עד',
  'לכל היותר',
);
add({ t: 'min' }, 'over', 'above', 'more than', 'at least', 'min', 'minimum', 'starting at', 'מעל', 'לפחות', 'מינימום', 'יותר מ');
add({ t: 'between' }, 'between', 'בין');
add({ t: 'to' }, 'to', 'until', 'till', 'til', 'through', 'thru', '-', 'ל', 'ועד');
add({ t: 'from' }, 'from', 'starting', 'since', 'beginning', 'החל', 'החל מ', 'מ', 'מה', 'מתאריך', 'starting from');
add({ t: 'in' }, 'in', 'בעוד');
add(
  { t: 'total' },
  'total',
  'in total',
  'overall',
  'all in',
  'altogether',
  'all together',
  'בסך הכל',
  'סה"כ',
  'סהכ',
  'בסה"כ',
  'הכל',
  'סך הכל',
);
add({ t: 'k' }, 'k', 'thousand', 'grand', 'אלף', 'אלפים', 'אלפי');

add({ t: 'adult' }, 'adult', 'adults', 'grownups', 'grown ups', 'מבוגר', 'מבוגרים', 'מבוגרת', 'מבוגרות');
add({ t: 'child', plural: true }, 'kids', 'children', 'childs', 'ילדים', 'ילדות', 'ילדיים');
add({ t: 'child' }, 'kid', 'child', 'boy', 'girl', 'son', 'daughter', 'teen', 'teenager', 'ילד', 'ילדה', 'בן', 'בת', 'נער', 'נערה');
add({ t: 'child', age: 0 }, 'baby', 'infant', 'toddler', 'newborn', 'תינוק', 'תינוקת', 'פעוט');
add({ t: 'child', age: 0, plural: true }, 'babies', 'infants', 'toddlers', 'תינוקות');
add(
  { t: 'people' },
  'people',
  'persons',
  'person',
  'guests',
  'guest',
  'pax',
  'ppl',
  'travelers',
  'travellers',
  'אנשים',
  'איש',
  'נפשות',
  'אורחים',
  'אורח',
  'אנשים',
);
add({ t: 'couple', n: 2 }, 'couples', 'זוגות');
add(
  { t: 'couple' },
  'couple',
  'a couple',
  'me and my wife',
  'me and my husband',
  'me and my partner',
  'my wife and i',
  'my husband and i',
  'זוג',
  'זוגי',
  'אני ואשתי',
  'אני ובעלי',
  'אני וזוגתי',
  'אני ובן זוגי',
  'אני ובת זוגי',
);
add({ t: 'family' }, 'family', 'families', 'משפחה', 'משפחתי', 'משפחות');
add({ t: 'alone' }, 'alone', 'solo', 'just me', 'by myself', 'single', 'לבד', 'לבדי', 'יחיד', 'יחידה');
add({ t: 'age' }, 'aged', 'age', 'ages', 'of age', 'בני', 'בנות', 'גיל', 'בגיל', 'בגילאי', 'בגילאים', 'גילאי');
add({ t: 'yearsOld' }, 'year old', 'years old', 'yo', 'y/o', 'yr old', 'yrs old', 'year olds', 'שנים', 'שנה');
add({ t: 'bedroom' }, 'bedroom', 'bedrooms', 'br', 'bdr', 'bdrm', 'bed', 'beds', 'bd', 'חדרי שינה', 'חדר שינה');
add({ t: 'room', plural: true }, 'rooms', 'חדרים', 'חד', "חד'");
add({ t: 'and' }, 'and', '&', '+', 'plus', 'ו', 'with', 'עם', 'פלוס');
add(
  { t: 'stop' },
  'the',
  'for',
  'at',
  'on',
  'near',
  'close to',
  'next to',
  'around',
  'by',
  'of',
  'is',
  'are',
  'be',
  'i',
  'we',
  'me',
  'my',
  'our',
  'us',
  'need',
  'needs',
  'looking',
  'look',
  'want',
  'wants',
  'would',
  'like',
  'please',
  'place',
  'stay',
  'staying',
  'somewhere',
  'some',
  'something',
  'neighborhood',
  'neighbourhood',
  'area',
  'district',
  'city',
  'that',
  'which',
  'has',
  'have',
  'having',
  'allowed',
  'ok',
  'okay',
  'friendly',
  'welcome',
  'included',
  'only',
  'just',
  'find',
  'show',
  'search',
  'any',
  'good',
  'nice',
  'cheap',
  'price',
  'prices',
  'budget',
  'about',
  'approx',
  'approximately',
  'roughly',
  'people',
  'dates',
  'date',
  'starting',
  'available',
  'it',
  'there',
  'to',
  'book',
  'trip',
  'vacation',
  'holiday',
  'holidays',
  'getaway',
  'של',
  'את',
  'על',
  'עבור',
  'בשביל',
  'מחפש',
  'מחפשת',
  'מחפשים',
  'אני',
  'אנחנו',
  'צריך',
  'צריכה',
  'צריכים',
  'רוצה',
  'רוצים',
  'לנו',
  'לי',
  'יש',
  'מקום',
  'שכונת',
  'שכונה',
  'העיר',
  'עיר',
  'גם',
  'או',
  'זה',
  'הזה',
  'ליד',
  'קרוב',
  'באזור',
  'אזור',
  'מותר',
  'אפשר',
  'עם',
  'כולל',
  'רק',
  'חופשה',
  'חופשת',
  'טיול',
  'שהות',
  'לינה',
  'מחיר',
  'במחיר',
  'תאריכים',
  'בבקשה',
  'כמה',
  'איזה',
  'משהו',
  'ב',
  'ה',
  'כ',
  'ש',
  'כן',
  'בסדר',
  'אוקיי',
  'חג',
  'בחג',
  'ידידותי',
);

/** Hebrew one-letter prefixes: and, in, to, from, the, that, as. */
const hebrewPrefixes = 'ובלמהשכ';

// ---------------------------------------------------------------- numbers

const englishNumbers: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  twentieth: 20,
  thirtieth: 30,
  pair: 2,
  hundred: 100,
  thousand: 1000,
};
const hebrewNumbers: Record<string, number> = {
  אחד: 1,
  אחת: 1,
  שניים: 2,
  שתיים: 2,
  שתים: 2,
  שני: 2,
  שתי: 2,
  שלושה: 3,
  שלוש: 3,
  שלושת: 3,
  ארבעה: 4,
  ארבע: 4,
  ארבעת: 4,
  חמישה: 5,
  חמש: 5,
  חמשת: 5,
  שישה: 6,
  שש: 6,
  ששת: 6,
  שבעה: 7,
  שבע: 7,
  שבעת: 7,
  שמונה: 8,
  שמונת: 8,
  תשעה: 9,
  תשע: 9,
  תשעת: 9,
  עשרה: 10,
  עשר: 10,
  עשרת: 10,
  עשרים: 20,
  שלושים: 30,
  ארבעים: 40,
  חמישים: 50,
  שישים: 60,
  שבעים: 70,
  שמונים: 80,
  תשעים: 90,
  מאה: 100,
  מאתיים: 200,
  אלף: 1000,
  אלפיים: 2000,
};
const multipliers: Record<string, number> = { hundred: 100, מאות: 100, thousand: 1000, אלף: 1000, אלפים: 1000, k: 1000, grand: 1000 };

// ---------------------------------------------------------------- tokens

interface Token {
  raw: string;
  norm: string;
  tag?: Tag;
  /** The Hebrew prefix stripped to read it ('ב' of 'בפסח'). */
  prefix?: string;
  used: boolean;
  /** Part of a phrase started by an earlier token. */
  cont?: boolean;
}

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[״“”„]/g, '"')
    .replace(/[׳‘’`´]/g, "'")
    .replace(/[\u0591-\u05c7]/g, '') // vowel points and cantillation
    .replace(/[–—]/g, '-')
    .replace(/(\d),(\d{3})\b/g, '$1$2')
    .replace(/₪/g, ' ₪ ')
    .replace(/[!?;:()[\]{}<>|*#@=_~^]/g, ' ')
    .replace(/,/g, ' ');
}

/** Cut one whitespace word into tokens: '500-800' → 500 - 800, '2br' → 2 br, 'ב-3.3' → ב 3.3, 'tel-aviv' → tel aviv. */
function splitWord(word: string): string[] {
  let w = word.replace(/^['"]+|['".]+$/g, (match) => (match === '"' ? '' : '')).trim();
  if (w === '') return [];
  if (/^\d{1,2}[./-]\d{1,2}([./-]\d{2,4})?$/.test(w) && /[./]/.test(w)) return [w];
  if (/^\d{4}-\d{2}-\d{2}$/.test(w)) return [w];
  const prefixed = /^([ובלמהשכ]{1,3})-(.+)$/.exec(w);
  if (prefixed) return [prefixed[1]!, ...splitWord(prefixed[2]!)];
  const prefixedNumber = /^([ובלמהשכ]{1,2})(\d.*)$/.exec(w);
  if (prefixedNumber) return [prefixedNumber[1]!, ...splitWord(prefixedNumber[2]!)];
  const range = /^(\d+(?:\.\d+)?k?)-(\d+(?:\.\d+)?k?)$/.exec(w);
  if (range) return [range[1]!, '-', range[2]!].flatMap((part) => (part === '-' ? [part] : splitWord(part)));
  if (/^\d+(st|nd|rd|th)$/.test(w)) return [w.replace(/\D+$/, '')];
  if (/^\d+(\.\d+)?k$/.test(w)) return [String(Math.round(Number(w.slice(0, -1)) * 1000))];
  const numberWord = /^(\d+(?:\.\d+)?)([a-z\u0590-\u05ff/"']+)$/.exec(w);
  if (numberWord) return [numberWord[1]!, ...splitWord(numberWord[2]!)];
  const wordNumber = /^([a-z]+)(\d+)$/.exec(w);
  if (wordNumber && wordNumber[1] !== 'b') return [wordNumber[1]!, wordNumber[2]!];
  if (w.startsWith('/') && w.length > 1) return ['/', ...splitWord(w.slice(1))];
  if (/^[a-z]+-[a-z-]+$/.test(w) && w !== 'a/c') w = w.replace(/-/g, ' ');
  if (/^[\u0590-\u05ff]+-[\u0590-\u05ff]+$/.test(w)) return w.split('-');
  return w.split(' ').filter(Boolean);
}

function tokenize(text: string): Token[] {
  const rawWords = text.split(/\s+/).filter(Boolean);
  const tokens: Token[] = [];
  for (const rawWord of rawWords) {
    for (const part of splitWord(normalise(rawWord).trim())) {
      for (const piece of part.split(/\s+/).filter(Boolean)) tokens.push({ raw: piece, norm: piece.replace(/^'+|'+$/g, ''), used: false });
    }
  }
  return tokens.filter((token) => token.norm !== '' && token.norm !== '"');
}

/** Damerau-Levenshtein distance (optimal string alignment), stopping early past `limit`. */
export function editDistance(a: string, b: string, limit = 2): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i, ...Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = value;
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
  }
  return rows[a.length]![b.length]!;
}

/** Typos forgiven: none in short words (too many near misses), one from five letters, two from nine. */
function typoBudget(word: string): number {
  // Hebrew words are short and close to each other (מעלית, מעלות): one typo from six letters only.
  if (/[\u0590-\u05ff]/.test(word)) return word.length >= 6 ? 1 : 0;
  return word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0;
}

function wordsMatch(token: string, word: string, fuzzy: boolean): boolean {
  if (token === word) return true;
  if (!fuzzy || /\d/.test(token) || /\d/.test(word)) return false;
  const budget = Math.min(typoBudget(word), typoBudget(token));
  return budget > 0 && editDistance(token, word, budget) <= budget;
}

interface Entry<T> {
  words: string[];
  value: T;
}

/** Entries indexed for lookup: by their first word (exact matches), by its length (typos: a length within two). */
interface Lexicon<T> {
  byFirst: Map<string, Entry<T>[]>;
  byLength: Map<number, Entry<T>[]>;
}

function entriesOf<T>(list: [string, T][]): Lexicon<T> {
  const entries = list
    .map(([phrase, value]) => ({ words: phrase.split(' '), value }))
    .sort((a, b) => b.words.length - a.words.length || b.words.join(' ').length - a.words.join(' ').length);
  const byFirst = new Map<string, Entry<T>[]>();
  const byLength = new Map<number, Entry<T>[]>();
  for (const entry of entries) {
    const first = entry.words[0]!;
    byFirst.set(first, [...(byFirst.get(first) ?? []), entry]);
    byLength.set(first.length, [...(byLength.get(first.length) ?? []), entry]);
  }
  return { byFirst, byLength };
}

/**
 * The longest entry starting at token i, exact before fuzzy; the first word may carry Hebrew prefixes
 * (up to two: 'ובפסח', 'מהרצליה').
 */
function matchAt<T>(tokens: Token[], i: number, lexicon: Lexicon<T>): { value: T; length: number; prefix?: string } | null {
  const first = tokens[i]!.norm;
  // The word as written, then without one or two Hebrew prefix letters.
  const variants: { word: string; prefix?: string }[] = [{ word: first }];
  for (let cut = 1; cut <= 2 && cut < first.length - 1; cut++) {
    const prefix = first.slice(0, cut);
    if (![...prefix].every((letter) => hebrewPrefixes.includes(letter))) break;
    variants.push({ word: first.slice(cut), prefix });
  }
  const available = (entry: Entry<T>) =>
    i + entry.words.length <= tokens.length && tokens.slice(i + 1, i + entry.words.length).every((token) => !token.used);
  const restMatches = (entry: Entry<T>, fuzzy: boolean) =>
    entry.words.slice(1).every((word, k) => wordsMatch(tokens[i + 1 + k]!.norm, word, fuzzy));
  let best: { value: T; length: number; prefix?: string } | null = null;
  const consider = (entry: Entry<T>, prefix: string | undefined) => {
    if (!best || entry.words.length > best.length) best = { value: entry.value, length: entry.words.length, prefix };
  };
  // Exact first.
  for (const { word, prefix } of variants) {
    for (const entry of lexicon.byFirst.get(word) ?? []) if (available(entry) && restMatches(entry, false)) consider(entry, prefix);
  }
  if (best) return best;
  // Then typos: a first word within the typo budget, or a longer name compared whole ('tel avv').
  for (const { word, prefix } of variants) {
    for (const entry of lexicon.byFirst.get(word) ?? []) {
      if (entry.words.length < 2 || !available(entry)) continue;
      const written = [word, ...tokens.slice(i + 1, i + entry.words.length).map((token) => token.norm)].join(' ');
      if (wordsMatch(written, entry.words.join(' '), true)) consider(entry, prefix);
    }
    if (typoBudget(word) === 0) continue;
    for (let length = word.length - 2; length <= word.length + 2; length++) {
      for (const entry of lexicon.byLength.get(length) ?? []) {
        if (available(entry) && wordsMatch(word, entry.words[0]!, true) && restMatches(entry, true)) consider(entry, prefix);
      }
    }
    if (best) return best;
  }
  return best;
}

// ---------------------------------------------------------------- places

/** Other ways people write a place (transliterations, abbreviations, Hebrew short forms), by slug. */
const placeAliases: Record<string, string[]> = {
  'tel-aviv': ['tel aviv', 'telaviv', 'tlv', 'tel aviv yafo', 'tel aviv jaffa', 'ta', 'ת"א', 'תא', 'תל אביב יפו', 'תל-אביב'],
  jerusalem: ['jerusalem', 'jlm', 'yerushalayim', 'yerushalaim', 'jeru', 'ירושלים', 'י-ם', 'ירושלם'],
  haifa: ['heifa', 'hayfa'],
  eilat: ['elat', 'eilath'],
  beersheba: ['beer sheva', 'beersheva', "be'er sheva", 'beer-sheva', 'beer sheba', 'b7', 'ב"ש'],
  'petah-tikva': ['petach tikva', 'petah tiqwa', 'petach tikvah', 'pt', 'פ"ת', 'פתח תקוה'],
  'rishon-lezion': ['rishon', 'rishon lezion', 'rishon letzion', 'ראשון', 'ראשל"צ'],
  herzliya: ['herzlia', 'hertzliya', 'herzliyya', 'herzliya pituach', 'הרצליה פיתוח'],
  netanya: ['natanya', 'nethanya'],
  safed: ['tzfat', 'tsfat', 'zefat', 'tzefat'],
  acre: ['akko', 'acco', 'akka', 'akka'],
  tiberias: ['tveria', 'teveria', 'tverya'],
  jaffa: ['yafo', 'yaffo', 'jafa'],
  'ramat-gan': ['ר"ג'],
  'kfar-saba': ['kfar sava', 'כ"ס'],
  raanana: ['raanana', "ra'anana", 'raanan'],
  modiin: ['modiin', "modi'in", 'modiin maccabim reut'],
  'zichron-yaakov': ['zichron', 'zikhron yaakov', 'zichron yaakov', 'זכרון'],
  'dead-sea': ['dead sea', 'ים המלח'],
  galilee: ['galil', 'גליל'],
  'golan-heights': ['golan', 'גולן', 'רמת הגולן'],
  negev: ['נגב'],
  'eilat-arava': ['arava', 'ערבה'],
  'mitzpe-ramon': ['mizpe ramon', 'mitspe ramon'],
  'kiryat-shmona': ['kiryat shemona', 'קרית שמונה'],
  'kiryat-tivon': ['tivon', 'kiryat tivon', 'טבעון', 'קרית טבעון'],
  'rosh-pinna': ['rosh pina', 'ראש פינה'],
  'ein-gedi': ['en gedi', 'ein-gedi'],
  'ein-bokek': ['ein boqeq', 'en bokek'],
  caesarea: ['caesaria', 'kesaria', 'cesarea'],
  'neve-tzedek': ['neve tsedek', 'neve zedek', 'נוה צדק'],
  'old-north': ['old north', 'tzafon hayashan', 'הצפון הישן', 'צפון ישן'],
  'old-city': ['העיר העתיקה', 'עיר העתיקה'],
  'kerem-hateimanim': ['kerem hateimanim', 'kerem'],
  nachlaot: ['nahlaot', 'nachlaot'],
  'carmel-center': ['carmel', 'merkaz hacarmel', 'הכרמל', 'כרמל'],
  'beit-shemesh': ['bet shemesh'],
  'maalot-tarshiha': ['maalot', 'מעלות'],
  rehovot: ['rechovot'],
  holon: ['cholon'],
};

const placeEntries: Lexicon<GazetteerPlace> = (() => {
  const list: [string, GazetteerPlace][] = [];
  const flat = (name: string) => normalise(name).replace(/-/g, ' ').replace(/\s+/g, ' ').trim();
  for (const place of gazetteer) {
    list.push([flat(place.nameEn), place], [flat(place.nameHe), place]);
    // 'בצפון הישן': after ב the article ה drops.
    if (hebrewArticleSlugs.has(place.slug) && place.nameHe.startsWith('ה')) list.push([flat(place.nameHe.slice(1)), place]);
    for (const alias of placeAliases[place.slug] ?? []) list.push([flat(alias), place]);
  }
  return entriesOf(list);
})();

const lexicon = entriesOf(phrases.map(([phrase, tag]): [string, Tag] => [normalise(phrase).replace(/\s+/g, ' ').trim(), tag]));

function numberOfWord(word: string): number | undefined {
  if (word in englishNumbers) return englishNumbers[word];
  if (word in hebrewNumbers) return hebrewNumbers[word];
  return undefined;
}

/** Number words become numbers: 'two thousand five hundred' → 2500, 'שלושת אלפים' → 3000, 'ושניים' → 2. */
function readNumberWords(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.used) {
      out.push(token);
      continue;
    }
    let value = dateOfToken(token.norm) && token.norm.includes('.') ? undefined : numberOf(token.norm);
    let prefix: string | undefined;
    if (value === undefined && /^[ובלמהשכ]{1,2}[\u0590-\u05ff]{2,}$/.test(token.norm)) {
      for (let cut = 1; cut <= 2 && value === undefined; cut++) {
        const stripped = numberOfWord(token.norm.slice(cut));
        if (stripped !== undefined && [...token.norm.slice(0, cut)].every((letter) => hebrewPrefixes.includes(letter))) {
          value = stripped;
          prefix = token.norm.slice(0, cut);
        }
      }
    }
    if (value === undefined) {
      out.push(token);
      continue;
    }
    // Join 'twenty five', 'two thousand five hundred', 'אלף וחמש מאות'.
    let total = value >= 1000 ? value : 0;
    let current = value >= 1000 ? 0 : value;
    let raw = token.raw;
    let j = i + 1;
    while (j < tokens.length && !tokens[j]!.used) {
      const next = tokens[j]!.norm;
      const bare = next.startsWith('ו') && next.length > 2 ? next.slice(1) : next;
      const multiplier = multipliers[bare];
      if (multiplier !== undefined && current > 0) {
        if (multiplier === 1000) {
          total += current * 1000;
          current = 0;
        } else current *= multiplier;
      } else {
        const more = /\d/.test(next) ? undefined : numberOfWord(bare);
        if (more === undefined || more >= 1000) break;
        // 'twenty five' (tens then units), 'thousand five', 'five hundred and twenty'.
        const tensThenUnits = current % 10 === 0 && current % 100 !== 0 && more < 10;
        const afterScale = (current === 0 && total > 0) || (current >= 100 && current % 100 === 0 && more < 100);
        if (!tensThenUnits && !afterScale) break;
        current += more;
      }
      raw += ` ${tokens[j]!.raw}`;
      j++;
    }
    out.push({ raw, norm: String(total + current), tag: { t: 'num', v: total + current }, used: false, prefix });
    i = j - 1;
  }
  return out;
}

function numberOf(norm: string): number | undefined {
  if (/^\d+(\.\d+)?$/.test(norm)) return Number(norm);
  return numberOfWord(norm);
}

function tagTokens(tokens: Token[]): void {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.tag || token.used) continue;
    const date = dateOfToken(token.norm);
    if (date) {
      token.tag = date;
      continue;
    }
    if (/^\d+(\.\d+)?$/.test(token.norm)) {
      token.tag = { t: 'num', v: Number(token.norm) };
      continue;
    }
    const match = matchAt(tokens, i, lexicon);
    if (!match) continue;
    token.tag = match.value;
    token.prefix = match.prefix;
    for (let k = 1; k < match.length; k++) {
      tokens[i + k]!.tag = match.value;
      tokens[i + k]!.cont = true;
    }
    i += match.length - 1;
  }
}

/** '3.3', '3/3/2027', '03.03.27', '2027-03-03': day first, as Israel writes dates. */
function dateOfToken(norm: string): Tag | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(norm);
  if (iso) return { t: 'date', day: Number(iso[3]), month: Number(iso[2]), year: Number(iso[1]) };
  const dmy = /^(\d{1,2})[./](\d{1,2})(?:[./](\d{2}|\d{4}))?$/.exec(norm);
  if (!dmy) return null;
  const day = Number(dmy[1]);
  const month = Number(dmy[2]);
  if (day < 1 || day > 31 || month < 1 || month > 12) return null;
  const year = dmy[3] ? (dmy[3].length === 2 ? 2000 + Number(dmy[3]) : Number(dmy[3])) : undefined;
  // '3.5' without a year is a date only when it can be one; '3.5 rooms' is read by the rooms rule first.
  return { t: 'date', day, month, year };
}

// ---------------------------------------------------------------- dates

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function isoOf(year: number, month: number, day: number): string | null {
  const iso = `${year}-${pad(month)}-${pad(day)}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

/** The next day with this month and day from today on (this year's, or next year's once it passed). */
function nextDay(today: string, month: number, day: number, year?: number): string | null {
  if (year !== undefined) return isoOf(year, month, day);
  const thisYear = Number(today.slice(0, 4));
  const candidate = isoOf(thisYear, month, day);
  if (candidate && candidate >= today) return candidate;
  return isoOf(thisYear + 1, month, day);
}

/** The first day of the month's next occurrence, or today when it is this month. */
function monthStart(today: string, month: number, year?: number): string {
  const thisYear = Number(today.slice(0, 4));
  const thisMonth = Number(today.slice(5, 7));
  if (year === undefined && month === thisMonth) return today;
  const y = year ?? (month < thisMonth ? thisYear + 1 : thisYear);
  return `${y}-${pad(month)}-01`;
}

function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const total = year * 12 + (month - 1) + months;
  const y = Math.floor(total / 12);
  const m = (total % 12) + 1;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${y}-${pad(m)}-${pad(Math.min(date, last))}`;
}

function addDuration(day: string, duration: Duration): string {
  if (duration.unit === 'night') return addDaysIso(day, Math.round(duration.n));
  if (duration.unit === 'week') return addDaysIso(day, Math.round(duration.n * 7));
  const months = duration.unit === 'year' ? duration.n * 12 : duration.n;
  const whole = Math.floor(months);
  const end = addMonths(day, whole);
  return months > whole ? addDaysIso(end, Math.round((months - whole) * 30)) : end;
}

/** Day of the week of a day, 0 = Sunday. */
function weekday(day: string): number {
  return new Date(`${day}T12:00:00Z`).getUTCDay();
}

/**
 * Israel's weekend (Friday and Saturday, with Thursday night): from Thursday, leaving on Saturday. On a
 * Friday or Saturday "this weekend" is the one under way, from today.
 */
function weekendFrom(today: string, weeksAhead: number): { checkIn: string; checkOut: string } {
  const dow = weekday(today);
  if (weeksAhead === 0 && dow >= 5) return { checkIn: today, checkOut: addDaysIso(today, 1) };
  const thursday = addDaysIso(today, 4 - dow + weeksAhead * 7);
  return { checkIn: thursday, checkOut: addDaysIso(thursday, 2) };
}

/** The days of a festival's next occurrence from today (the one under way counts): from its eve to the morning after its last day. */
const holidayStays = new Map<string, { checkIn: string; checkOut: string } | null>();

function holidayStay(today: string, festival: string): { checkIn: string; checkOut: string } | null {
  const key = `${today} ${festival}`;
  if (!holidayStays.has(key)) {
    // A day's answers are the same all day; the calendar walk is the interpreter's slowest step.
    if (holidayStays.size > 200) holidayStays.clear();
    holidayStays.set(key, computeHolidayStay(today, festival));
  }
  return holidayStays.get(key)!;
}

function computeHolidayStay(today: string, festival: string): { checkIn: string; checkOut: string } | null {
  const days = israeliHolidays(addDaysIso(today, -10), addDaysIso(today, 400), 'en').filter((holiday) => holiday.festival === festival);
  const groups: string[][] = [];
  for (const holiday of days) {
    const group = groups.at(-1);
    if (group && daysBetween(group.at(-1)!, holiday.date) <= 1) group.push(holiday.date);
    else groups.push([holiday.date]);
  }
  const next = groups.find((group) => group.at(-1)! >= today);
  if (!next) return null;
  const checkIn = next[0]! < today ? today : next[0]!;
  // Sukkot's last day is followed by Shmini Atzeret, a festival of its own; the stay leaves after it.
  const last = festival === 'Sukkot' ? addDaysIso(next.at(-1)!, 1) : next.at(-1)!;
  const checkOut = addDaysIso(last, 1);
  return { checkIn, checkOut };
}

interface Duration {
  n: number;
  unit: Unit;
}

// ---------------------------------------------------------------- the reading

const unitDays: Record<Unit, number> = { night: 1, week: 7, month: 30, year: 365 };
const typeUnitDays: Record<PropertyType, number> = { hotel: 1, rental: 7, sublet: 30 };

interface Budget {
  min?: number;
  max?: number;
  unit?: Unit | 'total';
}

export function interpretSearch(input: string, options: InterpretOptions): Interpretation {
  const text = input.slice(0, maxSentenceLength);
  let tokens = tokenize(text);

  // 1. Places (before numbers: 'באר שבע' holds a seven).
  const foundPlaces: GazetteerPlace[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const match = matchAt(tokens, i, placeEntries);
    if (!match) continue;
    // A two-letter alias ('ta', 'pt') only when written alone as a word, not as a Hebrew prefix's remains.
    if (match.prefix && match.length === 1 && tokens[i]!.norm.length - match.prefix.length < 3) continue;
    if (/^[a-z]{2}$/.test(tokens[i]!.norm) && match.length === 1 && !['ta', 'pt'].includes(tokens[i]!.norm)) continue;
    if (tokens[i]!.norm === 'ta' || tokens[i]!.norm === 'pt') {
      if (tokens.length > 1 && !tokens.some((token) => /^(in|to|at)$/.test(token.norm))) continue;
    }
    foundPlaces.push(match.value);
    for (let k = 0; k < match.length; k++) {
      tokens[i + k]!.used = true;
      tokens[i + k]!.tag = { t: 'place', place: match.value };
    }
    i += match.length - 1;
  }

  // 2. Number words, then the lexicon.
  tokens = readNumberWords(tokens);
  tagTokens(tokens);

  const query: InterpretedQuery = {};
  const tagOf = (i: number): Tag | undefined => (i >= 0 && i < tokens.length && !tokens[i]!.used ? tokens[i]!.tag : undefined);
  const is = (i: number, ...kinds: Tag['t'][]) => {
    const tag = tagOf(i);
    return tag !== undefined && kinds.includes(tag.t);
  };
  const num = (i: number): number | undefined => {
    const tag = tagOf(i);
    return tag?.t === 'num' ? tag.v : undefined;
  };
  /** The token after i's phrase. */
  const after = (i: number) => {
    let j = i + 1;
    while (j < tokens.length && tokens[j]!.cont) j++;
    return j;
  };
  const use = (...indices: number[]) => {
    for (const index of indices) {
      if (index < 0 || index >= tokens.length) continue;
      tokens[index]!.used = true;
      for (let j = index + 1; j < tokens.length && tokens[j]!.cont; j++) tokens[j]!.used = true;
    }
  };

  // 3. Type words.
  let type: PropertyType | undefined;
  let weakType: PropertyType | undefined;
  let studio = false;
  for (let i = 0; i < tokens.length; i++) {
    const tag = tagOf(i);
    if (tag?.t === 'type' && !tokens[i]!.cont) {
      // 'rooms' after a number is read by the rooms rule; 'בית' of 'בית מלון' is a phrase already.
      if (tag.weak && tag.v === 'hotel' && (num(i - 1) !== undefined || is(after(i), 'type', 'studio'))) continue;
      if (tag.weak) weakType ??= tag.v;
      else type ??= tag.v;
      use(i);
    } else if (tag?.t === 'studio' && !tokens[i]!.cont) {
      studio = true;
      weakType ??= 'sublet';
      use(i);
    }
  }

  // 4. Dates.
  const points: { day: string; role?: 'from' | 'to' }[] = [];
  let range: { checkIn: string; checkOut: string } | null = null;
  let monthOrSeason: { start: string; end: string } | null = null;
  let duration: Duration | null = null;
  /** A date after 'from'/'מ' starts the stay, after 'to'/'until'/'עד' ends it. */
  /** The word before a date that gave its role ('from', 'until', 'עד'), used with it; a prefix ('ממרץ') is part of the date. */
  const useRoleWord = (i: number) => {
    if (is(i - 1, 'from', 'to') || (is(i - 1, 'max') && tokens[i - 1]!.norm === 'עד')) use(i - 1);
  };
  const roleBefore = (i: number): 'from' | 'to' | undefined => {
    const previous = tagOf(i - 1);
    if (previous?.t === 'from' || tokens[i]?.prefix === 'מ' || tokens[i]?.prefix === 'ומ') return 'from';
    if (previous?.t === 'to' || (previous?.t === 'max' && tokens[i - 1]!.norm === 'עד')) return 'to';
    return undefined;
  };
  for (let i = 0; i < tokens.length; i++) {
    const tag = tagOf(i);
    if (!tag) continue;
    if (tag.t === 'date') {
      // '3.5 rooms', '2.5 thousand': a decimal number, not a day.
      if (is(after(i), 'room', 'bedroom', 'currency', 'people', 'k', 'unit') && tokens[i]!.norm.includes('.')) {
        tokens[i]!.tag = { t: 'num', v: Number(tokens[i]!.norm) };
        continue;
      }
      const day = nextDay(options.today, tag.month, tag.day, tag.year);
      if (day) {
        const role = roleBefore(i);
        points.push({ day, role });
        use(i);
        if (role) useRoleWord(i);
      }
    } else if (tag.t === 'month' && !tokens[i]!.cont) {
      const month = tag.v;
      // 'May' is a month only beside a number or a date word.
      const before = num(i - 1);
      const next = after(i);
      const afterNum = num(next);
      if (tokens[i]!.norm === 'may' && before === undefined && afterNum === undefined && !is(i - 1, 'from', 'to', 'in', 'stop', 'max'))
        continue;
      // 'March 3' / '3 March' / '3rd of March' / '3 במרץ'.
      const dayBefore =
        before !== undefined && Number.isInteger(before) && before >= 1 && before <= 31 && !is(i - 2, 'num')
          ? i - 1
          : is(i - 1, 'stop') && tokens[i - 1]!.norm === 'of' && num(i - 2) !== undefined && num(i - 2)! <= 31
            ? i - 2
            : -1;
      const dayAfter =
        afterNum !== undefined &&
        Number.isInteger(afterNum) &&
        afterNum >= 1 &&
        afterNum <= 31 &&
        !is(after(next), 'unit', 'people', 'adult', 'child', 'bedroom', 'room', 'currency')
          ? next
          : -1;
      const yearIndex = (index: number) => {
        const year = num(index);
        return year !== undefined && year >= 2000 && year <= 2100 ? index : -1;
      };
      if (dayBefore >= 0 || dayAfter >= 0) {
        const dayIndex = dayBefore >= 0 ? dayBefore : dayAfter;
        // '3-10 March': the first number is a day of the same month.
        if (dayBefore >= 0 && is(dayBefore - 1, 'to') && num(dayBefore - 2) !== undefined && num(dayBefore - 2)! <= 31) {
          const first = nextDay(options.today, month, num(dayBefore - 2)!);
          if (first) {
            points.push({ day: first, role: 'from' });
            use(dayBefore - 2, dayBefore - 1);
          }
        }
        const yi = yearIndex(dayBefore >= 0 ? next : after(next));
        const dayValue = num(dayIndex)!;
        const day = nextDay(options.today, month, dayValue, yi >= 0 ? num(yi) : undefined);
        if (day) {
          const start = Math.min(dayIndex, i);
          const role = roleBefore(start);
          points.push({ day, role });
          use(i, dayIndex);
          if (yi >= 0) use(yi);
          if (role) useRoleWord(start);
          // 'March 3-7', 'March 3 to 7': the second number is a day of the same month.
          const toIndex = after(Math.max(dayIndex, i, yi));
          const lastDay = num(after(toIndex));
          if (
            dayAfter >= 0 &&
            is(toIndex, 'to') &&
            lastDay !== undefined &&
            Number.isInteger(lastDay) &&
            lastDay <= 31 &&
            lastDay > dayValue
          ) {
            const last = isoOf(Number(day.slice(0, 4)), month, lastDay);
            if (last && !is(after(after(toIndex)), 'unit', 'people', 'adult', 'child', 'month')) {
              points.push({ day: last, role: 'to' });
              use(toIndex, after(toIndex));
            }
          }
        }
      } else {
        const yi = yearIndex(next);
        const year = yi >= 0 ? num(yi) : undefined;
        const start = monthStart(options.today, month, year);
        const end = addMonths(`${start.slice(0, 7)}-01`, 1);
        const role = roleBefore(i);
        if (role === 'to' && (points.length || monthOrSeason)) points.push({ day: end, role: 'to' });
        else monthOrSeason = { start, end };
        use(i);
        if (yi >= 0) use(yi);
        if (role) useRoleWord(i);
        else if (is(i - 1, 'in')) use(i - 1);
      }
    } else if (tag.t === 'season' && !tokens[i]!.cont) {
      const start = monthStart(options.today, tag.from);
      const seasonStart = `${Number(start.slice(0, 4))}-${pad(tag.from)}-01`;
      const thisMonth = Number(options.today.slice(5, 7));
      const inside = tag.from < tag.to ? thisMonth >= tag.from && thisMonth < tag.to : thisMonth >= tag.from || thisMonth < tag.to;
      const from = inside ? options.today : seasonStart;
      const endYear = Number(from.slice(0, 4)) + (tag.to <= Number(from.slice(5, 7)) ? 1 : 0);
      monthOrSeason = { start: from, end: `${endYear}-${pad(tag.to)}-01` };
      use(i);
    } else if (tag.t === 'holiday' && !tokens[i]!.cont) {
      const stay = holidayStay(options.today, tag.festival);
      if (stay) range = stay;
      use(i);
    } else if (tag.t === 'rel' && !tokens[i]!.cont) {
      const today = options.today;
      const dow = weekday(today);
      const stays: Record<typeof tag.v, { checkIn: string; checkOut: string }> = {
        today: { checkIn: today, checkOut: addDaysIso(today, 1) },
        tonight: { checkIn: today, checkOut: addDaysIso(today, 1) },
        tomorrow: { checkIn: addDaysIso(today, 1), checkOut: addDaysIso(today, 2) },
        'this-week': { checkIn: today, checkOut: addDaysIso(today, 7 - dow) },
        'next-week': { checkIn: addDaysIso(today, 7 - dow), checkOut: addDaysIso(today, 14 - dow) },
        'this-weekend': weekendFrom(today, 0),
        'next-weekend': weekendFrom(today, 1),
        'this-month': { checkIn: today, checkOut: addMonths(`${today.slice(0, 7)}-01`, 1) },
        'next-month': { checkIn: addMonths(`${today.slice(0, 7)}-01`, 1), checkOut: addMonths(`${today.slice(0, 7)}-01`, 2) },
      };
      const stay = stays[tag.v];
      // 'tomorrow for a week': a start; a duration said later moves the end.
      if (tag.v === 'today' || tag.v === 'tomorrow' || tag.v === 'tonight') points.push({ day: stay.checkIn, role: 'from' });
      else range = stay;
      use(i);
      if (is(i - 1, 'from', 'in')) use(i - 1);
    }
  }

  // 'in two weeks' / 'בעוד שבוע': a start that far from today.
  for (let i = 0; i < tokens.length; i++) {
    if (!is(i, 'in')) continue;
    const n = num(i + 1);
    const unitIndex = n !== undefined ? i + 2 : i + 1;
    const unit = tagOf(unitIndex);
    if (unit?.t !== 'unit' || is(after(unitIndex), 'per')) continue;
    if (tokens[i]!.norm === 'in' && n === undefined) continue;
    const count = (n ?? 1) * (unit.n ?? 1);
    points.push({ day: addDuration(options.today, { n: count, unit: unit.v }), role: 'from' });
    use(i, i + 1, unitIndex);
  }

  // 5. The party.
  let adults: number | undefined;
  let childCount = 0;
  const ages: number[] = [];
  let total: number | undefined;
  let family = false;
  const readAges = (from: number): number => {
    // 'aged 4 and 9', 'בני 4 ו-7', '(6)', 'of 6': ages after the children.
    let i = from;
    if (is(i, 'age') || (tokens[i]?.norm === 'of' && num(i + 1) !== undefined)) {
      use(i);
      i = after(i);
    } else if (!(num(i) !== undefined && (is(after(i), 'yearsOld') || (is(after(i), 'and') && num(after(after(i))) !== undefined)))) {
      return i;
    }
    const found: number[] = [];
    while (num(i) !== undefined && num(i)! <= roomsPicker.maxChildAge && Number.isInteger(num(i))) {
      found.push(num(i)!);
      use(i);
      i = after(i);
      if (is(i, 'yearsOld')) {
        use(i);
        i = after(i);
      }
      if (is(i, 'and', 'to') && num(after(i)) !== undefined) {
        use(i);
        i = after(i);
      } else if (num(i) === undefined || is(after(i), 'room', 'bedroom', 'unit', 'people', 'adult', 'child', 'currency')) break;
      // '4, 7 and 12': the commas are gone, the next number is the next age.
    }
    ages.push(...found);
    return i;
  };
  for (let i = 0; i < tokens.length; i++) {
    const tag = tagOf(i);
    if (!tag) continue;
    const n = num(i);
    const next = after(i);
    if (n !== undefined && Number.isInteger(n) && n >= 1 && n <= maxPartyGuests) {
      const nextTag = tagOf(next);
      if (nextTag?.t === 'adult') {
        adults = (adults ?? 0) + n;
        use(i, next);
      } else if (nextTag?.t === 'couple') {
        // '2 couples', 'שני זוגות'.
        adults = n * 2;
        use(i, next);
      } else if (nextTag?.t === 'child') {
        const count = nextTag.plural || n > 1 ? n : 1;
        childCount += count;
        use(i, next);
        const before = ages.length;
        readAges(after(next));
        if (nextTag.age !== undefined && ages.length === before) ages.push(...Array<number>(count).fill(nextTag.age));
      } else if (nextTag?.t === 'people') {
        total = n;
        use(i, next);
        if (is(i - 1, 'max') || is(i - 1, 'stop')) use(i - 1);
      } else if (
        nextTag?.t === 'yearsOld' &&
        n <= roomsPicker.maxChildAge &&
        tokens[next]!.norm !== 'שנה' &&
        tokens[next]!.norm !== 'שנים'
      ) {
        // 'a 6 year old', '6yo (kid)'.
        childCount += 1;
        ages.push(n);
        use(i, next);
        if (is(after(next), 'child')) use(after(next));
      } else if (nextTag?.t === 'family' || (is(i - 1, 'family') && tokens[i - 1] && !tokens[i - 1]!.used)) {
        // handled below
      }
    } else if (tag.t === 'couple' && !tokens[i]!.cont) {
      adults = Math.max(adults ?? 0, 2);
      use(i);
    } else if (tag.t === 'alone' && !tokens[i]!.cont) {
      adults = 1;
      use(i);
    } else if (tag.t === 'family' && !tokens[i]!.cont) {
      family = true;
      use(i);
      // 'family of 4', 'משפחה בת 5'.
      let j = next;
      if (tokens[j]?.norm === 'of' || tokens[j]?.norm === 'של' || is(j, 'age', 'child')) j = after(j);
      if (num(j) !== undefined && !is(after(j), 'child', 'adult', 'unit', 'currency')) {
        total = num(j);
        use(next, j);
      }
    } else if (
      tag.t === 'child' &&
      !tokens[i]!.cont &&
      !(tokens[i]!.norm === 'בן' || tokens[i]!.norm === 'בת') &&
      num(i - 1) === undefined
    ) {
      // 'with a kid', 'וילד בן 6', 'kids 4 and 9', 'baby'.
      const before = ages.length;
      use(i);
      if (is(i - 1, 'per') && tokens[i - 1]!.norm.length <= 2) use(i - 1);
      let j = next;
      if (tag.plural) {
        j = readAges(j);
        childCount += Math.max(ages.length - before, 2);
      } else {
        // 'ילד בן 6': בן is the age word here.
        if ((tokens[j]?.norm === 'בן' || tokens[j]?.norm === 'בת') && num(after(j)) !== undefined) {
          use(j);
          j = after(j);
          ages.push(num(j)!);
          use(j);
          if (is(after(j), 'yearsOld')) use(after(j));
        } else readAges(j);
        childCount += 1;
      }
      if (tag.age !== undefined && ages.length === before) ages.push(tag.age);
    }
  }
  // 'for 2', 'לשניים', 'ל-3': a number after 'for' with nothing else to count is the party.
  if (total === undefined && adults === undefined && !childCount) {
    for (let i = 0; i < tokens.length; i++) {
      const n = num(i);
      if (n === undefined || !Number.isInteger(n) || n < 1 || n > 12) continue;
      const forBefore = tokens[i - 1]?.norm === 'for' || (tokens[i - 1]?.norm === 'ל' && !tokens[i - 1]!.used) || tokens[i]!.prefix === 'ל';
      if (!forBefore || is(after(i), 'unit', 'room', 'bedroom', 'currency', 'k', 'month', 'per', 'total', 'to', 'date')) continue;
      if (num(after(i)) !== undefined || (tagOf(after(i))?.t === 'type' && tokens[after(i)]!.norm === 'room')) continue;
      total = n;
      use(i);
      if (tokens[i - 1]?.norm === 'for' || tokens[i - 1]?.norm === 'ל') use(i - 1);
      break;
    }
  }
  if (childCount || adults || total) {
    let guests: number | undefined;
    if (total !== undefined) guests = Math.max(total, childCount + 1);
    else {
      const grownups = adults ?? (childCount ? (family ? 2 : 1) : undefined);
      if (grownups !== undefined) guests = grownups + childCount;
    }
    if (family && total === undefined && !adults && !childCount) guests = undefined;
    if (guests) {
      query.guests = Math.min(guests, maxPartyGuests);
      const kidAges = [...ages.slice(0, childCount)];
      while (kidAges.length < childCount) kidAges.push(roomsPicker.defaultChildAge);
      if (kidAges.length) query.children = kidAges.slice(0, maxPartyChildren);
    }
  }

  // 6. Bedrooms and rooms.
  let bedrooms: number | undefined;
  let rooms: number | undefined;
  let hebrewRooms: number | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const value = num(i);
    if (value === undefined || value <= 0 || value > 20) continue;
    const next = after(i);
    const nextTag = tagOf(next);
    if (nextTag?.t === 'bedroom') {
      bedrooms = Math.floor(value);
      weakType ??= 'sublet';
      use(i, next);
    } else if (nextTag?.t === 'room' || (nextTag?.t === 'type' && nextTag.v === 'hotel' && nextTag.weak)) {
      // Israeli homes count rooms with the living room: 'דירת 3 חדרים' has two bedrooms.
      hebrewRooms = value;
      use(i, next);
      if (is(after(next), 'type') && tagOf(after(next))?.t === 'type') {
        const homeTag = tagOf(after(next));
        if (homeTag?.t === 'type' && homeTag.v !== 'hotel') {
          weakType ??= homeTag.v;
          use(after(next));
        }
      }
    }
  }

  // 7. The budget.
  const budget: Budget = {};
  const unitAfter = (i: number): { unit?: Unit | 'total'; end: number } => {
    let j = i;
    const used: number[] = [];
    if (is(j, 'currency')) {
      used.push(j);
      j = after(j);
    }
    if (is(j, 'per') && is(after(j), 'unit')) {
      const unitTag = tagOf(after(j)) as Extract<Tag, { t: 'unit' }>;
      used.push(j, after(j));
      use(...used);
      return { unit: unitTag.v, end: after(after(j)) };
    }
    const unitTag = tagOf(j);
    // 'ללילה', 'לחודש', 'בחודש', 'nightly', 'monthly'.
    if (
      unitTag?.t === 'unit' &&
      unitTag.n === undefined &&
      (tokens[j]!.prefix === 'ל' || tokens[j]!.prefix === 'ב' || /ly$/.test(tokens[j]!.norm) || tokens[j]!.norm === 'pm')
    ) {
      used.push(j);
      use(...used);
      return { unit: unitTag.v, end: after(j) };
    }
    if (is(j, 'total')) {
      used.push(j);
      use(...used);
      return { unit: 'total', end: after(j) };
    }
    use(...used);
    return { end: j };
  };
  const amountAt = (i: number): { value: number; end: number; currency: boolean } | null => {
    let j = i;
    let currency = false;
    if (is(j, 'currency')) {
      currency = true;
      j = after(j);
    }
    const n = num(j);
    if (n === undefined) return null;
    let value = n;
    let end = after(j);
    if (is(end, 'k')) {
      value *= 1000;
      end = after(end);
    }
    if (is(end, 'currency')) currency = true;
    return { value, end, currency };
  };
  for (let i = 0; i < tokens.length; i++) {
    const tag = tagOf(i);
    if (!tag) continue;
    if (tag.t === 'between' || ((tag.t === 'from' || tag.t === 'currency' || tag.t === 'num') && !tokens[i]!.cont)) {
      // 'between 500 and 800', '500-800 ₪', 'from 500 to 800 shekels'.
      const start = tag.t === 'between' || tag.t === 'from' ? after(i) : i;
      const first = amountAt(start);
      if (first && is(first.end, 'to', 'and')) {
        const second = amountAt(after(first.end));
        if (
          second &&
          second.value > first.value &&
          (first.currency || second.currency || is(second.end, 'currency', 'per', 'unit', 'total') || first.value >= 100)
        ) {
          for (let k = i; k < second.end; k++) use(k);
          const unit = unitAfter(second.end);
          budget.min = first.value;
          budget.max = second.value;
          budget.unit = unit.unit;
          i = unit.end - 1;
          continue;
        }
      }
    }
    if ((tag.t === 'max' || tag.t === 'min') && !tokens[i]!.cont) {
      const amount = amountAt(after(i));
      if (!amount) continue;
      const unit = unitAfter(amount.end);
      // 'עד 4' is a party or a date; a price is a hundred or more, or said in shekels or per unit.
      if (amount.value < 50 && !amount.currency && !unit.unit) continue;
      for (let k = i; k < amount.end; k++) use(k);
      if (tag.t === 'max') budget.max = amount.value;
      else budget.min = amount.value;
      budget.unit = unit.unit ?? budget.unit;
      i = unit.end - 1;
      continue;
    }
    if (tag.t === 'num' || tag.t === 'currency') {
      const amount = amountAt(i);
      if (!amount) continue;
      const unit = unitAfter(amount.end);
      const bare = !amount.currency && !unit.unit;
      // A bare number is a price when it is large and not a year ('Florentin 6000').
      if (bare && (amount.value < 300 || (amount.value >= 2000 && amount.value <= 2100 && is(i - 1, 'month')))) continue;
      for (let k = i; k < amount.end; k++) use(k);
      if (budget.max === undefined) budget.max = amount.value;
      budget.unit = unit.unit ?? budget.unit;
      i = unit.end - 1;
    }
  }

  // 8. Durations: 'for 3 months', 'two weeks', 'חודשיים', 'a month', 'half a year'.
  for (let i = 0; i < tokens.length; i++) {
    const tag = tagOf(i);
    if (!tag || tokens[i]!.cont) continue;
    const n = num(i);
    if (n !== undefined && is(after(i), 'unit')) {
      const unitTag = tagOf(after(i)) as Extract<Tag, { t: 'unit' }>;
      duration = { n: n * (unitTag.n ?? 1), unit: unitTag.v };
      use(i, after(i));
      if (is(i - 1, 'per', 'stop') && tokens[i - 1]!.norm === 'for') use(i - 1);
      continue;
    }
    if (tag.t === 'half' && is(after(i), 'per') && is(after(after(i)), 'unit')) {
      const unitTag = tagOf(after(after(i))) as Extract<Tag, { t: 'unit' }>;
      duration = { n: unitTag.v === 'year' ? 6 : 0.5, unit: unitTag.v === 'year' ? 'month' : unitTag.v };
      use(i, after(i), after(after(i)));
      continue;
    }
    if (tag.t === 'unit' && !tokens[i]!.cont) {
      // 'שבוע', 'a week', 'לחודש' (for a month), 'שבועיים': one unit, or the unit's own count.
      if (tokens[i]!.norm === 'שנה' && is(i - 1, 'num')) continue;
      duration = { n: tag.n ?? 1, unit: tag.v };
      use(i);
      if (is(i - 1, 'per') && tokens[i - 1]!.norm.length <= 2) use(i - 1);
      if (is(i - 1, 'half')) {
        duration = { n: duration.unit === 'year' ? 6 : duration.n / 2, unit: duration.unit === 'year' ? 'month' : duration.unit };
        use(i - 1);
      }
    }
  }

  // 9. Amenities and rules; flexible.
  const amenities: string[] = [];
  const amenityIndices: [number, string][] = [];
  let petFriendly = false;
  let shabbatFriendly = false;
  let flexible = false;
  for (let i = 0; i < tokens.length; i++) {
    const tag = tagOf(i);
    if (!tag || tokens[i]!.cont) continue;
    if (tag.t === 'amenity') {
      // Used below once the type is known: an amenity the type does not have stays a word.
      amenities.push(tag.v);
      amenityIndices.push([i, tag.v]);
    } else if (tag.t === 'pets') {
      petFriendly = true;
      use(i);
    } else if (tag.t === 'shabbat') {
      shabbatFriendly = true;
      use(i);
    } else if (tag.t === 'flexible') {
      flexible = true;
      use(i);
    }
  }

  // The type: a word that names it, else a home word read by the stay's length.
  const stayNights = (() => {
    const s = stayOf();
    return s ? daysBetween(s.checkIn, s.checkOut) : duration ? Math.round(duration.n * unitDays[duration.unit]) : undefined;
  })();
  /** The stay said: a start and an end, a start and a length, a holiday, a month or season, or just a start (one price unit long). */
  function stayOf(): { checkIn: string; checkOut: string } | null {
    const firstFrom = points.find((point) => point.role !== 'to');
    const others = points.filter((point) => point !== firstFrom);
    const end = others.find((point) => point.role === 'to')?.day ?? others[0]?.day;
    const start = firstFrom?.day ?? range?.checkIn ?? monthOrSeason?.start;
    if (!start) return end && end > options.today ? { checkIn: options.today, checkOut: end } : null;
    if (end && end > start) return { checkIn: start, checkOut: end };
    if (duration) return { checkIn: start, checkOut: addDuration(start, duration) };
    if (!firstFrom && range) return range;
    if (!firstFrom && monthOrSeason) return { checkIn: monthOrSeason.start, checkOut: monthOrSeason.end };
    return { checkIn: start, checkOut: addDaysIso(start, typeUnitDays[type ?? weakType ?? options.type ?? 'sublet']) };
  }
  if (!type && weakType) {
    // A home for a short stay is a rental (priced by the week), for a month or more a sublet.
    type = weakType === 'sublet' && stayNights !== undefined && stayNights < 28 && !studio ? 'rental' : weakType;
  }
  if (type) query.type = type;
  const effectiveType = type ?? options.type ?? 'sublet';

  const stay = stayOf();
  if (
    stay &&
    isWithinHorizon(stay.checkIn, israelInstant(options.today, '12:00')) &&
    isWithinHorizon(stay.checkOut, israelInstant(options.today, '12:00')) &&
    stay.checkIn >= options.today
  ) {
    query.checkIn = stay.checkIn;
    query.checkOut = stay.checkOut;
    if (flexible && effectiveType === 'sublet') query.flexible = true;
  }

  if (foundPlaces.length) {
    // The most precise place said: a neighbourhood over its city, a city over its region.
    const rank = { neighbourhood: 0, city: 1, region: 2 } as const;
    const place = [...foundPlaces].sort((a, b) => rank[a.kind] - rank[b.kind])[0]!;
    query.location = options.lang === 'he' ? place.nameHe : place.nameEn;
  }

  // The budget in the type's price unit (per night for hotels, week for rentals, month for sublets).
  if (budget.min !== undefined || budget.max !== undefined) {
    const target = typeUnitDays[effectiveType];
    const convert = (value: number): number => {
      if (!budget.unit) return value;
      if (budget.unit === 'total') {
        const nights = stay ? daysBetween(stay.checkIn, stay.checkOut) : target;
        return Math.round((value / nights) * target);
      }
      return Math.round((value / unitDays[budget.unit]) * target);
    };
    const bounds = priceSlider[effectiveType];
    if (budget.min !== undefined) query.minPrice = Math.min(convert(budget.min), 10_000_000);
    if (budget.max !== undefined) query.maxPrice = Math.min(convert(budget.max), 10_000_000);
    void bounds;
  }

  if (effectiveType === 'hotel') {
    if (hebrewRooms !== undefined) rooms = Math.min(Math.floor(hebrewRooms), roomsPicker.maxRooms);
    else if (bedrooms !== undefined) rooms = Math.min(bedrooms, roomsPicker.maxRooms);
    if (rooms) query.rooms = rooms;
  } else {
    if (bedrooms === undefined && hebrewRooms !== undefined) bedrooms = Math.max(1, Math.floor(hebrewRooms) - 1);
    if (bedrooms) query.bedrooms = Math.min(bedrooms, maxBedroomsFilter);
    delete query.children;
  }

  const typeAmenities = amenitiesOfType(effectiveType);
  const kept = [...new Set(amenities)].filter((amenity) => typeAmenities.includes(amenity));
  for (const [index, amenity] of amenityIndices) if (typeAmenities.includes(amenity)) use(index);
  if (amenities.includes('pet_friendly')) petFriendly = true;
  if (kept.length) query.amenities = kept.filter((amenity) => amenity !== 'pet_friendly');
  if (query.amenities?.length === 0) delete query.amenities;
  if (petFriendly) query.petFriendly = true;
  if (shabbatFriendly) query.shabbatFriendly = true;

  const unmatched = tokens
    .filter(
      (token) =>
        !token.used &&
        !(
          token.tag &&
          [
            'stop',
            'and',
            'per',
            'to',
            'from',
            'in',
            'max',
            'min',
            'between',
            'currency',
            'age',
            'yearsOld',
            'k',
            'total',
            'adult',
            'people',
            'half',
            'unit',
          ].includes(token.tag.t)
        ),
    )
    .filter((token) => !(hebrewPrefixes.includes(token.norm) && token.norm.length === 1))
    .map((token) => token.raw.replace(/^["']+|["'.]+$/g, ''))
    .filter((word) => word !== '' && !/^[-/&+]$/.test(word));
  return { query, unmatched };
}
