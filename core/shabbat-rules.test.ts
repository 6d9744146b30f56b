import { describe, expect, it } from 'vitest';
import { stayProblems, type BookableListing } from './booking-rules.ts';
import {
  candleLightingMinutesOf,
  candleLightingTime,
  checkInProblem,
  checkOutProblem,
  isEve,
  shabbatStayProblems,
  type ShabbatPlace,
} from './shabbat-rules.ts';

const jerusalem: ShabbatPlace = { slug: 'jerusalem', latitude: 31.7683, longitude: 35.2137 };
const telAviv: ShabbatPlace = { slug: 'tel-aviv', latitude: 32.0853, longitude: 34.7818 };
const keeps = { keepsShabbat: true, checkInTime: '15:00' };

// Friday 27 November 2026 (candles at 15:55 in Jerusalem, 16:18 in Tel Aviv), Shabbat the 28th.
const friday = '2026-11-27';
const saturday = '2026-11-28';
const sunday = '2026-11-29';
const thursday = '2026-11-26';

describe('candleLightingTime', () => {
  it('is sunset less 40 minutes in Jerusalem and 18 in Tel Aviv, in Israel time', () => {
    expect(candleLightingMinutesOf(jerusalem)).toBe(40);
    expect(candleLightingMinutesOf({ slug: 'haifa' })).toBe(30);
    expect(candleLightingMinutesOf(telAviv)).toBe(18);
    expect(candleLightingTime(friday, jerusalem)).toBe('15:55');
    expect(candleLightingTime(friday, telAviv)).toBe('16:18');
    // Summer time: an hour later on the clock and sunset much later.
    expect(candleLightingTime('2027-06-25', jerusalem)).toBe('19:08');
  });
});

describe('isEve', () => {
  it('is Friday and the day before a festival, not Shabbat itself nor a festival followed by Shabbat', () => {
    expect(isEve(friday)).toBe(true);
    expect(isEve(thursday)).toBe(false);
    expect(isEve(saturday)).toBe(false);
    expect(isEve('2027-04-21')).toBe(true); // erev Pesach, a Wednesday
    expect(isEve('2027-04-22')).toBe(false); // Pesach I itself
  });
});

describe('checkInProblem', () => {
  it('allows any day when the listing does not keep Shabbat', () => {
    expect(checkInProblem({ keepsShabbat: false, checkInTime: '21:00' }, jerusalem, saturday)).toBeNull();
  });

  it('refuses Shabbat and festival days', () => {
    expect(checkInProblem(keeps, telAviv, saturday)).toBe('check_in_on_shabbat');
    expect(checkInProblem(keeps, telAviv, '2027-04-22')).toBe('check_in_on_shabbat'); // Pesach I, a Thursday
  });

  it('refuses an eve when the check-in time is less than an hour before candle-lighting, and allows it otherwise', () => {
    // Jerusalem: 15:00 + 1 h = 16:00, after 15:55.
    expect(checkInProblem(keeps, jerusalem, friday)).toBe('check_in_after_candle_lighting');
    // Tel Aviv: 16:00 is before 16:18.
    expect(checkInProblem(keeps, telAviv, friday)).toBeNull();
    // The boundary: exactly an hour before candle-lighting is allowed, a minute later is not.
    expect(checkInProblem({ keepsShabbat: true, checkInTime: '15:18' }, telAviv, friday)).toBeNull();
    expect(checkInProblem({ keepsShabbat: true, checkInTime: '15:19' }, telAviv, friday)).toBe('check_in_after_candle_lighting');
    // An evening check-in is refused on every eve, even in summer.
    expect(checkInProblem({ keepsShabbat: true, checkInTime: '19:00' }, telAviv, '2027-06-25')).toBe('check_in_after_candle_lighting');
    // Erev Pesach 5787 in Jerusalem: candles at 18:32, 15:00 is fine.
    expect(checkInProblem(keeps, jerusalem, '2027-04-21')).toBeNull();
  });

  it('allows the days around: Thursday and the Sunday after', () => {
    expect(checkInProblem(keeps, jerusalem, thursday)).toBeNull();
    expect(checkInProblem(keeps, jerusalem, sunday)).toBeNull();
  });
});

describe('checkOutProblem', () => {
  it('refuses Shabbat and festival days only: leaving on Friday morning is fine', () => {
    expect(checkOutProblem(keeps, saturday)).toBe('check_out_on_shabbat');
    expect(checkOutProblem(keeps, '2027-04-28')).toBe('check_out_on_shabbat'); // the last day of Pesach
    expect(checkOutProblem(keeps, friday)).toBeNull();
    expect(checkOutProblem(keeps, sunday)).toBeNull();
    expect(checkOutProblem({ keepsShabbat: false, checkInTime: '15:00' }, saturday)).toBeNull();
  });
});

describe('shabbatStayProblems', () => {
  it('accepts a stay spanning Shabbat, arriving Thursday and leaving Sunday', () => {
    expect(shabbatStayProblems(keeps, jerusalem, { checkIn: thursday, checkOut: sunday })).toEqual([]);
  });

  it('names both ends when both clash', () => {
    expect(shabbatStayProblems(keeps, jerusalem, { checkIn: friday, checkOut: '2026-12-05' })).toEqual([
      'check_in_after_candle_lighting',
      'check_out_on_shabbat',
    ]);
  });

  it('runs inside stayProblems when a check is given, after the date problems', () => {
    const listing: BookableListing = {
      propertyType: 'rental',
      pricePerNight: null,
      pricePerWeek: 2000,
      pricePerMonth: null,
      availableFrom: null,
      availableUntil: null,
      minStayDays: 1,
      maxStayDays: 365,
      roomCount: null,
      maxGuests: 4,
      leaseOptions: [],
    };
    const check = (stay: { checkIn: string; checkOut: string }) => shabbatStayProblems(keeps, jerusalem, stay);
    expect(stayProblems(listing, { checkIn: saturday, checkOut: '2026-12-03' }, '2026-11-20', check)).toEqual(['check_in_on_shabbat']);
    expect(stayProblems(listing, { checkIn: saturday, checkOut: '2026-12-03' }, '2026-11-20')).toEqual([]);
  });
});
