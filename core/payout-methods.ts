import { z } from 'zod';

/**
 * A host's payout method: an Israeli bank account (docs/decisions/057-host-money.md). Admins send
 * payouts to it by bank transfer and see it when they mark one sent; lists show it masked.
 *
 * The banks are the Bank of Israel's codes of the banks that hold private accounts today. Account
 * numbers differ in length by bank (Hapoalim 6 digits, Leumi up to 8 with its check digits,
 * Mizrahi 6, others up to 9), and each bank checks its own digits, so the rule here is the shape
 * every bank shares: 4 to 9 digits, not all zero. The bank rejects a wrong one, and the admin sees
 * the full number before sending.
 */
export const israeliBanks = [
  { code: '04', en: 'Bank Yahav', he: 'בנק יהב' },
  { code: '09', en: 'Postal Bank', he: 'בנק הדואר' },
  { code: '10', en: 'Bank Leumi', he: 'בנק לאומי' },
  { code: '11', en: 'Discount Bank', he: 'בנק דיסקונט' },
  { code: '12', en: 'Bank Hapoalim', he: 'בנק הפועלים' },
  { code: '13', en: 'Union Bank (Igud)', he: 'בנק אגוד' },
  { code: '14', en: 'Bank Otsar Ha-Hayal', he: 'בנק אוצר החייל' },
  { code: '17', en: 'Mercantile Discount Bank', he: 'בנק מרכנתיל דיסקונט' },
  { code: '18', en: 'One Zero Digital Bank', he: 'וואן זירו הבנק הדיגיטלי' },
  { code: '20', en: 'Mizrahi-Tefahot Bank', he: 'בנק מזרחי טפחות' },
  { code: '26', en: 'UBank', he: 'יובנק' },
  { code: '31', en: 'First International Bank', he: 'הבנק הבינלאומי הראשון' },
  { code: '34', en: 'Arab Israel Bank', he: 'בנק ערבי ישראלי' },
  { code: '46', en: 'Bank Massad', he: 'בנק מסד' },
  { code: '52', en: 'Poalei Agudat Israel Bank', he: 'בנק פועלי אגודת ישראל' },
  { code: '54', en: 'Bank of Jerusalem', he: 'בנק ירושלים' },
] as const;

export const israeliBankCodes = israeliBanks.map((bank) => bank.code) as [string, ...string[]];

/** The bank's name in the reader's language, or its code when unknown. */
export function bankName(code: string, language: 'en' | 'he'): string {
  const bank = israeliBanks.find((entry) => entry.code === code);
  return bank ? bank[language] : code;
}

/** Spaces and dashes people type between digits, removed. */
const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

/** A branch is three digits (leading zeros kept: "012"). */
export const branchPattern = /^[0-9]{3}$/;
/** 4 to 9 digits, not all zero. */
export const accountNumberPattern = /^(?!0+$)[0-9]{4,9}$/;

export const payoutMethodBodySchema = z.object({
  bankCode: z.enum(israeliBankCodes),
  branch: z.string().max(20).transform(digitsOnly).pipe(z.string().regex(branchPattern)),
  accountNumber: z.string().max(30).transform(digitsOnly).pipe(z.string().regex(accountNumberPattern)),
  /** The name the account is held in, as the bank knows it. */
  accountHolder: z.string().trim().min(2).max(100),
});
export type PayoutMethodBody = z.input<typeof payoutMethodBodySchema>;

/** The account's number with all but its last three digits hidden, for lists. */
export function maskAccountNumber(accountNumber: string): string {
  return `${'•'.repeat(Math.max(1, accountNumber.length - 3))}${accountNumber.slice(-3)}`;
}

/** The reference a host writes on a bank transfer of the fees they owe, so an admin can match it. */
export function feePaymentReference(hostId: string): string {
  return `LINA-${hostId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}
