import { describe, expect, it } from 'vitest';
import { isPhoneNumber, maskContactDetails, maskFields, maskMark, type MaskKind } from './contact-masking.ts';

const M = maskMark;

/** [what the writer wrote, what the reader sees, what was hidden]. */
const hidden: Array<[string, string, MaskKind[]]> = [
  // Israeli phone numbers, however written
  ['Call me 050-1234567', `Call me ${M}`, ['phone']],
  ['Call me 0501234567 tonight', `Call me ${M} tonight`, ['phone']],
  ['my number: 050 123 4567', `my number: ${M}`, ['phone']],
  ['050.123.4567', M, ['phone']],
  ['0 5 0 1 2 3 4 5 6 7', M, ['phone']],
  ['Landline 03-1234567', `Landline ${M}`, ['phone']],
  ['+972-50-1234567', M, ['phone']],
  ['+972501234567', M, ['phone']],
  ['+972 50 123 4567 (WhatsApp)', `${M} (WhatsApp)`, ['phone']],
  ['972501234567', M, ['phone']],
  ['00972-50-1234567', M, ['phone']],
  ['Sleeps 4 050-1234567', `Sleeps 4 ${M}`, ['phone']],
  ['(050) 123-4567', M, ['phone']],
  ['1-800-123-456', M, ['phone']],
  ['התקשרו אליי 050-1234567', `התקשרו אליי ${M}`, ['phone']],
  ['טלפון: 052.765.4321 בערב', `טלפון: ${M} בערב`, ['phone']],
  ['שלחו הודעה ל-054 7654321', `שלחו הודעה ל-${M}`, ['phone']],
  // International
  ['+44 20 7946 0958', M, ['phone']],
  ['+1 (212) 555-1234', M, ['phone']],
  ['(212) 555-1234', M, ['phone']],
  ['0044 20 7946 0958', M, ['phone']],
  // E-mail addresses, plain and spelled out
  ['Write to dana.levi@gmail.com please', `Write to ${M} please`, ['email']],
  ['dana at gmail dot com', M, ['email']],
  ['dana (at) gmail (dot) com', M, ['email']],
  ['dana [at] walla [dot] co [dot] il', M, ['email']],
  ['dana at gmail.com', M, ['email']],
  ['כתבו לי: dana@walla.co.il', `כתבו לי: ${M}`, ['email']],
  ['dana שטרודל gmail נקודה com', M, ['email']],
  // Links
  ['See https://example.com/flat?id=1.', `See ${M}.`, ['link']],
  ['www.my-flat.co.il', M, ['link']],
  ['bit.ly/x7Yz', M, ['link']],
  ['Message me at wa.me/972501234567', `Message me at ${M}`, ['link']],
  ['t.me/danalevi', M, ['link']],
  ['more photos on myflat.com', `more photos on ${M}`, ['link']],
  ['תמונות נוספות: http://example.org', `תמונות נוספות: ${M}`, ['link']],
  // Paying outside the site
  ['Please pay by bank transfer', `Please pay by ${M}`, ['payment']],
  ['wire transfer only', `${M} only`, ['payment']],
  ['Just wire me the deposit', `Just ${M} the deposit`, ['payment']],
  ['Pay by Bit', `Pay by ${M}`, ['payment']],
  ['You can send it via Bit', `You can send it via ${M}`, ['payment']],
  ['PayBox or Bit', `${M} or ${M}`, ['payment']],
  ['Bit 050-1234567', `${M} ${M}`, ['phone', 'payment']],
  ['PayPal works', `${M} works`, ['payment']],
  ['Western Union to my brother', `${M} to my brother`, ['payment']],
  ['cash in advance please', `${M} please`, ['payment']],
  ['Pay me directly and save the fee', `${M} and save the fee`, ['payment']],
  ['העברה בנקאית בלבד', `${M} בלבד`, ['payment']],
  ['אפשר לשלם בהעברה בנקאית', `אפשר לשלם ${M}`, ['payment']],
  ['תשלום בביט', `תשלום ${M}`, ['payment']],
  ['ביט או פייבוקס', `${M} או ${M}`, ['payment']],
  ['שלחו בפייבוקס', `שלחו ${M}`, ['payment']],
  ['מזומן מראש', M, ['payment']],
  ['אפשר לשלם ב-Bit', `אפשר לשלם ב-${M}`, ['payment']],
  ['נעביר לחשבון הבנק שלי', `נעביר ${M} שלי`, ['payment']],
  ['עדיף לשלם ישירות', `עדיף ${M}`, ['payment']],
  // Several at once
  [
    'Call 050-1234567 or mail dana@gmail.com, deposit by bank transfer',
    `Call ${M} or mail ${M}, deposit by ${M}`,
    ['phone', 'email', 'payment'],
  ],
];

/** Ordinary text that must pass untouched. */
const untouched: string[] = [
  'The flat is a bit noisy on Fridays',
  'Quite a bit of sun in the morning',
  'We renovated it bit by bit',
  'Bit of Paradise in Haifa',
  'Rent is ₪4,200 a month',
  '₪ 4200 - 5000 depending on the season',
  'Available from 12.3.2027',
  'Dates: 01.03.2027-05.03.2027',
  'Built in 1998, renovated in 2024',
  '2026 2027 2028',
  'Check-in 15:00, check-out 11:00',
  'Quiet hours 22.00-07.00',
  'Sleeps 4, 2 bedrooms, 85 sqm, floor 3',
  'Apartment 12, entrance B',
  'Look at the sea from the balcony',
  'I loved it.Me too',
  'Pay on arrival is fine with me',
  'The payment is through Lina, thanks',
  'Wireless internet and a wired desk',
  'הדירה קצת רועשת בשישי',
  'ביטול חינם עד 14 יום לפני',
  'הוא מביט על הים',
  'מחיר: 4,200 ₪ לחודש',
  'פנוי מ-12.3.2027 עד 30.4.2027',
  'צ׳ק-אין 15:00',
  'קומה 3, דירה 12, 85 מ״ר',
  'ביטוח דירה כלול',
  'e.g. the beach is 5 min away',
];

describe('contact masking: the table', () => {
  it.each(hidden)('%s', (input, expected, kinds) => {
    expect(maskContactDetails(input)).toEqual({ text: expected, kinds });
  });

  it.each(untouched)('leaves "%s" alone', (input) => {
    expect(maskContactDetails(input)).toEqual({ text: input, kinds: [] });
  });

  it('has at least 60 cases in both languages', () => {
    expect(hidden.length + untouched.length).toBeGreaterThanOrEqual(60);
    const isHebrew = (text: string) => /[\u0590-\u05FF]/u.test(text);
    expect(hidden.filter(([input]) => isHebrew(input)).length).toBeGreaterThanOrEqual(10);
    expect(untouched.filter(isHebrew).length).toBeGreaterThanOrEqual(8);
  });
});

describe('phone numbers', () => {
  it('tells numbers to call from other numbers', () => {
    expect(isPhoneNumber('050-1234567')).toBe(true);
    expect(isPhoneNumber('03 123 4567')).toBe(true);
    expect(isPhoneNumber('4200')).toBe(false);
    expect(isPhoneNumber('12.3.2027')).toBe(false);
    expect(isPhoneNumber('0501234')).toBe(false);
  });
});

describe('maskFields', () => {
  it('masks only the named string fields and says which changed', () => {
    const { record, kinds, maskedFields } = maskFields(
      { titleEn: 'Loft', descriptionEn: 'Call 050-1234567', descriptionHe: 'ביט בלבד', price: 100 },
      ['titleEn', 'descriptionEn', 'descriptionHe'],
    );
    expect(record).toEqual({ titleEn: 'Loft', descriptionEn: `Call ${M}`, descriptionHe: `${M} בלבד`, price: 100 });
    expect(kinds).toEqual(['phone', 'payment']);
    expect(maskedFields).toEqual(['descriptionEn', 'descriptionHe']);
  });
});
