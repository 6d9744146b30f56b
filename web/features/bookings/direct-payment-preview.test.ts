import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import he from '../../i18n/he.json';
import { translate, type TFunction } from '../../i18n/translator.ts';
import { directPaymentPreview } from './direct-payment-preview.ts';

// Issue 37 item 11: a late cancellation of a stay paid directly never says "nothing is refunded"
// beside a policy that keeps money; it says what the guest owes the host.
describe('cancelling a stay paid to the host directly', () => {
  for (const [language, messages] of [
    ['en', en],
    ['he', he],
  ] as const) {
    const t: TFunction = (key, values) => translate(messages, language, key, values);
    it(`says what the policy keeps, in ${language}`, () => {
      const late = directPaymentPreview(t, { tier: 'partial', refund: 3000, kept: 4200 }, language);
      expect(late).toContain('4,200');
      expect(late).toContain('7,200');
      expect(late).not.toBe(messages.payments.preview.onArrival);
      expect(directPaymentPreview(t, { tier: 'full', refund: 7200, kept: 0 }, language)).toBe(messages.hostMoney.cancel.directFree);
      expect(directPaymentPreview(t, { tier: 'host', refund: 7200, kept: 0 }, language)).toBe(messages.hostMoney.cancel.directHost);
    });
  }
});
