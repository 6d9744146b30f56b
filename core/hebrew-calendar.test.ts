import { describe, expect, it } from 'vitest';
import {
  hebrewDate,
  hebrewDayOfMonth,
  hebrewMonthRange,
  holidayPresetRange,
  holidaySpans,
  israeliHolidays,
  isShabbatOrYomTov,
} from './hebrew-calendar.ts';

describe('israeliHolidays', () => {
  it('lists Pesach 5787 as Israelis keep it: one festival day at each end, chol hamoed between', () => {
    const holidays = israeliHolidays('2027-04-21', '2027-04-29', 'en');
    expect(holidays.map((holiday) => [holiday.date, holiday.kind])).toEqual([
      ['2027-04-21', 'erev'],
      ['2027-04-22', 'yom-tov'],
      ['2027-04-23', 'chol-hamoed'],
      ['2027-04-24', 'chol-hamoed'],
      ['2027-04-25', 'chol-hamoed'],
      ['2027-04-26', 'chol-hamoed'],
      ['2027-04-27', 'chol-hamoed'],
      ['2027-04-28', 'yom-tov'],
    ]);
    expect(holidays[1]?.name).toBe('Pesach I');
  });

  it('names holidays in Hebrew without vowel points on Hebrew pages', () => {
    expect(israeliHolidays('2027-04-22', '2027-04-22', 'he')).toEqual([
      { date: '2027-04-22', name: 'פסח א׳', kind: 'yom-tov', festival: 'פסח' },
    ]);
  });

  it('includes Israeli national days and treats Yom Kippur as a festival day', () => {
    expect(israeliHolidays('2027-05-12', '2027-05-12', 'en')).toEqual([
      { date: '2027-05-12', name: 'Yom HaAtzma’ut', kind: 'modern', festival: 'Yom HaAtzma’ut' },
    ]);
    expect(israeliHolidays('2026-09-21', '2026-09-21', 'en').map((holiday) => holiday.kind)).toEqual(['yom-tov']);
  });

  it('is empty for an empty range', () => {
    expect(israeliHolidays('2027-04-25', '2027-04-20', 'en')).toEqual([]);
  });
});

describe('isShabbatOrYomTov', () => {
  it('is true on Saturdays and festival days, false on Fridays and chol hamoed', () => {
    expect(isShabbatOrYomTov('2026-11-28')).toBe(true); // a Saturday
    expect(isShabbatOrYomTov('2026-11-27')).toBe(false); // a Friday
    expect(isShabbatOrYomTov('2027-04-22')).toBe(true); // Pesach I, a Thursday
    expect(isShabbatOrYomTov('2027-04-26')).toBe(false); // chol hamoed, a Monday
  });
});

describe('hebrewDate', () => {
  it('writes the Hebrew date in each language', () => {
    expect(hebrewDate('2027-04-22', 'he')).toBe('ט״ו ניסן תשפ״ז');
    expect(hebrewDate('2027-04-22', 'en')).toBe('15 Nisan 5787');
    expect(hebrewDayOfMonth('2027-04-22')).toBe('ט״ו');
  });
});

describe('holidayPresetRange', () => {
  it('gives the next season from its eve to the day after it ends', () => {
    expect(holidayPresetRange('passover', '2026-11-25')).toEqual({ startDate: '2027-04-21', endDate: '2027-04-29' });
    expect(holidayPresetRange('sukkot', '2026-11-25')).toEqual({ startDate: '2027-10-15', endDate: '2027-10-24' });
  });

  it('counts a season under way and moves on once it has ended', () => {
    expect(holidayPresetRange('passover', '2027-04-25')).toEqual({ startDate: '2027-04-21', endDate: '2027-04-29' });
    expect(holidayPresetRange('passover', '2027-04-29').startDate).toBe('2028-04-10');
  });
});

describe('holidaySpans', () => {
  it('joins the days of one festival and kind, whatever falls on them too', () => {
    const spans = holidaySpans(israeliHolidays('2026-12-01', '2026-12-31', 'en'));
    expect(spans.map((span) => [span.name, span.from, span.to])).toEqual([
      ['Chanukah: 1 Candle', '2026-12-04', '2026-12-04'], // the first candle is lit on the eve
      ['Chanukah', '2026-12-05', '2026-12-12'],
      ['Chag HaBanot', '2026-12-10', '2026-12-10'],
      ['Hebrew Language Day', '2026-12-31', '2026-12-31'],
    ]);
  });

  it('keeps Pesach’s festival days apart from chol hamoed, named by their day', () => {
    const spans = holidaySpans(israeliHolidays('2027-04-21', '2027-04-28', 'he'));
    expect(spans.map((span) => [span.name, span.kind, span.from, span.to])).toEqual([
      ['ערב פסח', 'erev', '2027-04-21', '2027-04-21'],
      ['פסח א׳', 'yom-tov', '2027-04-22', '2027-04-22'],
      ['פסח', 'chol-hamoed', '2027-04-23', '2027-04-27'],
      ['פסח ז׳', 'yom-tov', '2027-04-28', '2027-04-28'],
    ]);
  });
});

describe('hebrewMonthRange', () => {
  it('names the Hebrew months of a civil month, with the year once or at both ends', () => {
    expect(hebrewMonthRange('2026-11-01', '2026-11-30', 'he')).toBe('חשון–כסלו תשפ״ז');
    expect(hebrewMonthRange('2026-11-01', '2026-11-30', 'en')).toBe('Cheshvan–Kislev 5787');
    expect(hebrewMonthRange('2026-09-01', '2026-09-30', 'he')).toBe('אלול תשפ״ו–תשרי תשפ״ז');
  });
});
