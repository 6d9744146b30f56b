import { describe, expect, it, vi } from 'vitest';
import { isoDateSchema } from './date-schema.ts';
import { addDaysIso, isIsoDate, israelInstant, today, zonedWallTimeToInstant } from './dates.ts';

describe('dates', () => {
  it('knows real calendar days', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('26-2-1')).toBe(false);
    expect(isoDateSchema.safeParse('2026-13-01').success).toBe(false);
  });

  it('counts today in Israel: 22:30 UTC on 23 November is already 24 November in Tel Aviv', () => {
    expect(today(new Date('2026-11-23T22:30:00Z'))).toBe('2026-11-24');
    expect(today(new Date('2026-11-23T21:30:00Z'))).toBe('2026-11-23');
    // Summer time: UTC+3
    expect(today(new Date('2026-07-01T21:30:00Z'))).toBe('2026-07-02');
  });

  it('adds days across months and years', () => {
    expect(addDaysIso('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysIso('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('makes its time-zone formatters on first use, not when the module loads (that task starts the app on every page)', async () => {
    vi.resetModules();
    const original = Intl.DateTimeFormat;
    let made = 0;
    Intl.DateTimeFormat = new Proxy(original, {
      construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        made++;
        return new target(...args);
      },
    });
    try {
      const dates = await import('./dates.ts');
      await import('./review-rules.ts');
      await import('./shabbat-rules.ts');
      expect(made).toBe(0);
      dates.today();
      dates.today();
      expect(made).toBe(1);
    } finally {
      Intl.DateTimeFormat = original;
    }
  });

  it('converts wall-clock times across a DST change', () => {
    expect(zonedWallTimeToInstant({ year: 2027, month: 7, day: 1, hour: 12, minute: 0, second: 0 }, 'Asia/Jerusalem').toISOString()).toBe(
      '2027-07-01T09:00:00.000Z',
    );
    expect(zonedWallTimeToInstant({ year: 2027, month: 1, day: 1, hour: 12, minute: 0, second: 0 }, 'Asia/Jerusalem').toISOString()).toBe(
      '2027-01-01T10:00:00.000Z',
    );
  });

  it("reads a day and a time on Israel's clock in winter and in summer", () => {
    expect(israelInstant('2027-01-01').toISOString()).toBe('2026-12-31T22:00:00.000Z');
    expect(israelInstant('2027-07-01', '15:00').toISOString()).toBe('2027-07-01T12:00:00.000Z');
  });
});
