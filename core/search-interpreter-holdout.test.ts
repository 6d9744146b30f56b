/**
 * Held-out sentences for the sentence interpreter (issue 38): 40 sentences (20 English, 20 Hebrew) written
 * after the interpreter and its main table were done, with the reading a person would expect, and not
 * tuned against. They measure how the interpreter does on sentences it was not built around: the test
 * prints the accuracy by field and never fails on a wrong reading (the main table,
 * search-interpreter.test.ts, is the one that must pass). Same day as the main table: Friday 27 November 2026.
 */
import { describe, expect, it } from 'vitest';
import { accuracyReport, runCases, type InterpreterCase } from './search-interpreter-accuracy.ts';

const today = '2026-11-27';

export const englishHoldout: InterpreterCase[] = [
  [
    'hotel in Haifa for next weekend for 2 adults',
    { type: 'hotel', location: 'Haifa', checkIn: '2026-12-03', checkOut: '2026-12-05', guests: 2 },
    [],
  ],
  [
    'cheap sublet in Rehavia from February for four months under 6500',
    { type: 'sublet', location: 'Rehavia', checkIn: '2027-02-01', checkOut: '2027-06-01', maxPrice: 6500 },
    [],
  ],
  [
    'villa in the Galilee for Shavuot for 10 people with a garden',
    { type: 'rental', location: 'Galilee', checkIn: '2027-06-10', checkOut: '2027-06-12', guests: 10, amenities: ['garden'] },
    [],
  ],
  [
    'family of three, hotel in Ein Gedi for Hanukkah',
    { type: 'hotel', location: 'Ein Gedi', checkIn: '2026-12-04', checkOut: '2026-12-13', guests: 3 },
    [],
  ],
  [
    '2br flat in Old North under 9k a month with elevator',
    { type: 'sublet', location: 'Old North', maxPrice: 9000, bedrooms: 2, amenities: ['elevator'] },
    [],
  ],
  [
    'hotel in Netanya from 20.12 to 24.12 with breakfast',
    { type: 'hotel', location: 'Netanya', checkIn: '2026-12-20', checkOut: '2026-12-24', amenities: ['breakfast_included'] },
    [],
  ],
  [
    'zimmer in rosh pina this weekend for a couple with a jacuzzi',
    { type: 'rental', location: 'Rosh Pinna', checkIn: '2026-11-27', checkOut: '2026-11-28', guests: 2 },
    ['jacuzzi'],
  ],
  [
    'sublet in Tel Aviv near the beach for 6 months starting January 15',
    { type: 'sublet', location: 'Tel Aviv', checkIn: '2027-01-15', checkOut: '2027-07-15' },
    ['beach'],
  ],
  [
    'hotel in Eilat for three adults and two kids aged 8 and 11 in february',
    { type: 'hotel', location: 'Eilat', checkIn: '2027-02-01', checkOut: '2027-03-01', guests: 5, children: [8, 11] },
    [],
  ],
  [
    'rental in Tiberias for 5 nights from december 27, max 4000 shekels total',
    { type: 'rental', location: 'Tiberias', checkIn: '2026-12-27', checkOut: '2027-01-01', maxPrice: 5600 },
    [],
  ],
  [
    'pet friendly hotel in Haifa tomorrow',
    { type: 'hotel', location: 'Haifa', checkIn: '2026-11-28', checkOut: '2026-11-29', petFriendly: true },
    [],
  ],
  [
    'apartment in Jerusalem for Rosh Hashanah with a safe room',
    { type: 'rental', location: 'Jerusalem', checkIn: '2027-10-01', checkOut: '2027-10-04', amenities: ['safe_room'] },
    [],
  ],
  [
    'sublet in herzliya 3 rooms from march till august, flexible',
    { type: 'sublet', location: 'Herzliya', checkIn: '2027-03-01', checkOut: '2027-09-01', flexible: true, bedrooms: 2 },
    [],
  ],
  [
    'hotel in Acre for a couple and a baby next week',
    { type: 'hotel', location: 'Acre', checkIn: '2026-11-29', checkOut: '2026-12-06', guests: 3, children: [0] },
    [],
  ],
  [
    '2 bedroom apartment in Givatayim with air conditioning and a dishwasher, no more than 7500',
    { type: 'sublet', location: 'Givatayim', maxPrice: 7500, bedrooms: 2, amenities: ['air_conditioning', 'dishwasher'] },
    [],
  ],
  [
    'kosher hotel in Safed for Sukkot for 4 adults in 2 rooms',
    { type: 'hotel', location: 'Safed', checkIn: '2027-10-15', checkOut: '2027-10-24', guests: 4, rooms: 2, amenities: ['kosher_kitchen'] },
    [],
  ],
  [
    'studio in Jaffa for the winter under 5000 a month',
    { type: 'sublet', location: 'Jaffa', checkIn: '2026-12-01', checkOut: '2027-03-01', maxPrice: 5000 },
    [],
  ],
  [
    'hotel at the dead sea from 1/2/2027 to 4/2/2027 between 600 and 900 a night',
    { type: 'hotel', location: 'Dead Sea', checkIn: '2027-02-01', checkOut: '2027-02-04', minPrice: 600, maxPrice: 900 },
    [],
  ],
  [
    'a quiet place in Zichron Yaakov for two weeks from april 5 with parking',
    { location: "Zichron Ya'akov", checkIn: '2027-04-05', checkOut: '2027-04-19', amenities: ['parking'] },
    ['quiet'],
  ],
  [
    'hotl in Ashdod for the weekend with a gym',
    { type: 'hotel', location: 'Ashdod', checkIn: '2026-11-27', checkOut: '2026-11-28', amenities: ['gym'] },
    [],
  ],
];

export const hebrewHoldout: InterpreterCase[] = [
  [
    'מלון בחיפה לסוף השבוע הבא לשני מבוגרים',
    { type: 'hotel', location: 'חיפה', checkIn: '2026-12-03', checkOut: '2026-12-05', guests: 2 },
    [],
  ],
  [
    'סאבלט ברחביה מפברואר לארבעה חודשים עד 6500',
    { type: 'sublet', location: 'רחביה', checkIn: '2027-02-01', checkOut: '2027-06-01', maxPrice: 6500 },
    [],
  ],
  [
    'וילה בגליל בשבועות לעשרה אנשים עם גינה',
    { type: 'rental', location: 'הגליל', checkIn: '2027-06-10', checkOut: '2027-06-12', guests: 10, amenities: ['garden'] },
    [],
  ],
  [
    'משפחה של שלושה, מלון בעין גדי לחנוכה',
    { type: 'hotel', location: 'עין גדי', checkIn: '2026-12-04', checkOut: '2026-12-13', guests: 3 },
    [],
  ],
  [
    'דירת 3 חדרים בצפון הישן עד 9 אלף לחודש עם מעלית',
    { type: 'sublet', location: 'הצפון הישן', maxPrice: 9000, bedrooms: 2, amenities: ['elevator'] },
    [],
  ],
  [
    'מלון בנתניה מ-20.12 עד 24.12 עם ארוחת בוקר',
    { type: 'hotel', location: 'נתניה', checkIn: '2026-12-20', checkOut: '2026-12-24', amenities: ['breakfast_included'] },
    [],
  ],
  [
    'צימר בראש פינה בסופ"ש לזוג עם ג\'קוזי',
    { type: 'rental', location: 'ראש פינה', checkIn: '2026-11-27', checkOut: '2026-11-28', guests: 2 },
    ["ג'קוזי"],
  ],
  [
    'סאבלט בתל אביב ליד הים לחצי שנה מ-15 בינואר',
    { type: 'sublet', location: 'תל אביב', checkIn: '2027-01-15', checkOut: '2027-07-15' },
    ['הים'],
  ],
  [
    'מלון באילת לשלושה מבוגרים ושני ילדים בני 8 ו-11 בפברואר',
    { type: 'hotel', location: 'אילת', checkIn: '2027-02-01', checkOut: '2027-03-01', guests: 5, children: [8, 11] },
    [],
  ],
  [
    'השכרה בטבריה לחמישה לילות מ-27.12 עד 4000 ש"ח בסך הכל',
    { type: 'rental', location: 'טבריה', checkIn: '2026-12-27', checkOut: '2027-01-01', maxPrice: 5600 },
    [],
  ],
  ['מלון בחיפה מחר עם כלב', { type: 'hotel', location: 'חיפה', checkIn: '2026-11-28', checkOut: '2026-11-29', petFriendly: true }, []],
  [
    'דירה בירושלים לראש השנה עם ממ"ד',
    { type: 'rental', location: 'ירושלים', checkIn: '2027-10-01', checkOut: '2027-10-04', amenities: ['safe_room'] },
    [],
  ],
  [
    'סאבלט בהרצליה 3 חדרים ממרץ עד אוגוסט, גמיש',
    { type: 'sublet', location: 'הרצליה', checkIn: '2027-03-01', checkOut: '2027-09-01', flexible: true, bedrooms: 2 },
    [],
  ],
  [
    'מלון בעכו לזוג ותינוק בשבוע הבא',
    { type: 'hotel', location: 'עכו', checkIn: '2026-11-29', checkOut: '2026-12-06', guests: 3, children: [0] },
    [],
  ],
  [
    'דירה עם שני חדרי שינה בגבעתיים עם מזגן ומדיח, לא יותר מ-7500',
    { type: 'sublet', location: 'גבעתיים', maxPrice: 7500, bedrooms: 2, amenities: ['air_conditioning', 'dishwasher'] },
    [],
  ],
  [
    'מלון כשר בצפת בסוכות לארבעה מבוגרים בשני חדרים',
    { type: 'hotel', location: 'צפת', checkIn: '2027-10-15', checkOut: '2027-10-24', guests: 4, rooms: 2, amenities: ['kosher_kitchen'] },
    [],
  ],
  [
    'סטודיו ביפו לחורף עד 5000 לחודש',
    { type: 'sublet', location: 'יפו', checkIn: '2026-12-01', checkOut: '2027-03-01', maxPrice: 5000 },
    [],
  ],
  [
    'מלון בים המלח 1/2/2027 עד 4/2/2027 בין 600 ל-900 ללילה',
    { type: 'hotel', location: 'ים המלח', checkIn: '2027-02-01', checkOut: '2027-02-04', minPrice: 600, maxPrice: 900 },
    [],
  ],
  [
    'מקום שקט בזכרון יעקב לשבועיים מ-5 באפריל עם חניה',
    { location: 'זכרון יעקב', checkIn: '2027-04-05', checkOut: '2027-04-19', amenities: ['parking'] },
    ['שקט'],
  ],
  [
    'מלונ באשדוד בסופ"ש עם חדר כושר',
    { type: 'hotel', location: 'אשדוד', checkIn: '2026-11-27', checkOut: '2026-11-28', amenities: ['gym'] },
    [],
  ],
];

describe('interpretSearch: held-out sentences', () => {
  it('prints its accuracy by field (a wrong reading is reported, not failed)', () => {
    const english = runCases(englishHoldout, today, 'en');
    const hebrew = runCases(hebrewHoldout, today, 'he');
    console.info(accuracyReport('Held-out, English', english));
    console.info(accuracyReport('Held-out, Hebrew', hebrew));
    console.info(accuracyReport('Held-out, all', [...english, ...hebrew]));
    for (const result of [...english, ...hebrew].filter((row) => row.wrong.length)) {
      console.info(
        `  misread: ${result.sentence}\n    wrong: ${result.wrong.join(', ')}\n    read:  ${JSON.stringify(result.actual)} ${JSON.stringify(result.unmatched)}`,
      );
    }
    expect(english.length + hebrew.length).toBe(40);
  });
});
