import { describe, expect, it } from 'vitest';
import {
  accountClosureRefusal,
  dataExportExpiry,
  dataExportLimits,
  dataExportRefusal,
  erasedEmailOf,
  erasureDueAt,
  phoneForms,
} from './account-data-rules.ts';

const now = new Date('2026-11-27T12:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3600_000);
const none = { staysAhead: 0, feesOwed: 0, payoutDue: 0, openPayments: 0 };

describe('data export requests', () => {
  it('allows a first request and refuses one while another is being made', () => {
    expect(dataExportRefusal([], now)).toBeNull();
    expect(dataExportRefusal([{ status: 'queued', createdAt: hoursAgo(1) }], now)).toBe('data_export_in_progress');
    expect(dataExportRefusal([{ status: 'running', createdAt: hoursAgo(30) }], now)).toBe('data_export_in_progress');
  });

  it('allows a few a day, counted over the last 24 hours', () => {
    const made = (hours: number) => ({ status: 'ready', createdAt: hoursAgo(hours) });
    const full = Array.from({ length: dataExportLimits.perDay }, (_, index) => made(index + 1));
    expect(dataExportRefusal(full, now)).toBe('data_export_limit_reached');
    expect(dataExportRefusal([...full.slice(1), made(25)], now)).toBeNull();
  });

  it('serves an archive for seven days', () => {
    expect(dataExportExpiry(now).toISOString()).toBe('2026-12-04T12:00:00.000Z');
  });
});

describe('closing an account', () => {
  it('is refused while a stay is ahead, first of all', () => {
    expect(accountClosureRefusal({ ...none, staysAhead: 1, feesOwed: 10 })).toBe('account_stay_ahead');
  });

  it('is refused while money is owed either way or a payment is open', () => {
    expect(accountClosureRefusal({ ...none, feesOwed: 12 })).toBe('account_money_owed');
    expect(accountClosureRefusal({ ...none, openPayments: 1 })).toBe('account_payment_open');
    expect(accountClosureRefusal({ ...none, payoutDue: 300 })).toBe('account_payout_due');
  });

  it('is allowed with nothing pending', () => {
    expect(accountClosureRefusal(none)).toBeNull();
  });

  it('erases after the configured days, never later than 30', () => {
    expect(erasureDueAt(now, 14).toISOString()).toBe('2026-12-11T12:00:00.000Z');
    expect(erasureDueAt(now, 90).toISOString()).toBe('2026-12-27T12:00:00.000Z');
    expect(erasureDueAt(now, 0)).toEqual(now);
  });
});

describe('an erased address', () => {
  it('is on a reserved domain no mail reaches', () => {
    expect(erasedEmailOf('0b6c0e62-1d2f-4f3c-9f8e-2b1a7c5d9e00')).toBe('erased-0b6c0e62-1d2f-4f3c-9f8e-2b1a7c5d9e00@erased.invalid');
  });
});

describe('phone forms searched in kept text', () => {
  it('finds local and international spellings of one number', () => {
    expect(phoneForms('+972-50-123-4567')).toEqual(['+972-50-123-4567', '972501234567', '0501234567']);
    expect(phoneForms('050-1234567')).toEqual(['050-1234567', '0501234567', '972501234567']);
    expect(phoneForms('12')).toEqual([]);
    expect(phoneForms(null)).toEqual([]);
  });
});
