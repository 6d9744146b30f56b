/**
 * Off-platform contact and payment before a stay (issue 39, item 3; docs/decisions/049-contact-masking.md).
 *
 * Rental scams in Israel start the same way: a phone number, a WhatsApp link or an e-mail address to
 * "talk outside", then a request to pay by bank transfer or Bit before the place was ever seen. Until a
 * stay is confirmed the server replaces such parts of messages between guest and host, and always of
 * listing text (a listing is public before any stay), with a mark, and tells the writer what was
 * hidden. This module only finds and replaces; who is masked when is the server's rule.
 *
 * The rules lean towards missing a cleverly hidden number over hiding ordinary text: prices
 * ("₪4,200"), dates ("12.3.2027", "01.03.2027-05.03.2027"), years, times and "a bit noisy" must pass
 * untouched (the table in contact-masking.test.ts holds both kinds of case).
 */

/** What was hidden, in the order the notice names them. */
export const maskKinds = ['phone', 'email', 'link', 'payment'] as const;
export type MaskKind = (typeof maskKinds)[number];

/** What replaces a hidden part: no letters, so it reads the same in English and Hebrew. */
export const maskMark = '[•••]';

export interface MaskResult {
  /** The text with every hidden part replaced by maskMark. */
  text: string;
  /** What was hidden, each kind once, in maskKinds order; empty when nothing was. */
  kinds: MaskKind[];
}

const hebrew = '\\u0590-\\u05FF';
/** Not inside a Hebrew word (JavaScript's \b knows only ASCII letters). */
const hebrewStart = `(?<![${hebrew}])`;
const hebrewEnd = `(?![${hebrew}])`;

// ---------------------------------------------------------------- e-mail addresses

const plainEmail = /[\p{L}\d._%+-]+@[\p{L}\d-]+(?:\.[\p{L}\d-]+)+/gu;
/** "name at gmail dot com", "name (at) gmail [dot] com", "name שטרודל gmail נקודה com": spelled out to dodge a filter. */
const spelledAt = String.raw`(?:\s*[([{]\s*(?:at|שטרודל)\s*[)\]}]\s*|\s+(?:at|שטרודל)\s+)`;
const spelledDot = String.raw`(?:\s*[([{]\s*(?:dot|נקודה)\s*[)\]}]\s*|\s+(?:dot|נקודה)\s+|\.)`;
const spelledEmail = new RegExp(
  String.raw`[\p{L}\d._%+-]+${spelledAt}[\p{L}\d-]+(?:${spelledDot}[\p{L}\d-]+)*${spelledDot}(?:com|net|org|il|co|io|me|info|edu|gov)(?![\p{L}\d/])`,
  'giu',
);

// ---------------------------------------------------------------- links

/**
 * Top-level domains a bare address ("bit.ly/x", "wa.me/972…", "example.co.il") ends with. Lower case
 * only, and not "it" or "to": "I loved it.Me too" and "Walk.To the sea" are sentences, not links.
 */
const linkTlds = 'com|net|org|il|co|ly|me|io|info|biz|app|gl|link|ru|uk|de|fr|us|ai|xyz|site|online|page|gg|cc|tv|ws';
const schemeLink = /\b(?:https?:\/\/|www\.)[^\s<>"]+/giu;
const bareDomain = new RegExp(
  String.raw`(?<![\p{L}\d@.\-])(?:[A-Za-z\d](?:[A-Za-z\d-]*[A-Za-z\d])?\.)+(?:${linkTlds})(?![A-Za-z\d-])(?:\/[^\s<>"]*)?`,
  'gu',
);
/** A link's trailing punctuation belongs to the sentence. */
const trailingPunctuation = /[.,;:!?)\]}'"]+$/u;

// ---------------------------------------------------------------- phone numbers

/** Digits with at most three separators (space, dot, dash, brackets) between each two, maybe after a "+". */
const phoneCandidate = /(?<!\d)(?:\+\s?|\()?\d(?:[ \t.\-–()]{0,3}\d)*/gu;
/** A day.month.year date inside a candidate makes it a date, not a number to call. */
const dateInside = /(?<!\d)(?:0?[1-9]|[12]\d|3[01])[./-](?:0?[1-9]|1[0-2])[./-](?:\d{4}|\d{2})(?!\d)/u;

/**
 * Whether a run of digits is a phone number: international with "+" or "00" (8 to 15 digits), Israeli
 * with 972 (11 to 13), Israeli local from 0 (9 or 10: 03-1234567, 050-1234567), 1-800/1-700/1-599
 * numbers, or a North American (212) 555-1234. Other runs (prices, years, dates, times, areas) are not.
 */
export function isPhoneNumber(candidate: string): boolean {
  const text = candidate.trim();
  if (dateInside.test(text)) return false;
  const digits = text.replace(/\D/g, '');
  if (text.startsWith('+')) return digits.length >= 8 && digits.length <= 15;
  if (digits.startsWith('00')) return digits.length >= 10 && digits.length <= 17;
  if (digits.startsWith('972')) return digits.length >= 11 && digits.length <= 13;
  if (digits.startsWith('0')) return digits.length === 9 || digits.length === 10;
  if (/^1(?:800|700|599)/.test(digits)) return digits.length === 10;
  return digits.length === 10 && /^\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/.test(text);
}

/**
 * The phone numbers in one candidate run: the whole run, or else its longest space-separated parts,
 * so that "sleeps 4 050-1234567" finds the number after the 4.
 */
function phoneRanges(candidate: string): Array<[number, number]> {
  const parts = [...candidate.matchAll(/\S+/gu)].map((m) => [m.index, m.index + m[0].length] as [number, number]);
  const ranges: Array<[number, number]> = [];
  let first = 0;
  while (first < parts.length) {
    let found = -1;
    for (let last = parts.length - 1; last >= first; last--) {
      if (isPhoneNumber(candidate.slice(parts[first]![0], parts[last]![1]))) {
        found = last;
        break;
      }
    }
    if (found >= 0) {
      ranges.push([parts[first]![0], parts[found]![1]]);
      first = found + 1;
    } else first++;
  }
  return ranges;
}

// ---------------------------------------------------------------- paying outside the site

const paymentPhrases: RegExp[] = [
  /\b(?:bank|wire|direct|money)[\s-]*transfers?\b/giu,
  /\bwire\s+(?:me|it|us|the\s+(?:money|deposit|rent|payment|amount)|money|funds|the\s+funds)\b/giu,
  /\bwestern\s*union\b/giu,
  /\bmoney\s*gram\b/giu,
  /\bpay\s*pal\b/giu,
  /\bpay\s*box\b/giu,
  /\b(?:venmo|zelle|revolut|cash\s*app|bitcoin|btc|usdt|crypto(?:currency)?)\b/giu,
  /\bcash\s+(?:in\s+advance|upfront|up\s+front|before\s+(?:arrival|the\s+stay|check-?in|you\s+arrive))\b/giu,
  /\bpay(?:ing|ment)?\s+(?:me\s+)?(?:directly|outside\s+(?:of\s+)?(?:the\s+)?(?:site|platform|app|lina)|off\s+(?:the\s+)?(?:site|platform|app))\b/giu,
  /\btransfer\s+(?:the\s+)?(?:money|deposit|rent|payment|amount)\s+(?:to\s+(?:me|my)|directly)\b/giu,
  // "Bit" the payment app, never "a bit noisy" or "bit by bit": only after a word of paying or
  // sending (pay by Bit, send it via Bit, PayBox or Bit), before "app", "payment" or a hidden number,
  // or written with a Hebrew prefix (ב-Bit).
  /(?<!\bbit\s+by\s+)(?<=\b(?:pay|paid|paying|payment|pay\s*box|transfer|send|sending|deposit|via|through|using|by|with|or)\s+(?:(?:me|it|us|the\s+(?:money|deposit|rent|payment))\s+)?(?:(?:by|via|with|on|through|using)\s+)?)bit\b/giu,
  /\bbit(?=\s*(?:app|payment|transfer|[:-]?\s*\[•••\]))/giu,
  new RegExp(String.raw`(?<=${hebrewStart}[בל]-?)bit\b`, 'giu'),
  // Hebrew: bank transfer, account number, Bit (with its one-letter prefixes ב, ו, ל, never
  // "מביט", "שביט", "הביט" or "ביטול"), PayBox, PayPal, Western Union, cash in advance, outside the site.
  new RegExp(String.raw`${hebrewStart}[ובלהמש]{0,3}העבר(?:ה|ות|ת)\s+בנקאי(?:ת|ות)${hebrewEnd}`, 'gu'),
  new RegExp(
    String.raw`${hebrewStart}[ובלהמש]{0,3}(?:חשבון\s+(?:ה)?בנק|מספר\s+(?:ה)?חשבון|העבר(?:ה|ת)?\s+(?:ישירות\s+)?לחשבון)${hebrewEnd}`,
    'gu',
  ),
  new RegExp(String.raw`${hebrewStart}[ובל]{0,2}-?ביט${hebrewEnd}`, 'gu'),
  new RegExp(String.raw`${hebrewStart}[ובל]{0,2}-?(?:פיי\s?בוקס|פייפאל|פייפל|ביטקוין|ווסטרן\s+יוניון|וסטרן\s+יוניון)${hebrewEnd}`, 'gu'),
  new RegExp(String.raw`${hebrewStart}[ובל]{0,2}מזומן\s+(?:מראש|לפני\s+(?:ה)?(?:הגעה|כניסה|שהות))${hebrewEnd}`, 'gu'),
  new RegExp(String.raw`${hebrewStart}(?:ל)?(?:שלם|תשלום)\s+(?:לי\s+)?(?:ישירות|מחוץ\s+לאתר)${hebrewEnd}`, 'gu'),
  new RegExp(String.raw`${hebrewStart}מחוץ\s+(?:ל)(?:אתר|פלטפורמה|לינה)${hebrewEnd}`, 'gu'),
];

// ---------------------------------------------------------------- the whole text

/**
 * Hides phone numbers, e-mail addresses, links and requests to pay outside the site. E-mail comes
 * before links (an address holds a domain) and links before phones (wa.me/972… holds a number);
 * each step works on the text the previous one left, whose marks hold no letters or digits.
 */
export function maskContactDetails(input: string): MaskResult {
  const found = new Set<MaskKind>();
  const replace = (text: string, pattern: RegExp, kind: MaskKind, accept: (match: string) => string | null = (m) => m) =>
    text.replace(pattern, (match: string) => {
      const hidden = accept(match);
      if (hidden === null || hidden === '') return match;
      found.add(kind);
      return maskMark + match.slice(hidden.length);
    });

  let text = input;
  text = replace(text, plainEmail, 'email');
  text = replace(text, spelledEmail, 'email');
  const withoutTrailing = (match: string) => match.replace(trailingPunctuation, '');
  text = replace(text, schemeLink, 'link', withoutTrailing);
  text = replace(text, bareDomain, 'link', withoutTrailing);
  text = text.replace(phoneCandidate, (candidate) => {
    const ranges = phoneRanges(candidate);
    if (ranges.length === 0) return candidate;
    found.add('phone');
    let out = '';
    let at = 0;
    for (const [start, end] of ranges) {
      out += candidate.slice(at, start) + maskMark;
      at = end;
    }
    return out + candidate.slice(at);
  });
  for (const pattern of paymentPhrases) text = replace(text, pattern, 'payment');
  return { text, kinds: maskKinds.filter((kind) => found.has(kind)) };
}

/** Masks several fields at once (a listing's free text): the masked fields and every kind hidden in any of them. */
export function maskFields<T extends Record<string, unknown>, K extends keyof T & string>(
  record: T,
  fields: readonly K[],
): { record: T; kinds: MaskKind[]; maskedFields: K[] } {
  const out: T = { ...record };
  const found = new Set<MaskKind>();
  const maskedFields: K[] = [];
  for (const field of fields) {
    const value = record[field];
    if (typeof value !== 'string') continue;
    const { text, kinds } = maskContactDetails(value);
    if (kinds.length === 0) continue;
    (out as Record<string, unknown>)[field] = text;
    maskedFields.push(field);
    for (const kind of kinds) found.add(kind);
  }
  return { record: out, kinds: maskKinds.filter((kind) => found.has(kind)), maskedFields };
}
