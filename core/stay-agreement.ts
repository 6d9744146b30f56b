/**
 * The sublet / rental agreement of a long stay (issue 37, item 7; docs/decisions/055-stay-agreement.md),
 * over 300 lines because it holds the agreement's wording in both languages, which must be read
 * together: a clause changed in one language and not the other would make two different contracts.
 *
 * Pure: the same facts always give the same text, character for character, so the SHA-256 a party
 * accepts is reproducible. The text is plain lines: the title, then sections separated by a blank
 * line, each a heading line followed by one line per paragraph (parseAgreementText reads it back
 * for the printable page; the stored text itself is what was shown and accepted).
 */
import type { CancellationPolicy } from './cancellation-policies.ts';
import { daysBetween } from './dates.ts';
import type { Language } from './languages.ts';
import { scheduleThresholdNights } from './stay-months.ts';

/** A stay of this many nights or more has an agreement (the same threshold as monthly payments). */
export const agreementThresholdNights = scheduleThresholdNights;

export function agreementApplies(checkIn: string, checkOut: string): boolean {
  return daysBetween(checkIn, checkOut) >= agreementThresholdNights;
}

export interface AgreementPayment {
  start: string;
  end: string;
  nights: number;
  dueOn: string;
  amount: number;
}

/** Everything an agreement says, gathered from the booking, its listing and the two people. */
export interface AgreementFacts {
  bookingId: string;
  /** A sublet's agreement is a sublet; every other long stay is a rental. */
  kind: 'sublet' | 'rental';
  title: Record<Language, string>;
  hostName: string;
  guestName: string;
  /** The street address in each language; null until the stay is confirmed (the address is private until then). */
  address: Record<Language, string> | null;
  checkIn: string;
  checkOut: string;
  /** 'HH:mm', Israel time. */
  checkInTime: string;
  guests: number;
  paymentMethod: 'card' | 'on_arrival';
  payments: AgreementPayment[];
  total: number;
  deposit: number;
  houseRules: string[];
  cancellationPolicy: CancellationPolicy;
}

export interface AgreementSection {
  heading: string;
  paragraphs: string[];
}

export interface AgreementDocument {
  title: string;
  sections: AgreementSection[];
}

/** One line of text: newlines and runs of spaces in people's input become one space (the text's structure is its lines). */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

const monthNames: Record<Language, string[]> = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  he: ['ינואר', 'פברואר', 'מרץ', 'אפריל', 'מאי', 'יוני', 'יולי', 'אוגוסט', 'ספטמבר', 'אוקטובר', 'נובמבר', 'דצמבר'],
};

/**
 * '1 March 2027' / '1 במרץ 2027': written out by hand rather than through Intl, so the text (and its
 * hash) does not change with the ICU data of whichever machine renders it.
 */
export function agreementDate(day: string, language: Language): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const name = monthNames[language][month - 1];
  return language === 'he' ? `${date} ב${name} ${year}` : `${date} ${name} ${year}`;
}

/** '₪37,800' in English and '37,800 ₪' in Hebrew (as Hebrew writes shekels), without Intl for the same reason as the dates. */
export function agreementMoney(amount: number, language: Language): string {
  const sign = amount < 0 ? '-' : '';
  const digits = String(Math.abs(Math.round(amount))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return language === 'he' ? `${sign}${digits} ₪` : `${sign}₪${digits}`;
}

const houseRuleTexts: Record<string, Record<Language, string>> = {
  no_smoking: { en: 'No smoking.', he: 'אסור לעשן.' },
  no_parties: { en: 'No parties or events.', he: 'אין לקיים מסיבות או אירועים.' },
  quiet_hours: { en: 'Quiet hours from 22:00 to 08:00.', he: 'יש לשמור על שעות השקט בין 22:00 ל-08:00.' },
  no_pets: { en: 'No pets.', he: 'אין להכניס חיות מחמד.' },
  pets_allowed: { en: 'Pets are allowed.', he: 'מותר להביא חיות מחמד.' },
  check_in_after_15: { en: 'Check-in after 15:00.', he: 'הכניסה לדירה אחרי 15:00.' },
  check_out_before_11: { en: 'Check-out before 11:00.', he: 'הפינוי עד 11:00.' },
  shabbat_observant_building: {
    en: 'The building keeps Shabbat; the guest respects it in the shared spaces.',
    he: 'הבניין שומר שבת; האורח יכבד זאת בשטחים המשותפים.',
  },
  remove_shoes: { en: 'Shoes are removed indoors.', he: 'יש לחלוץ נעליים בתוך הבית.' },
  recycling: { en: 'Waste is recycled.', he: 'יש להפריד פסולת למחזור.' },
};

const policyTexts: Record<CancellationPolicy, Record<Language, string>> = {
  flexible: {
    en: 'Flexible: a full refund up to 24 hours before check-in; after that, the first night is not refunded.',
    he: 'גמישה: החזר מלא עד 24 שעות לפני מועד הכניסה; לאחר מכן הלילה הראשון אינו מוחזר.',
  },
  moderate: {
    en: 'Moderate: a full refund up to 5 days before check-in; after that, half of the stay is not refunded.',
    he: 'מתונה: החזר מלא עד 5 ימים לפני מועד הכניסה; לאחר מכן מחצית מדמי השהייה אינה מוחזרת.',
  },
  strict: {
    en: 'Strict: a full refund up to 14 days before check-in, half up to 7 days before, and no refund after that.',
    he: 'קפדנית: החזר מלא עד 14 ימים לפני מועד הכניסה, החזר של מחצית עד 7 ימים לפני, ולאחר מכן אין החזר.',
  },
  long_stay: {
    en: 'Long stay: a full refund within 48 hours of booking (before check-in); after that, the first 30 nights are not refunded.',
    he: 'שהייה ארוכה: החזר מלא בתוך 48 שעות מההזמנה (ובלבד שטרם הגיע מועד הכניסה); לאחר מכן 30 הלילות הראשונים אינם מוחזרים.',
  },
};

/** The agreement in one language. */
export function agreementDocument(facts: AgreementFacts, language: Language): AgreementDocument {
  return language === 'he' ? hebrewDocument(facts) : englishDocument(facts);
}

function englishDocument(facts: AgreementFacts): AgreementDocument {
  const date = (day: string) => agreementDate(day, 'en');
  const sublet = facts.kind === 'sublet';
  const nights = daysBetween(facts.checkIn, facts.checkOut);
  const address = facts.address ? oneLine(facts.address.en || facts.address.he) : '';
  return {
    title: sublet ? 'Sublet agreement' : 'Rental agreement',
    sections: [
      {
        heading: '1. The parties',
        paragraphs: [
          `This agreement is made between ${oneLine(facts.hostName) || 'the host'} ("the host") and ${oneLine(facts.guestName) || 'the guest'} ("the guest"), through Lina, booking ${facts.bookingId}.`,
          sublet
            ? 'The host sublets the home below to the guest for the term below, furnished, for the guest and their party to live in.'
            : 'The host lets the home below to the guest for the term below, furnished, for the guest and their party to stay in.',
        ],
      },
      {
        heading: '2. The home',
        paragraphs: [
          `The home: ${oneLine(facts.title.en || facts.title.he)}.`,
          address
            ? `Address: ${address}.`
            : 'Address: given to the guest once the host confirms the stay; a new version of this agreement then states it.',
          `Guests: ${facts.guests}. No one else lives in the home during the term without the host's consent.`,
        ],
      },
      {
        heading: '3. The term',
        paragraphs: [
          `From ${date(facts.checkIn)} (check-in from ${facts.checkInTime}) to ${date(facts.checkOut)}: ${nights} nights.`,
          'The agreement ends on the last day of the term without further notice; the guest leaves the home then, clean and as received.',
        ],
      },
      {
        heading: '4. Payments',
        paragraphs: [
          `The stay costs ${agreementMoney(facts.total, 'en')} in all, paid in ${facts.payments.length === 1 ? 'one payment' : `${facts.payments.length} payments`}:`,
          ...facts.payments.map(
            (payment, index) =>
              `${index + 1}. ${date(payment.start)} to ${date(payment.end)} (${payment.nights} nights): ${agreementMoney(payment.amount, 'en')}, due ${date(payment.dueOn)}.`,
          ),
          facts.paymentMethod === 'card'
            ? 'Payments are made by card through Lina: the first at booking, each later one charged on its due date.'
            : 'Payments are made to the host directly, by each due date; the host records each payment received in Lina.',
        ],
      },
      {
        heading: '5. Security deposit',
        paragraphs: [
          facts.deposit > 0
            ? `The guest pays the host a refundable security deposit of ${agreementMoney(facts.deposit, 'en')}, apart from the payments above. The host returns it within 14 days of the end of the term, less the cost of any damage beyond normal wear, itemised in writing.`
            : 'There is no security deposit.',
        ],
      },
      {
        heading: '6. House rules',
        paragraphs: facts.houseRules.length
          ? facts.houseRules.map((rule) => houseRuleTexts[rule]?.en ?? oneLine(rule))
          : ['The listing sets no house rules beyond this agreement.'],
      },
      {
        heading: '7. Cancellation',
        paragraphs: [
          policyTexts[facts.cancellationPolicy].en,
          'The cleaning fee is always refunded. If the host cancels, the guest is refunded everything.',
        ],
      },
      {
        heading: '8. Move-in protection',
        paragraphs: [
          'Within 24 hours of check-in the guest may report through Lina that the home is not as described or that they could not get in, with photos.',
          "The host's first payout is held until a Lina admin decides, after hearing both sides: a full refund and the end of the stay, a partial refund, or release to the host.",
        ],
      },
      {
        heading: '9. Changes and acceptance',
        paragraphs: [
          'A change of the dates or the guests agreed through Lina makes a new version of this agreement, which both parties accept again.',
          'Each party accepts this agreement in the Lina app; Lina records the time, the IP address and a SHA-256 fingerprint of this exact text.',
        ],
      },
    ],
  };
}

function hebrewDocument(facts: AgreementFacts): AgreementDocument {
  const date = (day: string) => agreementDate(day, 'he');
  const sublet = facts.kind === 'sublet';
  const nights = daysBetween(facts.checkIn, facts.checkOut);
  const address = facts.address ? oneLine(facts.address.he || facts.address.en) : '';
  return {
    title: sublet ? 'הסכם שכירות משנה' : 'הסכם שכירות',
    sections: [
      {
        heading: '1. הצדדים',
        paragraphs: [
          `הסכם זה נערך בין ${oneLine(facts.hostName) || 'המארח'} (להלן: "המארח") לבין ${oneLine(facts.guestName) || 'האורח'} (להלן: "האורח"), באמצעות לינה, הזמנה מספר ${facts.bookingId}.`,
          sublet
            ? 'המארח משכיר לאורח בשכירות משנה את הדירה המפורטת להלן, מרוהטת, למגורי האורח והנלווים אליו, לתקופה המפורטת להלן.'
            : 'המארח משכיר לאורח את הדירה המפורטת להלן, מרוהטת, לשהיית האורח והנלווים אליו, לתקופה המפורטת להלן.',
        ],
      },
      {
        heading: '2. הדירה',
        paragraphs: [
          `הדירה: ${oneLine(facts.title.he || facts.title.en)}.`,
          address ? `כתובת: ${address}.` : 'כתובת: תימסר לאורח לאחר שהמארח יאשר את השהייה, ותופיע בגרסה חדשה של הסכם זה.',
          `מספר אורחים: ${facts.guests}. איש מלבדם לא יתגורר בדירה במהלך התקופה ללא הסכמת המארח.`,
        ],
      },
      {
        heading: '3. תקופת ההסכם',
        paragraphs: [
          `מיום ${date(facts.checkIn)} (כניסה החל מ-${facts.checkInTime}) ועד יום ${date(facts.checkOut)}: ${nights} לילות.`,
          'ההסכם מסתיים ביום האחרון של התקופה ללא צורך בהודעה נוספת; האורח יפנה אז את הדירה כשהיא נקייה ובמצב שבו קיבל אותה.',
        ],
      },
      {
        heading: '4. תשלומים',
        paragraphs: [
          `עלות השהייה הכוללת היא ${agreementMoney(facts.total, 'he')}, ${facts.payments.length === 1 ? 'בתשלום אחד' : `ב-${facts.payments.length} תשלומים`}:`,
          ...facts.payments.map(
            (payment, index) =>
              `${index + 1}. מ-${date(payment.start)} עד ${date(payment.end)} (${payment.nights} לילות): ${agreementMoney(payment.amount, 'he')}, לתשלום עד ${date(payment.dueOn)}.`,
          ),
          facts.paymentMethod === 'card'
            ? 'התשלומים מבוצעים בכרטיס אשראי באמצעות לינה: הראשון בעת ההזמנה, וכל תשלום נוסף נגבה במועדו.'
            : 'התשלומים משולמים ישירות למארח עד כל מועד; המארח מסמן בלינה כל תשלום שהתקבל.',
        ],
      },
      {
        heading: '5. פיקדון',
        paragraphs: [
          facts.deposit > 0
            ? `האורח ימסור למארח פיקדון ביטחון בסך ${agreementMoney(facts.deposit, 'he')}, בנוסף לתשלומים שלעיל. המארח ישיב את הפיקדון בתוך 14 ימים מתום התקופה, בניכוי עלות נזק החורג מבלאי סביר, שיפורט בכתב.`
            : 'לא נדרש פיקדון.',
        ],
      },
      {
        heading: '6. כללי הבית',
        paragraphs: facts.houseRules.length
          ? facts.houseRules.map((rule) => houseRuleTexts[rule]?.he ?? oneLine(rule))
          : ['המודעה אינה קובעת כללי בית מעבר להסכם זה.'],
      },
      {
        heading: '7. ביטול',
        paragraphs: [
          `מדיניות הביטול: ${policyTexts[facts.cancellationPolicy].he}`,
          'דמי הניקיון מוחזרים תמיד. ביטל המארח, יקבל האורח החזר מלא.',
        ],
      },
      {
        heading: '8. הגנת כניסה',
        paragraphs: [
          'בתוך 24 שעות ממועד הכניסה רשאי האורח לדווח באמצעות לינה, בצירוף תמונות, כי הדירה אינה תואמת את תיאורה או כי לא הצליח להיכנס אליה.',
          'התשלום הראשון למארח יעוכב עד להחלטת צוות לינה, לאחר שמיעת שני הצדדים: החזר מלא וסיום השהייה, החזר חלקי, או העברת התשלום למארח.',
        ],
      },
      {
        heading: '9. שינויים ואישור',
        paragraphs: [
          'שינוי של התאריכים או של מספר האורחים שהוסכם באמצעות לינה יוצר גרסה חדשה של הסכם זה, ושני הצדדים יאשרו אותה מחדש.',
          'כל צד מאשר הסכם זה באפליקציית לינה; לינה שומרת את מועד האישור, את כתובת ה-IP ואת טביעת האצבע (SHA-256) של נוסח זה בדיוק.',
        ],
      },
    ],
  };
}

/** The exact text of a document: what is stored, shown, hashed and accepted. */
export function agreementText(document: AgreementDocument): string {
  return [
    oneLine(document.title),
    ...document.sections.map((section) => [section.heading, ...section.paragraphs].map(oneLine).join('\n')),
  ].join('\n\n');
}

/** A stored text read back into its title and sections (the inverse of agreementText). */
export function parseAgreementText(text: string): AgreementDocument {
  const [title = '', ...blocks] = text.split('\n\n');
  return {
    title,
    sections: blocks.map((block) => {
      const [heading = '', ...paragraphs] = block.split('\n');
      return { heading, paragraphs };
    }),
  };
}

/**
 * The facts as one string with its keys in a fixed order: two bookings whose facts are equal give the
 * same key, and any change of a fact (dates, guests, confirmation revealing the address, a rule)
 * gives another, which is what makes a new version.
 */
export function agreementFactsKey(facts: AgreementFacts): string {
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sorted);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
      );
    }
    return value;
  };
  return JSON.stringify(sorted(facts));
}
