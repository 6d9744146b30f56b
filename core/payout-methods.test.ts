import { describe, expect, it } from 'vitest';
import { bankName, feePaymentReference, israeliBanks, maskAccountNumber, payoutMethodBodySchema } from './payout-methods.ts';

describe('payout methods', () => {
  it('names every bank in both languages, once per code', () => {
    expect(new Set(israeliBanks.map((bank) => bank.code)).size).toBe(israeliBanks.length);
    expect(bankName('12', 'en')).toBe('Bank Hapoalim');
    expect(bankName('12', 'he')).toBe('בנק הפועלים');
    expect(bankName('77', 'en')).toBe('77');
  });

  it('accepts a 3-digit branch and 4 to 9 digits, dropping spaces and dashes', () => {
    const ok = payoutMethodBodySchema.safeParse({ bankCode: '10', branch: '012', accountNumber: '1234-56 78', accountHolder: 'Dana' });
    expect(ok.success && ok.data).toMatchObject({ branch: '012', accountNumber: '12345678' });
    for (const [branch, accountNumber] of [
      ['12', '123456'],
      ['1234', '123456'],
      ['012', '123'],
      ['012', '1234567890'],
      ['012', '0000'],
      ['0a2', '123456'],
    ]) {
      expect(payoutMethodBodySchema.safeParse({ bankCode: '10', branch, accountNumber, accountHolder: 'Dana' }).success).toBe(false);
    }
  });

  it('masks all but the last three digits, and makes a stable reference', () => {
    expect(maskAccountNumber('12345678')).toBe('•••••678');
    expect(maskAccountNumber('1234')).toBe('•234');
    expect(feePaymentReference('0a1b2c3d-aaaa-4bbb-8ccc-123456789abc')).toBe('LINA-0A1B2C3D');
  });
});
