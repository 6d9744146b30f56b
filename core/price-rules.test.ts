import { describe, expect, it } from 'vitest';
import { stayProblems, type BookableListing } from './booking-rules.ts';
import { quoteStay } from './quote.ts';
import { holidayPresets } from './hebrew-calendar.ts';
import {
  currentRules,
  effectiveUnitPrice,
  nightRate,
  priceRulePresets,
  priceRuleProblem,
  seasonalAdjustment,
  seasonalLines,
  seasonMinStayRule,
  type PriceRule,
} from './price-rules.ts';

const hotel = { propertyType: 'hotel' as const, pricePerNight: 500, pricePerWeek: null, pricePerMonth: null };
const rental = { propertyType: 'rental' as const, pricePerNight: null, pricePerWeek: 3500, pricePerMonth: null };
const sublet = { propertyType: 'sublet' as const, pricePerNight: null, pricePerWeek: null, pricePerMonth: 6000 };

const rule = (patch: Partial<PriceRule>): PriceRule => ({
  startDate: '2027-04-20',
  endDate: '2027-04-28',
  preset: null,
  adjustPercent: null,
  price: null,
  minNights: null,
  ...patch,
});
const passover = rule({ preset: 'passover', adjustPercent: 30 });

describe('price rule presets', () => {
  it('are the Hebrew calendar’s holiday seasons', () => {
    expect([...priceRulePresets]).toEqual([...holidayPresets]);
  });
});

describe('nightRate', () => {
  it('is the listing’s price outside a rule and the rule’s inside, [startDate, endDate)', () => {
    expect(nightRate(hotel, [passover], '2027-04-19')).toBe(500);
    expect(nightRate(hotel, [passover], '2027-04-20')).toBe(650);
    expect(nightRate(hotel, [passover], '2027-04-27')).toBe(650);
    expect(nightRate(hotel, [passover], '2027-04-28')).toBe(500);
  });

  it('spreads a week’s or a month’s price over its days', () => {
    expect(nightRate(rental, [], '2027-04-19')).toBe(500);
    expect(nightRate(rental, [rule({ price: 7000 })], '2027-04-21')).toBe(1000);
    expect(nightRate(sublet, [rule({ adjustPercent: -50 })], '2027-04-21')).toBe(100);
  });

  it('ignores a rule that only limits stays', () => {
    expect(nightRate(hotel, [rule({ minNights: 3 })], '2027-04-21')).toBe(500);
  });
});

describe('seasonalLines', () => {
  it('adds the rule’s change for the nights it prices only, times the rooms', () => {
    // Two nights before Passover, two in it.
    expect(seasonalLines(hotel, [passover], '2027-04-18', '2027-04-22')).toEqual([{ rule: passover, nights: 2, amount: 300 }]);
    expect(seasonalAdjustment(hotel, [passover], '2027-04-18', '2027-04-22', 2)).toBe(600);
  });

  it('is empty for a stay that leaves on the rule’s first day or arrives on its end date', () => {
    expect(seasonalLines(hotel, [passover], '2027-04-15', '2027-04-20')).toEqual([]);
    expect(seasonalLines(hotel, [passover], '2027-04-28', '2027-05-01')).toEqual([]);
    expect(seasonalLines(hotel, [passover], '2027-04-27', '2027-04-29')).toEqual([{ rule: passover, nights: 1, amount: 150 }]);
  });

  it('gives one line per rule and rounds each line once', () => {
    const cheap = rule({ startDate: '2027-05-01', endDate: '2027-05-10', price: 3000 });
    const lines = seasonalLines(rental, [passover, cheap], '2027-04-26', '2027-05-03');
    // Passover: 2 nights × 150; the cheap week: 2 nights × (3000 − 3500) / 7 = −142.86 → −143.
    expect(lines.map((line) => [line.nights, line.amount])).toEqual([
      [2, 300],
      [2, -143],
    ]);
  });
});

describe('quoteStay with rules', () => {
  it('keeps rate × units and adds the seasonal lines to the subtotal', () => {
    const quote = quoteStay(hotel, { checkIn: '2027-04-18', checkOut: '2027-04-22' }, { rules: [passover] });
    expect(quote).toMatchObject({ unit: 'night', units: 4, rate: 500, subtotal: 2300, serviceFee: 230, total: 2530 });
    expect(quote.seasonal).toHaveLength(1);
    expect(quoteStay(hotel, { checkIn: '2027-04-18', checkOut: '2027-04-22' }).subtotal).toBe(2000);
  });

  it('prices a rental’s week of which four nights fall in Passover', () => {
    // One week (3500) + 4 nights × 30 % of 500 = 600.
    expect(quoteStay(rental, { checkIn: '2027-04-24', checkOut: '2027-05-01' }, { rules: [passover] }).subtotal).toBe(4100);
  });
});

describe('effectiveUnitPrice', () => {
  it('is the price for stays without ruled nights and the average over the stay otherwise, in the listing’s unit', () => {
    expect(effectiveUnitPrice(hotel, [passover], '2027-05-01', '2027-05-03')).toBe(500);
    expect(effectiveUnitPrice(hotel, [passover], '2027-04-20', '2027-04-22')).toBe(650);
    expect(effectiveUnitPrice(hotel, [passover], '2027-04-18', '2027-04-22')).toBe(575);
    // A week entirely in a +30 % rule costs 30 % more per week.
    expect(effectiveUnitPrice(rental, [passover], '2027-04-20', '2027-04-27')).toBe(4550);
    expect(
      effectiveUnitPrice(sublet, [rule({ startDate: '2027-01-01', endDate: '2027-12-31', price: 9000 })], '2027-03-01', '2027-03-31'),
    ).toBe(9000);
  });
});

describe('minimum stays', () => {
  const sukkot = rule({ startDate: '2026-09-25', endDate: '2026-10-04', preset: 'sukkot', minNights: 3 });

  it('apply to stays that spend a night in the range', () => {
    expect(seasonMinStayRule([sukkot], '2026-09-23', '2026-09-25')).toBeUndefined();
    expect(seasonMinStayRule([sukkot], '2026-09-24', '2026-09-26')).toBe(sukkot);
    expect(seasonMinStayRule([sukkot], '2026-10-03', '2026-10-04')).toBe(sukkot);
    expect(seasonMinStayRule([sukkot], '2026-10-04', '2026-10-05')).toBeUndefined();
    expect(seasonMinStayRule([sukkot], '2026-10-01', '2026-10-04')).toBeUndefined();
  });

  it('take the longest of the rules touched', () => {
    const week = rule({ startDate: '2026-10-03', endDate: '2026-10-10', minNights: 7 });
    expect(seasonMinStayRule([sukkot, week], '2026-10-02', '2026-10-06')).toBe(week);
  });

  it('are a stay problem of their own', () => {
    const listing: BookableListing = {
      ...hotel,
      availableFrom: null,
      availableUntil: null,
      minStayDays: 1,
      maxStayDays: 30,
      roomCount: 3,
      maxGuests: 2,
      leaseOptions: [],
      priceRules: [sukkot],
    };
    expect(stayProblems(listing, { checkIn: '2026-09-30', checkOut: '2026-10-02' }, '2026-09-01')).toEqual(['season_stay_too_short']);
    expect(stayProblems(listing, { checkIn: '2026-09-30', checkOut: '2026-10-03' }, '2026-09-01')).toEqual([]);
  });
});

describe('priceRuleProblem', () => {
  const today = '2026-11-25';
  const ok = rule({ startDate: '2027-04-20', endDate: '2027-04-28', adjustPercent: 30 });

  it('accepts a rule ahead within two years that does something', () => {
    expect(priceRuleProblem(ok, [], today)).toBeNull();
    expect(priceRuleProblem({ ...ok, startDate: '2026-11-20', endDate: '2026-11-26' }, [], today)).toBeNull();
    expect(priceRuleProblem({ ...ok, startDate: '2028-11-20', endDate: '2028-11-24' }, [], today)).toBeNull(); // today + 730 days
  });

  it('refuses backwards, ended, too long and too far ranges', () => {
    expect(priceRuleProblem({ ...ok, endDate: ok.startDate }, [], today)).toBe('price_rule_dates');
    expect(priceRuleProblem({ ...ok, startDate: '2026-11-20', endDate: today }, [], today)).toBe('price_rule_dates');
    expect(priceRuleProblem({ ...ok, startDate: '2027-01-01', endDate: '2028-01-03' }, [], today)).toBe('price_rule_dates');
    expect(priceRuleProblem({ ...ok, startDate: '2028-11-20', endDate: '2028-11-25' }, [], today)).toBe('price_rule_too_far');
  });

  it('refuses a rule that neither prices nor limits', () => {
    expect(priceRuleProblem({ ...ok, adjustPercent: null }, [], today)).toBe('price_rule_empty');
    expect(priceRuleProblem({ ...ok, adjustPercent: null, minNights: 2 }, [], today)).toBeNull();
  });

  it('refuses a rule sharing a night with another; ranges may meet', () => {
    expect(priceRuleProblem(ok, [{ startDate: '2027-04-27', endDate: '2027-04-30' }], today)).toBe('price_rule_overlap');
    expect(priceRuleProblem(ok, [{ startDate: '2027-04-28', endDate: '2027-04-30' }], today)).toBeNull();
    expect(priceRuleProblem(ok, [{ startDate: '2027-04-10', endDate: '2027-04-20' }], today)).toBeNull();
  });

  it('refuses the 51st current rule; ended rules do not count', () => {
    const days = Array.from({ length: 50 }, (_, index) => ({
      startDate: `2027-0${1 + Math.floor(index / 25)}-${String(1 + (index % 25)).padStart(2, '0')}`,
      endDate: `2027-0${1 + Math.floor(index / 25)}-${String(2 + (index % 25)).padStart(2, '0')}`,
    }));
    expect(priceRuleProblem(ok, days, today)).toBe('too_many_price_rules');
    expect(priceRuleProblem(ok, days.slice(1), today)).toBeNull();
    expect(priceRuleProblem(ok, [...days.slice(1), { startDate: '2026-01-01', endDate: '2026-01-05' }], today)).toBeNull();
  });
});

describe('currentRules', () => {
  it('keeps rules not ended by today, in date order', () => {
    const later = rule({ startDate: '2027-09-01', endDate: '2027-09-03' });
    const ended = rule({ startDate: '2026-01-01', endDate: '2026-11-25' });
    expect(currentRules([later, ended, passover], '2026-11-25')).toEqual([passover, later]);
  });
});
