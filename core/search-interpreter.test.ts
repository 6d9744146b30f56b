/**
 * The sentence interpreter's table (issue 38): 211 sentences, half English and half Hebrew (typos, mixed
 * languages, numbers in words among them), each with its expected reading on a fixed day, Friday
 * 27 November 2026 in Israel. Every row must pass; the accuracy by field is printed as well. The 40
 * held-out sentences, written after the interpreter was done, are in search-interpreter-holdout.test.ts.
 * Over 300 lines on purpose: it is a table.
 */
import { describe, expect, it } from 'vitest';
import { accuracyReport, runCases, type InterpreterCase } from './search-interpreter-accuracy.ts';
import { editDistance, interpretSearch } from './search-interpreter.ts';
import { applyInterpretation, chipsOf, maxSentenceLength, withoutChip } from './search-interpretation.ts';
import { resultsFiltersToParams } from './search-params.ts';

const today = '2026-11-27';

export const englishCases: InterpreterCase[] = [
  [
    '2 bedroom in Florentin for 3 months from March under 7000 with a balcony, pets ok',
    {
      type: 'sublet',
      checkIn: '2027-03-01',
      checkOut: '2027-06-01',
      location: 'Florentin',
      maxPrice: 7000,
      bedrooms: 2,
      amenities: ['balcony'],
      petFriendly: true,
    },
    [],
  ],
  [
    'quiet studio near the beach in Haifa for the summer',
    { type: 'sublet', checkIn: '2027-07-01', checkOut: '2027-09-01', location: 'Haifa' },
    ['quiet', 'beach'],
  ],
  [
    'hotel in Tel Aviv this weekend for a couple',
    { guests: 2, type: 'hotel', checkIn: '2026-11-27', checkOut: '2026-11-28', location: 'Tel Aviv' },
    [],
  ],
  ['hotel in tel-aviv next weekend', { type: 'hotel', checkIn: '2026-12-03', checkOut: '2026-12-05', location: 'Tel Aviv' }, []],
  ['hotel in TLV tomorrow for 2 nights', { type: 'hotel', checkIn: '2026-11-28', checkOut: '2026-11-30', location: 'Tel Aviv' }, []],
  [
    'sublet in Jerusalem from January for 6 months',
    { type: 'sublet', checkIn: '2027-01-01', checkOut: '2027-07-01', location: 'Jerusalem' },
    [],
  ],
  [
    'apartment in Rehavia for two months from February 1',
    { type: 'sublet', checkIn: '2027-02-01', checkOut: '2027-04-01', location: 'Rehavia' },
    [],
  ],
  ['rental in Eilat for a week from March 10', { type: 'rental', checkIn: '2027-03-10', checkOut: '2027-03-17', location: 'Eilat' }, []],
  ['zimmer in the Galilee for Passover', { type: 'rental', checkIn: '2027-04-21', checkOut: '2027-04-29', location: 'Galilee' }, []],
  [
    'villa in Caesarea for Sukkot with a pool',
    { type: 'rental', checkIn: '2027-10-15', checkOut: '2027-10-24', location: 'Caesarea' },
    ['pool'],
  ],
  [
    'hotel in Eilat for Hanukkah 2 adults and a kid aged 6',
    { guests: 3, children: [6], type: 'hotel', checkIn: '2026-12-04', checkOut: '2026-12-13', location: 'Eilat' },
    [],
  ],
  [
    'hotel at the Dead Sea over Rosh Hashana for a couple',
    { guests: 2, type: 'hotel', checkIn: '2027-10-01', checkOut: '2027-10-04', location: 'Dead Sea' },
    [],
  ],
  [
    'sublet Neve Tzedek from jan 10 until feb 20 flexible',
    { type: 'sublet', checkIn: '2027-01-10', checkOut: '2027-02-20', flexible: true, location: 'Neve Tzedek' },
    [],
  ],
  ['apartment in haifa march 3 to march 10', { type: 'rental', checkIn: '2027-03-03', checkOut: '2027-03-10', location: 'Haifa' }, []],
  ['hotel in jerusalem 3/3/2027 - 6/3/2027', { type: 'hotel', checkIn: '2027-03-03', checkOut: '2027-03-06', location: 'Jerusalem' }, []],
  ['hotel in netanya 3.3 to 5.3', { type: 'hotel', checkIn: '2027-03-03', checkOut: '2027-03-05', location: 'Netanya' }, []],
  [
    'rental in Netanya for two weeks from 5.1 max 3000 a week with parking and wifi',
    {
      type: 'rental',
      checkIn: '2027-01-05',
      checkOut: '2027-01-19',
      location: 'Netanya',
      maxPrice: 3000,
      amenities: ['parking', 'free_wifi'],
    },
    [],
  ],
  [
    'hotel room jerusalem shavuot 2 rooms breakfast kosher',
    {
      type: 'hotel',
      checkIn: '2027-06-10',
      checkOut: '2027-06-12',
      location: 'Jerusalem',
      rooms: 2,
      amenities: ['breakfast_included', 'kosher_kitchen'],
    },
    [],
  ],
  [
    'family with two kids hotel in Eilat in February',
    { guests: 4, children: [10, 10], type: 'hotel', checkIn: '2027-02-01', checkOut: '2027-03-01', location: 'Eilat' },
    [],
  ],
  [
    'family of 5 looking for a villa in the Golan for the summer',
    { guests: 5, type: 'rental', checkIn: '2027-07-01', checkOut: '2027-09-01', location: 'Golan Heights' },
    [],
  ],
  [
    'me and my wife, hotel in Tiberias next week under 800 a night',
    { guests: 2, type: 'hotel', checkIn: '2026-11-29', checkOut: '2026-12-06', location: 'Tiberias', maxPrice: 800 },
    [],
  ],
  ['hotel in Haifa for 3 people under 500 per night', { guests: 3, type: 'hotel', location: 'Haifa', maxPrice: 500 }, []],
  ['sublet in tel aviv under 6000 a month', { type: 'sublet', location: 'Tel Aviv', maxPrice: 6000 }, []],
  ['sublet in tel aviv under 200 a night', { type: 'sublet', location: 'Tel Aviv', maxPrice: 6000 }, []],
  ['sublet in ramat gan between 4000 and 6000 shekels', { type: 'sublet', location: 'Ramat Gan', minPrice: 4000, maxPrice: 6000 }, []],
  ['sublet in givatayim 5000-7000 NIS per month', { type: 'sublet', location: 'Givatayim', minPrice: 5000, maxPrice: 7000 }, []],
  [
    'apartment in jaffa up to 8k per month with a sea view',
    { type: 'sublet', location: 'Jaffa', maxPrice: 8000, amenities: ['sea_view'] },
    [],
  ],
  [
    'hotel in eilat max 2000 total for the weekend',
    { type: 'hotel', checkIn: '2026-11-27', checkOut: '2026-11-28', location: 'Eilat', maxPrice: 2000 },
    [],
  ],
  [
    'hotel in tel aviv from march 3 for 4 nights up to 3000 shekels in total',
    { type: 'hotel', checkIn: '2027-03-03', checkOut: '2027-03-07', location: 'Tel Aviv', maxPrice: 750 },
    [],
  ],
  ['rental in ashdod for a week 2500 nis total', { type: 'rental', location: 'Ashdod', maxPrice: 2500 }, []],
  ['3 bedroom apartment in modiin for a year', { type: 'sublet', location: "Modi'in", bedrooms: 3 }, []],
  [
    'two bedroom flat in herzliya with parking and a balcony',
    { type: 'sublet', location: 'Herzliya', bedrooms: 2, amenities: ['parking', 'balcony'] },
    [],
  ],
  ['one bedroom in florentin with a safe room', { type: 'sublet', location: 'Florentin', bedrooms: 1, amenities: ['safe_room'] }, []],
  [
    'studio in the old north with a washing machine and ac',
    { type: 'sublet', location: 'Old North', amenities: ['washer', 'air_conditioning'] },
    [],
  ],
  ['apartment with mamad in petah tikva', { type: 'sublet', location: 'Petah Tikva', amenities: ['safe_room'] }, []],
  [
    'sublet in tel aviv pets ok shabbat elevator',
    { type: 'sublet', location: 'Tel Aviv', amenities: ['shabbat_elevator'], petFriendly: true },
    [],
  ],
  [
    'kosher hotel in jerusalem with shabbat elevator',
    { type: 'hotel', location: 'Jerusalem', amenities: ['kosher_kitchen', 'shabbat_elevator'] },
    [],
  ],
  ['shabbat friendly apartment in bnei brak', { type: 'sublet', shabbatFriendly: true }, ['bnei', 'brak']],
  ['accessible hotel in haifa with parking', { type: 'hotel', location: 'Haifa', amenities: ['parking'] }, ['accessible']],
  ['dog friendly apartment in tel aviv', { type: 'sublet', location: 'Tel Aviv', petFriendly: true }, []],
  ['apartment for me and my dog in haifa for 2 months', { type: 'sublet', location: 'Haifa', petFriendly: true }, []],
  ['hotel in eilat for 2 adults and 3 kids aged 4, 7 and 12', { guests: 5, children: [4, 7, 12], type: 'hotel', location: 'Eilat' }, []],
  ['hotel in tel aviv for 2 adults and a baby', { guests: 3, children: [0], type: 'hotel', location: 'Tel Aviv' }, []],
  ['hotel eilat 2 adults 2 children 3 rooms', { guests: 4, children: [10, 10], type: 'hotel', location: 'Eilat', rooms: 3 }, []],
  ['hotel in nazareth for four people in two rooms', { guests: 4, type: 'hotel', location: 'Nazareth', rooms: 2 }, []],
  ['hotel in akko for 2', { guests: 2, type: 'hotel', location: 'Acre' }, []],
  ['sublet in tzfat for the winter', { type: 'sublet', checkIn: '2026-12-01', checkOut: '2027-03-01', location: 'Safed' }, []],
  ['apartment in beer sheva for the fall', { type: 'rental', checkIn: '2026-11-27', checkOut: '2026-12-01', location: 'Beersheba' }, []],
  [
    'sublet in rishon from april till july',
    { type: 'sublet', checkIn: '2027-04-01', checkOut: '2027-08-01', location: 'Rishon LeZion' },
    [],
  ],
  ['hotel in ein bokek in may for a week', { type: 'hotel', checkIn: '2027-05-01', checkOut: '2027-05-08', location: 'Ein Bokek' }, []],
  ['may i find a sublet in haifa', { type: 'sublet', location: 'Haifa' }, ['may']],
  ['hotel in jerusalem for independence day', { type: 'hotel', checkIn: '2027-05-12', checkOut: '2027-05-13', location: 'Jerusalem' }, []],
  ['hotel in tiberias for purim', { type: 'hotel', checkIn: '2027-03-22', checkOut: '2027-03-24', location: 'Tiberias' }, []],
  ['apartmnet in jerusalme next month', { type: 'sublet', checkIn: '2026-12-01', checkOut: '2027-01-01', location: 'Jerusalem' }, []],
  ['hotle in tel avv this weekend', { type: 'hotel', checkIn: '2026-11-27', checkOut: '2026-11-28', location: 'Tel Aviv' }, []],
  ['sublet in florentn with a balcny', { type: 'sublet', location: 'Florentin', amenities: ['balcony'] }, []],
  [
    'hotel in eilat for pesach with a swiming pool',
    { type: 'hotel', checkIn: '2027-04-21', checkOut: '2027-04-29', location: 'Eilat', amenities: ['swimming_pool'] },
    [],
  ],
  [
    'two weeks in eilat in august hotel under six hundred shekels a night',
    { type: 'hotel', checkIn: '2027-08-01', checkOut: '2027-08-15', location: 'Eilat', maxPrice: 600 },
    [],
  ],
  [
    'sublet in tel aviv from the first of march for three months under seven thousand',
    { type: 'sublet', checkIn: '2027-03-01', checkOut: '2027-06-01', location: 'Tel Aviv', maxPrice: 7000 },
    [],
  ],
  [
    'rental for a family of four in the golan heights in july for ten days',
    { guests: 4, type: 'rental', checkIn: '2027-07-01', checkOut: '2027-07-11', location: 'Golan Heights' },
    [],
  ],
  ['cheap hotel in the negev tonight', { type: 'hotel', checkIn: '2026-11-27', checkOut: '2026-11-28', location: 'Negev' }, []],
  [
    'apartment in ramat aviv next month for 2 with a workspace',
    { guests: 2, type: 'sublet', checkIn: '2026-12-01', checkOut: '2027-01-01', location: 'Ramat Aviv', amenities: ['workspace'] },
    [],
  ],
  ['hotel in jerusalem old city for 2 adults and a 6 year old', { guests: 3, children: [6], type: 'hotel', location: 'Old City' }, []],
  [
    'sublet in katamon 2 bedrooms under 9000 pets allowed',
    { type: 'sublet', location: 'Katamon', maxPrice: 9000, bedrooms: 2, petFriendly: true },
    [],
  ],
  [
    'sublet in tel aviv half a year from march',
    { type: 'sublet', checkIn: '2027-03-01', checkOut: '2027-09-01', location: 'Tel Aviv' },
    [],
  ],
  [
    'apartment in haifa german colony for 3 weeks from march 1',
    { type: 'rental', checkIn: '2027-03-01', checkOut: '2027-03-22', location: 'German Colony' },
    [],
  ],
  [
    'hotel in the sharon for a couple this weekend',
    { guests: 2, type: 'hotel', checkIn: '2026-11-27', checkOut: '2026-11-28', location: 'Sharon' },
    [],
  ],
  [
    'villa with garden and pool in caesarea for the weekend for 8 people',
    { guests: 8, type: 'rental', checkIn: '2026-11-27', checkOut: '2026-11-28', location: 'Caesarea', amenities: ['garden'] },
    ['pool'],
  ],
  [
    'sublet in jaffa for 3 months flexible dates from april',
    { type: 'sublet', checkIn: '2027-04-01', checkOut: '2027-07-01', flexible: true, location: 'Jaffa' },
    [],
  ],
  [
    'hotel in eilat from december 24 to december 31',
    { type: 'hotel', checkIn: '2026-12-24', checkOut: '2026-12-31', location: 'Eilat' },
    [],
  ],
  ['hotel in eilat from dec 28 to jan 3', { type: 'hotel', checkIn: '2026-12-28', checkOut: '2027-01-03', location: 'Eilat' }, []],
  [
    'rental in mitzpe ramon for 3 nights from 2027-02-10',
    { type: 'rental', checkIn: '2027-02-10', checkOut: '2027-02-13', location: 'Mitzpe Ramon' },
    [],
  ],
  [
    'hotel in tel aviv 10/12/2026 to 12/12/2026',
    { type: 'hotel', checkIn: '2026-12-10', checkOut: '2026-12-12', location: 'Tel Aviv' },
    [],
  ],
  [
    'rental in zichron yaakov for a fortnight in june',
    { type: 'rental', checkIn: '2027-06-01', checkOut: '2027-06-15', location: "Zichron Ya'akov" },
    [],
  ],
  [
    'sublet in kfar saba for 4 months from the 1.3',
    { type: 'sublet', checkIn: '2027-03-01', checkOut: '2027-07-01', location: 'Kfar Saba' },
    [],
  ],
  [
    'hotel in haifa under 400 per night with breakfast included and free wifi',
    { type: 'hotel', location: 'Haifa', maxPrice: 400, amenities: ['breakfast_included', 'free_wifi'] },
    [],
  ],
  ['sublet jerusalem nachlaot under 5k', { type: 'sublet', location: 'Nachlaot', maxPrice: 5000 }, []],
  ['apartment 4 rooms in holon', { type: 'sublet', location: 'Holon', bedrooms: 3 }, []],
  [
    'hotel for 2 adults and 2 kids ages 5 and 8 in netanya for sukkot',
    { guests: 4, children: [5, 8], type: 'hotel', checkIn: '2027-10-15', checkOut: '2027-10-24', location: 'Netanya' },
    [],
  ],
  [
    'apartment in herzliya for two weeks in august for a family with 3 kids',
    { guests: 5, type: 'rental', checkIn: '2027-08-01', checkOut: '2027-08-15', location: 'Herzliya' },
    [],
  ],
  [
    'sublet in bat yam with a sea view up to 5500 a month',
    { type: 'sublet', location: 'Bat Yam', maxPrice: 5500, amenities: ['sea_view'] },
    [],
  ],
  ['hotel in ashkelon this week', { type: 'hotel', checkIn: '2026-11-27', checkOut: '2026-11-29', location: 'Ashkelon' }, []],
  ['hotel in eilat in two weeks for 5 nights', { type: 'hotel', checkIn: '2026-12-11', checkOut: '2026-12-16', location: 'Eilat' }, []],
  [
    'hotel near the beach in tel aviv for tonight',
    { type: 'hotel', checkIn: '2026-11-27', checkOut: '2026-11-28', location: 'Tel Aviv' },
    ['beach'],
  ],
  ['hotel in tlv for 2 people 600 shekels max per night', { guests: 2, type: 'hotel', location: 'Tel Aviv', maxPrice: 600 }, []],
  ['sublet tel aviv 2br 6500', { type: 'sublet', location: 'Tel Aviv', maxPrice: 6500, bedrooms: 2 }, []],
  [
    'sublet tel aviv 1 bdr from march 15 to june 15',
    { type: 'sublet', checkIn: '2027-03-15', checkOut: '2027-06-15', location: 'Tel Aviv', bedrooms: 1 },
    [],
  ],
  [
    'rental in safed this weekend with heating and a tv',
    { type: 'rental', checkIn: '2026-11-27', checkOut: '2026-11-28', location: 'Safed', amenities: ['heating', 'tv'] },
    [],
  ],
  ['hotel in tel aviv with spa and gym under 900', { type: 'hotel', location: 'Tel Aviv', maxPrice: 900, amenities: ['spa', 'gym'] }, []],
  [
    'hotel in jerusalem with a restaurant and room service',
    { type: 'hotel', location: 'Jerusalem', amenities: ['restaurant', 'room_service'] },
    [],
  ],
  [
    'hotel in tel aviv with airport shuttle for a couple on christmas',
    { guests: 2, type: 'hotel', location: 'Tel Aviv', amenities: ['airport_shuttle'] },
    ['christmas'],
  ],
  [
    'a loft in florentin from february for a month with a dishwasher',
    { type: 'sublet', checkIn: '2027-02-01', checkOut: '2027-03-01', location: 'Florentin', amenities: ['dishwasher'] },
    [],
  ],
  ['apartment with dryer and washer in raanana for 2 months', { type: 'sublet', location: "Ra'anana", amenities: ['dryer', 'washer'] }, []],
  [
    'cottage in rosh pinna for a romantic weekend',
    { type: 'rental', checkIn: '2026-11-27', checkOut: '2026-11-28', location: 'Rosh Pinna' },
    ['romantic'],
  ],
  [
    'cabin in the galilee for 2 couples next weekend',
    { guests: 4, type: 'rental', checkIn: '2026-12-03', checkOut: '2026-12-05', location: 'Galilee' },
    [],
  ],
  [
    'hotel in metula for a family with a toddler in winter',
    { guests: 3, children: [0], type: 'hotel', checkIn: '2026-12-01', checkOut: '2027-03-01', location: 'Metula' },
    [],
  ],
  ['sublet in haifa carmel for 5 months budget 4500', { type: 'sublet', location: 'Carmel Center', maxPrice: 4500 }, []],
  [
    'sublet in tel aviv starting january 5 for 2 months around 7000 a month',
    { type: 'sublet', checkIn: '2027-01-05', checkOut: '2027-03-05', location: 'Tel Aviv', maxPrice: 7000 },
    [],
  ],
  ['hotel in eilat for 2 nights over 300 per night', { type: 'hotel', location: 'Eilat', minPrice: 300 }, []],
  ['hotel in tel aviv at least 4 stars', { type: 'hotel', location: 'Tel Aviv' }, ['4', 'stars']],
  [
    'apartment in Tel Aviv with an elevator and a crib for a family with a baby',
    { guests: 3, type: 'sublet', location: 'Tel Aviv', amenities: ['elevator', 'crib'] },
    [],
  ],
  ['sublet in Jerusalem Baka for the spring', { type: 'sublet', checkIn: '2027-03-01', checkOut: '2027-06-01', location: 'Baka' }, []],
  ['hotel in Haifa from March 3 for two nights', { type: 'hotel', checkIn: '2027-03-03', checkOut: '2027-03-05', location: 'Haifa' }, []],
  ['hotel in tel aviv for yom kippur', { type: 'hotel', checkIn: '2027-10-10', checkOut: '2027-10-12', location: 'Tel Aviv' }, []],
  ['zimmer in the golan for lag baomer', { type: 'rental', checkIn: '2027-05-25', checkOut: '2027-05-26', location: 'Golan Heights' }, []],
  [
    'apartment in the german colony for a month from the 10th of february',
    { type: 'sublet', checkIn: '2027-02-10', checkOut: '2027-03-10', location: 'German Colony' },
    [],
  ],
];

export const hebrewCases: InterpreterCase[] = [
  [
    'מלון באילת לשני מבוגרים וילד בן 6 בחנוכה עד 600 ללילה',
    { guests: 3, children: [6], type: 'hotel', checkIn: '2026-12-04', checkOut: '2026-12-13', location: 'אילת', maxPrice: 600 },
    [],
  ],
  [
    'דירת 3 חדרים בתל אביב לחודשיים מ-1.2 עד 7000 ש"ח לחודש עם ממ"ד',
    {
      type: 'sublet',
      checkIn: '2027-02-01',
      checkOut: '2027-04-01',
      location: 'תל אביב',
      maxPrice: 7000,
      bedrooms: 2,
      amenities: ['safe_room'],
    },
    [],
  ],
  [
    'סאבלט ברמת גן מינואר לחצי שנה עד 6 אלף לחודש',
    { type: 'sublet', checkIn: '2027-01-01', checkOut: '2027-07-01', location: 'רמת גן', maxPrice: 6000 },
    [],
  ],
  [
    'צימר בגליל בסוכות לזוג עם כלב',
    { guests: 2, type: 'rental', checkIn: '2027-10-15', checkOut: '2027-10-24', location: 'הגליל', petFriendly: true },
    [],
  ],
  [
    'מלון בירושלים בפסח למשפחה עם שני ילדים',
    { guests: 4, children: [10, 10], type: 'hotel', checkIn: '2027-04-21', checkOut: '2027-04-29', location: 'ירושלים' },
    [],
  ],
  ['מלון בת"א בסופ"ש לזוג', { guests: 2, type: 'hotel', checkIn: '2026-11-27', checkOut: '2026-11-28', location: 'תל אביב' }, []],
  ['מלון בתל-אביב בסוף השבוע הבא', { type: 'hotel', checkIn: '2026-12-03', checkOut: '2026-12-05', location: 'תל אביב' }, []],
  [
    'דירה בפלורנטין לשלושה חודשים ממרץ עם מרפסת',
    { type: 'sublet', checkIn: '2027-03-01', checkOut: '2027-06-01', location: 'פלורנטין', amenities: ['balcony'] },
    [],
  ],
  [
    'סבלט בנווה צדק מ-10.1 עד 20.2 תאריכים גמישים',
    { type: 'sublet', checkIn: '2027-01-10', checkOut: '2027-02-20', flexible: true, location: 'נווה צדק' },
    [],
  ],
  ['דירה בחיפה לקיץ', { type: 'sublet', checkIn: '2027-07-01', checkOut: '2027-09-01', location: 'חיפה' }, []],
  ['וילה בקיסריה לשבוע באוגוסט עם בריכה', { type: 'rental', checkIn: '2027-08-01', checkOut: '2027-08-08', location: 'קיסריה' }, ['בריכה']],
  [
    'מלון בטבריה בשבוע הבא עד 800 ש"ח ללילה',
    { type: 'hotel', checkIn: '2026-11-29', checkOut: '2026-12-06', location: 'טבריה', maxPrice: 800 },
    [],
  ],
  ['מלון בים המלח בראש השנה לזוג', { guests: 2, type: 'hotel', checkIn: '2027-10-01', checkOut: '2027-10-04', location: 'ים המלח' }, []],
  ['דירה בירושלים בשכונת רחביה לחודש מ-1.3', { type: 'sublet', checkIn: '2027-03-01', checkOut: '2027-04-01', location: 'רחביה' }, []],
  ['דירת 4 חדרים ברעננה עם חניה ומרפסת', { type: 'sublet', location: 'רעננה', bedrooms: 3, amenities: ['parking', 'balcony'] }, []],
  ['דירת 2 חדרים בגבעתיים עד 5500 לחודש', { type: 'sublet', location: 'גבעתיים', maxPrice: 5500, bedrooms: 1 }, []],
  ['דירת סטודיו בפלורנטין עם מזגן', { type: 'sublet', location: 'פלורנטין', amenities: ['air_conditioning'] }, []],
  [
    'צימר ברמת הגולן לסוף השבוע לזוג',
    { guests: 2, type: 'rental', checkIn: '2026-11-27', checkOut: '2026-11-28', location: 'רמת הגולן' },
    [],
  ],
  ['מלון באילת לשני מבוגרים ושלושה ילדים בני 4, 7 ו-12', { guests: 5, children: [4, 7, 12], type: 'hotel', location: 'אילת' }, []],
  ['מלון בנתניה לשני מבוגרים ותינוק', { guests: 3, children: [0], type: 'hotel', location: 'נתניה' }, []],
  ['מלון באילת ל-4 אנשים ב-2 חדרים', { guests: 4, type: 'hotel', location: 'אילת', rooms: 2 }, []],
  ['מלון בעכו לשניים', { guests: 2, type: 'hotel', location: 'עכו' }, []],
  ['סאבלט בצפת לחורף', { type: 'sublet', checkIn: '2026-12-01', checkOut: '2027-03-01', location: 'צפת' }, []],
  ['דירה בבאר שבע לסתיו', { type: 'rental', checkIn: '2026-11-27', checkOut: '2026-12-01', location: 'באר שבע' }, []],
  ['סאבלט בראשון מאפריל עד יולי', { type: 'sublet', checkIn: '2027-04-01', checkOut: '2027-08-01', location: 'ראשון לציון' }, []],
  ['מלון בעין בוקק במאי לשבוע', { type: 'hotel', checkIn: '2027-05-01', checkOut: '2027-05-08', location: 'עין בוקק' }, []],
  ['מלון בירושלים ביום העצמאות', { type: 'hotel', checkIn: '2027-05-12', checkOut: '2027-05-13', location: 'ירושלים' }, []],
  ['מלון בטבריה בפורים', { type: 'hotel', checkIn: '2027-03-22', checkOut: '2027-03-24', location: 'טבריה' }, []],
  ['דירה בירושלם בחודש הבא', { type: 'sublet', checkIn: '2026-12-01', checkOut: '2027-01-01', location: 'ירושלים' }, []],
  ['מלון בתל אביב בסופש הזה', { type: 'hotel', checkIn: '2026-11-27', checkOut: '2026-11-28', location: 'תל אביב' }, []],
  ['סאבלט בפלורנתין עם מרפסות', { type: 'sublet', location: 'פלורנטין', amenities: ['balcony'] }, []],
  [
    'מלון באילת בפסח עם בריכה',
    { type: 'hotel', checkIn: '2027-04-21', checkOut: '2027-04-29', location: 'אילת', amenities: ['swimming_pool'] },
    [],
  ],
  [
    'שבועיים באילת באוגוסט מלון עד שש מאות שקל ללילה',
    { type: 'hotel', checkIn: '2027-08-01', checkOut: '2027-08-15', location: 'אילת', maxPrice: 600 },
    [],
  ],
  [
    'סאבלט בתל אביב מה-1 במרץ לשלושה חודשים עד שבעת אלפים',
    { type: 'sublet', checkIn: '2027-03-01', checkOut: '2027-06-01', location: 'תל אביב', maxPrice: 7000 },
    [],
  ],
  [
    'משפחה של ארבעה מחפשים צימר בגולן ביולי לעשרה ימים',
    { guests: 4, type: 'rental', checkIn: '2027-07-01', checkOut: '2027-07-11', location: 'רמת הגולן' },
    [],
  ],
  ['מלון בנגב הלילה', { type: 'hotel', checkIn: '2026-11-27', checkOut: '2026-11-28', location: 'הנגב' }, []],
  [
    'דירה ברמת אביב בחודש הבא לשניים עם פינת עבודה',
    { guests: 2, type: 'sublet', checkIn: '2026-12-01', checkOut: '2027-01-01', location: 'רמת אביב', amenities: ['workspace'] },
    [],
  ],
  ['מלון בעיר העתיקה לשני מבוגרים וילדה בת 6', { guests: 3, children: [6], type: 'hotel', location: 'העיר העתיקה' }, []],
  ['סאבלט בקטמון 2 חדרי שינה עד 9000 מותר חיות', { type: 'sublet', location: 'קטמון', maxPrice: 9000, bedrooms: 2, petFriendly: true }, []],
  ['סאבלט בתל אביב לחצי שנה ממרץ', { type: 'sublet', checkIn: '2027-03-01', checkOut: '2027-09-01', location: 'תל אביב' }, []],
  [
    'דירה במושבה הגרמנית בחיפה לשלושה שבועות מ-1.3',
    { type: 'rental', checkIn: '2027-03-01', checkOut: '2027-03-22', location: 'המושבה הגרמנית' },
    [],
  ],
  ['מלון בשרון לזוג בסוף השבוע', { guests: 2, type: 'hotel', checkIn: '2026-11-27', checkOut: '2026-11-28', location: 'השרון' }, []],
  [
    'וילה עם גינה ובריכה בקיסריה לסופ"ש ל-8 אנשים',
    { guests: 8, type: 'rental', checkIn: '2026-11-27', checkOut: '2026-11-28', location: 'קיסריה', amenities: ['garden'] },
    ['ובריכה'],
  ],
  [
    'סאבלט ביפו לשלושה חודשים גמיש מאפריל',
    { type: 'sublet', checkIn: '2027-04-01', checkOut: '2027-07-01', flexible: true, location: 'יפו' },
    [],
  ],
  ['מלון באילת מ-24.12 עד 31.12', { type: 'hotel', checkIn: '2026-12-24', checkOut: '2026-12-31', location: 'אילת' }, []],
  ['מלון באילת מ-28.12 עד 3.1', { type: 'hotel', checkIn: '2026-12-28', checkOut: '2027-01-03', location: 'אילת' }, []],
  ['השכרה במצפה רמון ל-3 לילות מ-10.2', { type: 'rental', checkIn: '2027-02-10', checkOut: '2027-02-13', location: 'מצפה רמון' }, []],
  ['מלון בתל אביב 10/12/2026 עד 12/12/2026', { type: 'hotel', checkIn: '2026-12-10', checkOut: '2026-12-12', location: 'תל אביב' }, []],
  ['צימר בזכרון יעקב לשבועיים ביוני', { type: 'rental', checkIn: '2027-06-01', checkOut: '2027-06-15', location: 'זכרון יעקב' }, []],
  ['סאבלט בכפר סבא ל-4 חודשים מ-1.3', { type: 'sublet', checkIn: '2027-03-01', checkOut: '2027-07-01', location: 'כפר סבא' }, []],
  [
    'מלון בחיפה עד 400 ללילה עם ארוחת בוקר ואינטרנט',
    { type: 'hotel', location: 'חיפה', maxPrice: 400, amenities: ['breakfast_included', 'free_wifi'] },
    [],
  ],
  ['סאבלט בנחלאות עד 5 אלף', { type: 'sublet', location: 'נחלאות', maxPrice: 5000 }, []],
  ['דירת 4 חדרים בחולון', { type: 'sublet', location: 'חולון', bedrooms: 3 }, []],
  [
    'מלון לשני מבוגרים ושני ילדים בני 5 ו-8 בנתניה בסוכות',
    { guests: 4, children: [5, 8], type: 'hotel', checkIn: '2027-10-15', checkOut: '2027-10-24', location: 'נתניה' },
    [],
  ],
  [
    'דירה בהרצליה לשבועיים באוגוסט למשפחה עם שלושה ילדים',
    { guests: 5, type: 'rental', checkIn: '2027-08-01', checkOut: '2027-08-15', location: 'הרצליה' },
    [],
  ],
  ['סאבלט בבת ים עם נוף לים עד 5500 לחודש', { type: 'sublet', location: 'בת ים', maxPrice: 5500, amenities: ['sea_view'] }, []],
  ['מלון באשקלון השבוע', { type: 'hotel', checkIn: '2026-11-27', checkOut: '2026-11-29', location: 'אשקלון' }, []],
  ['מלון באילת בעוד שבועיים ל-5 לילות', { type: 'hotel', checkIn: '2026-12-11', checkOut: '2026-12-16', location: 'אילת' }, []],
  ['מלון ליד הים בתל אביב להלילה', { type: 'hotel', checkIn: '2026-11-27', checkOut: '2026-11-28', location: 'תל אביב' }, ['הים']],
  ['מלון בת"א ל-2 אנשים מקסימום 600 ש"ח ללילה', { guests: 2, type: 'hotel', location: 'תל אביב', maxPrice: 600 }, []],
  ['סאבלט בתל אביב 2 חדרי שינה 6500', { type: 'sublet', location: 'תל אביב', maxPrice: 6500, bedrooms: 2 }, []],
  ['סאבלט בתל אביב מ-15.3 עד 15.6', { type: 'sublet', checkIn: '2027-03-15', checkOut: '2027-06-15', location: 'תל אביב' }, []],
  [
    'צימר בצפת בסופ"ש עם חימום וטלוויזיה',
    { type: 'rental', checkIn: '2026-11-27', checkOut: '2026-11-28', location: 'צפת', amenities: ['heating', 'tv'] },
    [],
  ],
  ['מלון בתל אביב עם ספא וחדר כושר עד 900', { type: 'hotel', location: 'תל אביב', maxPrice: 900, amenities: ['spa', 'gym'] }, []],
  ['מלון בירושלים עם מסעדה ושירות חדרים', { type: 'hotel', location: 'ירושלים', amenities: ['restaurant', 'room_service'] }, []],
  [
    'דירה בפלורנטין מפברואר לחודש עם מדיח',
    { type: 'sublet', checkIn: '2027-02-01', checkOut: '2027-03-01', location: 'פלורנטין', amenities: ['dishwasher'] },
    [],
  ],
  ['דירה ברעננה עם מכונת כביסה ומייבש לחודשיים', { type: 'sublet', location: 'רעננה', amenities: ['washer', 'dryer'] }, []],
  [
    'בקתה בגליל ל-2 זוגות בסוף השבוע הבא',
    { guests: 4, type: 'rental', checkIn: '2026-12-03', checkOut: '2026-12-05', location: 'הגליל' },
    [],
  ],
  [
    'מלון במטולה למשפחה עם תינוק בחורף',
    { guests: 3, children: [0], type: 'hotel', checkIn: '2026-12-01', checkOut: '2027-03-01', location: 'מטולה' },
    [],
  ],
  ['סאבלט בכרמל ל-5 חודשים תקציב 4500', { type: 'sublet', location: 'מרכז הכרמל', maxPrice: 4500 }, []],
  ['מלון באילת ל-2 לילות מעל 300 ללילה', { type: 'hotel', location: 'אילת', minPrice: 300 }, []],
  [
    'דירה בתל אביב עם מעלית ועריסה למשפחה עם תינוק',
    { guests: 3, type: 'sublet', location: 'תל אביב', amenities: ['elevator', 'crib'] },
    [],
  ],
  ['סאבלט בבקעה לאביב', { type: 'sublet', checkIn: '2027-03-01', checkOut: '2027-06-01', location: 'בקעה' }, []],
  ['מלון בחיפה מ-3 במרץ לשני לילות', { type: 'hotel', checkIn: '2027-03-03', checkOut: '2027-03-05', location: 'חיפה' }, []],
  ['מלון בתל אביב ביום כיפור', { type: 'hotel', checkIn: '2027-10-10', checkOut: '2027-10-12', location: 'תל אביב' }, []],
  ['צימר בגולן בל"ג בעומר', { type: 'rental', checkIn: '2027-05-25', checkOut: '2027-05-26', location: 'רמת הגולן' }, []],
  ['דירה עם ממד בפתח תקווה', { type: 'sublet', location: 'פתח תקווה', amenities: ['safe_room'] }, []],
  ['סאבלט בתל אביב מותר כלבים מעלית שבת', { type: 'sublet', location: 'תל אביב', amenities: ['shabbat_elevator'], petFriendly: true }, []],
  ['מלון כשר בירושלים עם מעלית שבת', { type: 'hotel', location: 'ירושלים', amenities: ['kosher_kitchen', 'shabbat_elevator'] }, []],
  ['דירה שומרת שבת בבית שמש', { type: 'sublet', location: 'בית שמש', shabbatFriendly: true }, []],
  ['דירה לי ולכלב שלי בחיפה לחודשיים', { type: 'sublet', location: 'חיפה', petFriendly: true }, []],
  ['מלון באילת 2 מבוגרים 2 ילדים 3 חדרים', { guests: 4, children: [10, 10], type: 'hotel', location: 'אילת', rooms: 3 }, []],
  ['מלון בנצרת לארבעה אנשים בשני חדרים', { guests: 4, type: 'hotel', location: 'נצרת', rooms: 2 }, []],
  ['סאבלט בתל אביב בין 4000 ל-6000 שקל', { type: 'sublet', location: 'תל אביב', minPrice: 4000, maxPrice: 6000 }, []],
  ['סאבלט בגבעתיים 5000-7000 ש"ח לחודש', { type: 'sublet', location: 'גבעתיים', minPrice: 5000, maxPrice: 7000 }, []],
  ['דירה ביפו עד 8 אלף לחודש עם נוף לים', { type: 'sublet', location: 'יפו', maxPrice: 8000, amenities: ['sea_view'] }, []],
  [
    'מלון באילת עד 2000 בסך הכל לסופ"ש',
    { type: 'hotel', checkIn: '2026-11-27', checkOut: '2026-11-28', location: 'אילת', maxPrice: 2000 },
    [],
  ],
  [
    'מלון בתל אביב מ-3.3 לארבעה לילות עד 3000 שקל סה"כ',
    { type: 'hotel', checkIn: '2027-03-03', checkOut: '2027-03-07', location: 'תל אביב', maxPrice: 750 },
    [],
  ],
  ['השכרה באשדוד לשבוע 2500 ש"ח בסה"כ', { type: 'rental', location: 'אשדוד', maxPrice: 2500 }, []],
  ['דירת 3 חדרי שינה במודיעין לשנה', { type: 'sublet', location: 'מודיעין', bedrooms: 3 }, []],
  ['דירה בהרצליה עם שני חדרי שינה חניה ומרפסת', { type: 'sublet', location: 'הרצליה', bedrooms: 2, amenities: ['parking', 'balcony'] }, []],
  ['סטודיו בצפון הישן עם מכונת כביסה ומזגן', { type: 'sublet', location: 'הצפון הישן', amenities: ['washer', 'air_conditioning'] }, []],
  ['מלון בתל אביב להיום', { type: 'hotel', checkIn: '2026-11-27', checkOut: '2026-11-28', location: 'תל אביב' }, []],
  ['hotel בתל אביב for the weekend', { type: 'hotel', checkIn: '2026-11-27', checkOut: '2026-11-28', location: 'תל אביב' }, []],
  ['סאבלט in Florentin לחודשיים', { type: 'sublet', location: 'פלורנטין' }, []],
  ['דירה בTLV לחודש from March', { type: 'sublet', checkIn: '2027-03-01', checkOut: '2027-04-01', location: 'תל אביב' }, []],
  ['מלון באילת for Hanukkah לזוג', { guests: 2, type: 'hotel', checkIn: '2026-12-04', checkOut: '2026-12-13', location: 'אילת' }, []],
  ['מלון בהרצליה לשלושה לילות מחר', { type: 'hotel', checkIn: '2026-11-28', checkOut: '2026-12-01', location: 'הרצליה' }, []],
  ['מלון בנתניה לחמישה אנשים', { guests: 5, type: 'hotel', location: 'נתניה' }, []],
  ['דירה בחיפה לזוג עם ילד', { guests: 3, type: 'sublet', location: 'חיפה' }, []],
  ["צימר בגליל בסוכות עם ג'קוזי", { type: 'rental', checkIn: '2027-10-15', checkOut: '2027-10-24', location: 'הגליל' }, ["ג'קוזי"]],
  [
    'מלון ביפו בחנוכה לשני מבוגרים וילד בן 10',
    { guests: 3, children: [10], type: 'hotel', checkIn: '2026-12-04', checkOut: '2026-12-13', location: 'יפו' },
    [],
  ],
  ['דירה שקטה ליד הים בנתניה בקיץ', { type: 'sublet', checkIn: '2027-07-01', checkOut: '2027-09-01', location: 'נתניה' }, ['שקטה', 'הים']],
  ['סאבלט במרכז הכרמל מדצמבר לשלושה חודשים', { type: 'sublet', checkIn: '2026-12-01', checkOut: '2027-03-01', location: 'מרכז הכרמל' }, []],
  [
    'מלון בירושלים ל-3 לילות מ-5.1 לשני מבוגרים',
    { guests: 2, type: 'hotel', checkIn: '2027-01-05', checkOut: '2027-01-08', location: 'ירושלים' },
    [],
  ],
];

describe('interpretSearch: the table', () => {
  const english = runCases(englishCases, today, 'en');
  const hebrew = runCases(hebrewCases, today, 'he');

  it('has at least 200 sentences, half in each language', () => {
    expect(englishCases.length + hebrewCases.length).toBeGreaterThanOrEqual(200);
    expect(Math.abs(englishCases.length - hebrewCases.length)).toBeLessThanOrEqual(5);
  });

  it.each(english.map((result) => [result.sentence, result] as const))('reads "%s"', (_sentence, result) => {
    expect({ query: result.actual, unmatched: result.unmatched }).toEqual({
      query: result.expected,
      unmatched: englishCases.find(([sentence]) => sentence === result.sentence)![2],
    });
  });

  it.each(hebrew.map((result) => [result.sentence, result] as const))('reads "%s"', (_sentence, result) => {
    expect({ query: result.actual, unmatched: result.unmatched }).toEqual({
      query: result.expected,
      unmatched: hebrewCases.find(([sentence]) => sentence === result.sentence)![2],
    });
  });

  it('prints its accuracy by field', () => {
    console.info(accuracyReport('Main table, English', english));
    console.info(accuracyReport('Main table, Hebrew', hebrew));
    console.info(accuracyReport('Main table, all', [...english, ...hebrew]));
  });
});

describe('interpretSearch: rules', () => {
  const read = (text: string, on = today, lang: 'en' | 'he' = 'en') => interpretSearch(text, { today: on, lang }).query;

  it("reads Israel's weekend from Thursday to Saturday, the one under way on a Friday or Saturday", () => {
    expect(read('this weekend', '2026-11-29')).toMatchObject({ checkIn: '2026-12-03', checkOut: '2026-12-05' }); // Sunday
    expect(read('this weekend', '2026-12-03')).toMatchObject({ checkIn: '2026-12-03', checkOut: '2026-12-05' }); // Thursday
    expect(read('this weekend', '2026-12-05')).toMatchObject({ checkIn: '2026-12-05', checkOut: '2026-12-06' }); // Saturday
    expect(read('next weekend', '2026-11-29')).toMatchObject({ checkIn: '2026-12-10', checkOut: '2026-12-12' });
  });

  it('finds holidays by the Hebrew calendar, the next one from today or the one under way', () => {
    expect(read('for Passover', '2027-06-01')).toMatchObject({ checkIn: '2028-04-10', checkOut: '2028-04-18' });
    expect(read('בפסח', '2027-04-24', 'he')).toMatchObject({ checkIn: '2027-04-24', checkOut: '2027-04-29' });
    expect(read('over sukkot', '2026-01-10')).toMatchObject({ checkIn: '2026-09-25', checkOut: '2026-10-04' });
  });

  it('reads day-first dates and keeps stays inside the date horizon', () => {
    expect(read('hotel 3/4')).toMatchObject({ checkIn: '2027-04-03' });
    expect(read('hotel 3/4/2025')).not.toHaveProperty('checkIn');
    expect(read('hotel 3/4/2031')).not.toHaveProperty('checkIn');
  });

  it('strips Hebrew prefixes from places and holidays, and reads number words with them', () => {
    expect(read('ומתל אביב', today, 'he')).toMatchObject({ location: 'תל אביב' });
    expect(read('שבחיפה', today, 'he')).toMatchObject({ location: 'חיפה' });
    expect(read('כשבוע בבאר שבע', today, 'he')).toMatchObject({ location: 'באר שבע' });
    expect(read('מלון לשלושה אנשים', today, 'he')).toMatchObject({ guests: 3 });
  });

  it('converts a budget to the price unit of the type: per night for hotels, week for rentals, month for sublets', () => {
    expect(read('hotel under 3000 a month')).toMatchObject({ maxPrice: 100 });
    expect(read('rental under 300 a night')).toMatchObject({ maxPrice: 2100 });
    expect(read('sublet under 1000 a week')).toMatchObject({ maxPrice: 4286 });
    expect(read('hotel from march 1 to march 5 up to 2000 in total')).toMatchObject({ maxPrice: 500 });
  });

  it('bounds the sentence it reads', () => {
    const long = `hotel in eilat ${'very '.repeat(100)}for passover`;
    const result = interpretSearch(long, { today, lang: 'en' });
    expect(result.query).not.toHaveProperty('checkIn');
    expect(result.unmatched.join(' ').length).toBeLessThanOrEqual(maxSentenceLength);
  });

  it('takes any text without throwing', () => {
    for (const text of [
      '',
      ' ',
      '₪₪₪',
      '----',
      '3-',
      '/',
      '"',
      '9999999999999999999',
      'ב-',
      'and and and',
      '0 kids',
      '31.2',
      '29/2/2027',
    ]) {
      expect(() => interpretSearch(text, { today, lang: 'he' })).not.toThrow();
    }
  });

  it('forgives one typo from five letters and two from nine, none in short words', () => {
    expect(editDistance('balcny', 'balcony')).toBe(1);
    expect(editDistance('jerusalme', 'jerusalem')).toBe(1);
    expect(read('hotl')).not.toHaveProperty('type');
    expect(read('appartmentt')).toMatchObject({ type: 'sublet' });
  });
});

describe('applyInterpretation and chips', () => {
  it('makes the structured search, dropping what the type does not take', () => {
    const { query } = interpretSearch('apartment in Florentin for 3 months from March under 7000 with a balcony for a family with 2 kids', {
      today,
      lang: 'en',
    });
    const params = resultsFiltersToParams(applyInterpretation(query));
    expect(params.toString()).toBe(
      'type=sublet&location=Florentin&checkIn=2027-03-01&checkOut=2027-06-01&maxPrice=7000&amenities=balcony&guests=4',
    );
  });

  it('removes a chip with its fields', () => {
    const { query } = interpretSearch('hotel in Eilat for Hanukkah 2 adults and a kid aged 6 under 600 with a pool', { today, lang: 'en' });
    expect(chipsOf(query)).toEqual(['type', 'location', 'dates', 'price', 'party', 'amenity:swimming_pool']);
    const withoutParty = withoutChip(query, 'party');
    expect(withoutParty).not.toHaveProperty('guests');
    expect(withoutParty).not.toHaveProperty('children');
    expect(chipsOf(withoutChip(withoutParty, 'amenity:swimming_pool'))).toEqual(['type', 'location', 'dates', 'price']);
  });
});
