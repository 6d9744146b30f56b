import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  agreementApplies,
  agreementDate,
  agreementDocument,
  agreementFactsKey,
  agreementMoney,
  agreementText,
  parseAgreementText,
  type AgreementFacts,
} from './stay-agreement.ts';

const facts: AgreementFacts = {
  bookingId: '6f1c0c9e-0000-4000-8000-000000000001',
  kind: 'sublet',
  title: { en: 'Sunny flat in Florentin', he: 'דירה שטופת שמש בפלורנטין' },
  hostName: 'Dana Levi',
  guestName: 'Sam\nCarter',
  address: null,
  checkIn: '2027-03-01',
  checkOut: '2027-05-16',
  checkInTime: '15:00',
  guests: 2,
  paymentMethod: 'card',
  payments: [
    { start: '2027-03-01', end: '2027-04-01', nights: 31, dueOn: '2027-01-10', amount: 4620 },
    { start: '2027-04-01', end: '2027-05-01', nights: 30, dueOn: '2027-03-29', amount: 4620 },
    { start: '2027-05-01', end: '2027-05-16', nights: 15, dueOn: '2027-04-28', amount: 2236 },
  ],
  total: 11476,
  deposit: 2000,
  houseRules: ['no_smoking', 'quiet_hours'],
  cancellationPolicy: 'long_stay',
};

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('the stay agreement', () => {
  it('applies from 28 nights', () => {
    expect(agreementApplies('2027-02-01', '2027-03-01')).toBe(true); // 28 nights
    expect(agreementApplies('2027-02-01', '2027-02-28')).toBe(false);
  });

  it('writes dates and money the same on every machine', () => {
    expect(agreementDate('2027-03-01', 'en')).toBe('1 March 2027');
    expect(agreementDate('2027-12-31', 'he')).toBe('31 בדצמבר 2027');
    expect(agreementMoney(37800, 'en')).toBe('₪37,800');
    expect(agreementMoney(37800, 'he')).toBe('37,800 ₪');
    expect(agreementMoney(999, 'en')).toBe('₪999');
  });

  it('says every part of the stay in English', () => {
    const text = agreementText(agreementDocument(facts, 'en'));
    expect(text.startsWith('Sublet agreement\n\n1. The parties\n')).toBe(true);
    expect(text).toContain('Dana Levi ("the host") and Sam Carter ("the guest")');
    expect(text).toContain('From 1 March 2027 (check-in from 15:00) to 16 May 2027: 76 nights.');
    expect(text).toContain('₪11,476 in all, paid in 3 payments');
    expect(text).toContain('3. 1 May 2027 to 16 May 2027 (15 nights): ₪2,236, due 28 April 2027.');
    expect(text).toContain('security deposit of ₪2,000');
    expect(text).toContain('No smoking.');
    expect(text).toContain('the first 30 nights are not refunded');
    expect(text).toContain('Within 24 hours of check-in');
  });

  it('says the same in Hebrew', () => {
    const text = agreementText(agreementDocument(facts, 'he'));
    expect(text.startsWith('הסכם שכירות משנה\n\n1. הצדדים\n')).toBe(true);
    expect(text).toContain('בין Dana Levi (להלן: "המארח") לבין Sam Carter (להלן: "האורח")');
    expect(text).toContain('מיום 1 במרץ 2027 (כניסה החל מ-15:00) ועד יום 16 במאי 2027: 76 לילות.');
    expect(text).toContain('ב-3 תשלומים');
    expect(text).toContain('פיקדון ביטחון בסך 2,000 ₪');
    expect(text).toContain('עלות השהייה הכוללת היא 11,476 ₪, ב-3 תשלומים');
    expect(text).toContain('אסור לעשן.');
    expect(text).toContain('בתוך 24 שעות ממועד הכניסה');
    expect(text).not.toMatch(/[A-Za-z]{4,} agreement/);
  });

  it('hides the address until the stay is confirmed, then states it', () => {
    for (const language of ['en', 'he'] as const) {
      const before = agreementText(agreementDocument(facts, language));
      expect(before).not.toContain('Vital');
      const after = agreementText(
        agreementDocument({ ...facts, address: { en: '12 Vital Street, Tel Aviv', he: 'רחוב ויטל 12, תל אביב' } }, language),
      );
      expect(after).toContain(language === 'en' ? 'Address: 12 Vital Street, Tel Aviv.' : 'כתובת: רחוב ויטל 12, תל אביב.');
    }
  });

  it('says a rental, no deposit and no rules plainly', () => {
    const text = agreementText(
      agreementDocument({ ...facts, kind: 'rental', deposit: 0, houseRules: [], paymentMethod: 'on_arrival' }, 'en'),
    );
    expect(text.startsWith('Rental agreement')).toBe(true);
    expect(text).toContain('There is no security deposit.');
    expect(text).toContain('The listing sets no house rules beyond this agreement.');
    expect(text).toContain('Payments are made to the host directly');
  });

  it('gives the same text and hash for the same facts, another for changed facts', () => {
    const first = agreementText(agreementDocument(facts, 'he'));
    const again = agreementText(agreementDocument(structuredClone(facts), 'he'));
    expect(sha(again)).toBe(sha(first));
    expect(agreementFactsKey({ ...facts })).toBe(agreementFactsKey(structuredClone(facts)));
    const moved = { ...facts, checkOut: '2027-05-20' };
    expect(agreementFactsKey(moved)).not.toBe(agreementFactsKey(facts));
    expect(sha(agreementText(agreementDocument(moved, 'he')))).not.toBe(sha(first));
  });

  it('reads a stored text back into its sections', () => {
    const document = agreementDocument(facts, 'en');
    const parsed = parseAgreementText(agreementText(document));
    expect(parsed.title).toBe('Sublet agreement');
    expect(parsed.sections).toHaveLength(document.sections.length);
    expect(parsed.sections[3]?.paragraphs).toHaveLength(5);
    expect(agreementText(parsed)).toBe(agreementText(document));
  });
});
