import { describe, expect, it } from 'vitest';
import { localIsoDate } from '../../../core/dates.ts';
import { formatStayRange, fromIsoDate, pickRangeDay } from './date-range.ts';

describe('calendar range selection', () => {
  const empty = { checkIn: '', checkOut: '' };

  it('sets the start on the first click and the end on the second', () => {
    const first = pickRangeDay(empty, '2030-03-05');
    expect(first).toEqual({ checkIn: '2030-03-05', checkOut: '' });
    expect(pickRangeDay(first, '2030-03-09')).toEqual({ checkIn: '2030-03-05', checkOut: '2030-03-09' });
  });

  it('swaps the two when the second click is earlier', () => {
    expect(pickRangeDay({ checkIn: '2030-03-05', checkOut: '' }, '2030-03-01')).toEqual({ checkIn: '2030-03-01', checkOut: '2030-03-05' });
  });

  it('starts again after a complete range, and keeps the start when it is clicked twice', () => {
    expect(pickRangeDay({ checkIn: '2030-03-05', checkOut: '2030-03-09' }, '2030-04-01')).toEqual({ checkIn: '2030-04-01', checkOut: '' });
    expect(pickRangeDay({ checkIn: '2030-03-05', checkOut: '' }, '2030-03-05')).toEqual({ checkIn: '2030-03-05', checkOut: '' });
  });
});

describe('stay dates', () => {
  it('converts between local days and yyyy-MM-dd', () => {
    expect(localIsoDate(new Date(2030, 0, 9))).toBe('2030-01-09');
    expect(fromIsoDate('2030-01-09')?.getDate()).toBe(9);
    expect(fromIsoDate('2030-02-30')).toBeUndefined();
    expect(fromIsoDate('')).toBeUndefined();
  });

  it("formats a stay as 'MMM dd - MMM dd, yyyy'", () => {
    expect(formatStayRange({ checkIn: '2030-03-05', checkOut: '2030-03-09' }, 'en')).toBe('Mar 05 - Mar 09, 2030');
    expect(formatStayRange({ checkIn: '2030-12-28', checkOut: '2031-01-03' }, 'en')).toBe('Dec 28, 2030 - Jan 03, 2031');
    expect(formatStayRange({ checkIn: '2030-03-05', checkOut: '' }, 'en')).toBe('Mar 05, 2030');
    expect(formatStayRange({ checkIn: '', checkOut: '' }, 'en')).toBe('');
  });

  it('formats in Hebrew with Hebrew month names', () => {
    expect(formatStayRange({ checkIn: '2030-03-05', checkOut: '2030-03-09' }, 'he')).toMatch(/[\u0590-\u05FF]/);
  });
});
