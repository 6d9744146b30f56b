import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { heldRanges, isStayAvailable, type NightRange } from './availability.ts';
import { stayProblems, type BookableListing } from './booking-rules.ts';
import { cancellationRefund, freeCancellationUntil, hostPolicies, policyOfStay } from './cancellation-policies.ts';
import { propertyTypes } from './constants.ts';
import { createBookingBodySchema } from './contracts/bookings.ts';
import { blockDatesBodySchema } from './contracts/host-listings.ts';
import { addPriceRuleBodySchema } from './contracts/price-rules.ts';
import { availabilityDateSchema, horizonDateSchema, isoDateSchema } from './date-schema.ts';
import {
  addDaysIso,
  calendarLimits,
  dateHorizon,
  daysBetween,
  horizonOf,
  isIsoDate,
  isWithinHorizon,
  israelInstant,
  today,
  utcIsoDate,
} from './dates.ts';
import { flexibleShiftsFrom, shiftedStay } from './flexible-dates.ts';
import { blockDatesProblem } from './listing-block-rules.ts';
import { currentRules, effectiveUnitPrice, priceRuleProblem, seasonMinStayRule, type PriceRule } from './price-rules.ts';
import { quoteStay } from './quote.ts';
import { reviewWindowEnd, reviewWindowOpen } from './review-rules.ts';
import { searchQuerySchema } from './search-query-schema.ts';

/**
 * Property-based tests of the date horizon (docs/decisions/034-date-horizon.md): for any input the
 * contracts let through, the date functions, the stay rules, the quote and availability answer
 * without throwing; and any real day, even one stored before the horizon existed (year 9999), still
 * converts. The generators mix days anywhere in years 1-9999, days at the calendar's edges, days
 * around the horizon's edges, and strings that are no day at all, then keep what the schema keeps.
 */

const now = new Date();
const dayMs = 86_400_000;
const firstMs = Date.parse(`${calendarLimits.first}T00:00:00Z`);
const lastMs = Date.parse(`${calendarLimits.last}T00:00:00Z`);
const { first: horizonFirst, last: horizonLast } = horizonOf(now);

/** Any real day of years 1 to 9999. */
const anyDay = fc
  .integer({ min: 0, max: Math.round((lastMs - firstMs) / dayMs) })
  .map((days) => utcIsoDate(new Date(firstMs + days * dayMs)));
/** A day near the horizon: from a week before its start to a week after its end. */
const nearHorizon = fc
  .integer({ min: -dateHorizon.daysBack - 7, max: dateHorizon.daysAhead + 7 })
  .map((days) => addDaysIso(today(now), days));
const edges = fc.constantFrom(
  '0000-01-01',
  '0001-01-01',
  '0001-01-02',
  '9999-12-17',
  '9999-12-30',
  '9999-12-31',
  horizonFirst,
  horizonLast,
);
const notADay = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('2026-02-30', '10000-01-01', '+010000-01-01', '2026-1-1', ''));
/** What a client might send as a day. */
const candidateDay = fc.oneof(
  { arbitrary: nearHorizon, weight: 6 },
  { arbitrary: edges, weight: 2 },
  { arbitrary: anyDay, weight: 2 },
  { arbitrary: notADay, weight: 1 },
);
const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 30))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${m === 0 ? '00' : '30'}`);

const price = fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: null });
const listingOf = fc.record({
  propertyType: fc.constantFrom(...propertyTypes),
  pricePerNight: price,
  pricePerWeek: price,
  pricePerMonth: price,
  cleaningFee: fc.integer({ min: 0, max: 10_000 }),
  securityDeposit: fc.integer({ min: 0, max: 50_000 }),
  weeklyDiscountPercent: fc.integer({ min: 0, max: 60 }),
  monthlyDiscountPercent: fc.integer({ min: 0, max: 60 }),
  extraGuestFee: fc.integer({ min: 0, max: 2000 }),
  guestsIncluded: fc.option(fc.integer({ min: 1, max: 16 }), { nil: null }),
  availableFrom: fc.option(candidateDay, { nil: null }),
  availableUntil: fc.option(candidateDay, { nil: null }),
  minStayDays: fc.integer({ min: 1, max: 365 }),
  maxStayDays: fc.integer({ min: 1, max: 365 }),
  roomCount: fc.option(fc.integer({ min: 1, max: 500 }), { nil: null }),
  maxGuests: fc.integer({ min: 1, max: 50 }),
  leaseOptions: fc.constant<string[]>(['1 month']),
  cancellationPolicy: fc.constantFrom(...hostPolicies),
});

/** A rule as stored: the contract's days (checked below) or, for rows older than the horizon, any real day. */
const ruleOf = (day: fc.Arbitrary<string>) =>
  fc.record({
    startDate: day,
    endDate: day,
    preset: fc.constant(null),
    adjustPercent: fc.option(fc.integer({ min: -50, max: 300 }), { nil: null }),
    price: fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: null }),
    minNights: fc.option(fc.integer({ min: 1, max: 365 }), { nil: null }),
  }) satisfies fc.Arbitrary<PriceRule>;

const runs = { numRuns: 300 };

describe('date functions are total over real days', () => {
  it('every real day (years 1-9999) converts: days added stay real days, instants and review windows are valid times', () => {
    fc.assert(
      fc.property(fc.oneof(anyDay, edges.filter(isIsoDate)), fc.integer({ min: -4_000_000, max: 4_000_000 }), time, (day, shift, clock) => {
        expect(isoDateSchema.safeParse(day).success).toBe(true);
        const moved = addDaysIso(day, shift);
        expect(isIsoDate(moved)).toBe(true);
        expect(moved >= calendarLimits.first && moved <= calendarLimits.last).toBe(true);
        expect(israelInstant(day, clock).toISOString()).toMatch(/^\d{4}-/);
        expect(reviewWindowEnd(day).toISOString()).toMatch(/^\d{4}-/);
        expect(typeof reviewWindowOpen(day, now)).toBe('boolean');
        expect(Number.isInteger(daysBetween(day, moved))).toBe(true);
        expect(isIsoDate(utcIsoDate(israelInstant(day)))).toBe(true);
      }),
      runs,
    );
  });

  it('adding any number of days, however large, answers a real day', () => {
    fc.assert(
      fc.property(anyDay, fc.oneof(fc.integer(), fc.double({ noNaN: true })), (day, shift) => {
        expect(isIsoDate(addDaysIso(day, Math.trunc(shift)))).toBe(true);
      }),
      runs,
    );
  });

  it('today is a real day at any instant of years 1970-9999, and the horizon is the two years after it', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(0), max: new Date(lastMs - dayMs), noInvalidDate: true }), (at) => {
        const day = today(at);
        expect(isIsoDate(day)).toBe(true);
        const { first, last } = horizonOf(at);
        expect(daysBetween(first, last)).toBe(
          Math.min(dateHorizon.daysBack + dateHorizon.daysAhead, daysBetween(first, calendarLimits.last)),
        );
        expect(isWithinHorizon(day, at)).toBe(true);
      }),
      runs,
    );
  });

  it('the horizon schema takes exactly the real days from yesterday to two years ahead', () => {
    fc.assert(
      fc.property(candidateDay, (value) => {
        const inside = isIsoDate(value) && value >= horizonFirst && value <= horizonLast;
        expect(horizonDateSchema.safeParse(value).success).toBe(inside);
        expect(isWithinHorizon(value, now)).toBe(inside);
      }),
      runs,
    );
  });
});

describe('whatever passes the contracts, the rules answer without throwing', () => {
  const bookingBody = fc.record({
    propertyId: fc.constant(1),
    checkIn: candidateDay,
    checkOut: candidateDay,
    rooms: fc.integer({ min: 1, max: 8 }),
    guests: fc.integer({ min: 1, max: 20 }),
    children: fc.array(fc.integer({ min: 0, max: 17 }), { maxLength: 3 }),
    leaseOption: fc.option(fc.constantFrom('1 month', '1 week'), { nil: null }),
  });

  it('a booking request: its stay problems, quote, cancellation terms and review window (the year-9999 request of issue 35)', () => {
    fc.assert(
      fc.property(bookingBody, listingOf, fc.array(ruleOf(candidateDay), { maxLength: 3 }), fc.boolean(), (body, listing, rules, flip) => {
        const parsed = createBookingBodySchema.safeParse(body);
        if (!parsed.success) return;
        const request = parsed.data;
        const availability = [listing.availableFrom, listing.availableUntil];
        if (!availability.every((day) => day === null || availabilityDateSchema.safeParse(day).success)) return;
        const storedRules = rules.filter((rule) => isIsoDate(rule.startDate) && isIsoDate(rule.endDate));
        const bookable: BookableListing = { ...listing, priceRules: storedRules };
        const problems = stayProblems(bookable, request, today(now));
        expect(Array.isArray(problems)).toBe(true);
        const quote = quoteStay(listing, request, { rules: storedRules });
        expect(Number.isFinite(quote.total)).toBe(true);
        const checkInAt = israelInstant(request.checkIn, '15:00');
        const policy = policyOfStay(listing, quote.nights);
        const refund = cancellationRefund({ policy, quote, bookedAt: now, checkInAt, cancelledAt: now, by: flip ? 'guest' : 'host' });
        expect(Number.isFinite(refund.refund)).toBe(true);
        freeCancellationUntil(policy, now, checkInAt)?.toISOString();
        // The lists show each stay's review window (server/features/bookings/booking-views-repository.ts).
        expect(reviewWindowEnd(request.checkOut).toISOString()).toMatch(/^\d{4}-/);
        seasonMinStayRule(storedRules, request.checkIn, request.checkOut);
        expect(request.checkIn >= horizonFirst && request.checkOut <= horizonLast).toBe(true);
      }),
      runs,
    );
  });

  it('availability: held nights from stored stays and blocks on any real day stay within the horizon, and a contract stay is judged', () => {
    const range = fc.tuple(fc.oneof(anyDay, nearHorizon, edges.filter(isIsoDate)), fc.integer({ min: 1, max: 4_000_000 }));
    const toRange = ([start, nights]: [string, number]): NightRange => ({ checkIn: start, checkOut: addDaysIso(start, nights) });
    fc.assert(
      fc.property(
        fc.array(range, { maxLength: 4 }),
        fc.array(range, { maxLength: 3 }),
        fc.integer({ min: 1, max: 5 }),
        bookingBody,
        (stays, blocks, capacity, body) => {
          const from = today(now);
          const holdings = { capacity, stays: stays.map((stay) => ({ ...toRange(stay), rooms: 1 })), blocks: blocks.map(toRange) };
          const held = heldRanges(holdings, 1, from);
          for (const night of held) {
            expect(night.checkIn >= from && night.checkOut <= addDaysIso(from, dateHorizon.daysBack + dateHorizon.daysAhead)).toBe(true);
          }
          const parsed = createBookingBodySchema.safeParse(body);
          if (parsed.success) expect(typeof isStayAvailable(holdings, { ...parsed.data, rooms: 1 })).toBe('boolean');
        },
      ),
      { numRuns: 150 },
    );
  });

  it('blocks and price rules: the host rules judge whatever the contracts take, and seasonal prices add up', () => {
    fc.assert(
      fc.property(
        fc.record({ startDate: candidateDay, endDate: candidateDay }),
        ruleOf(candidateDay),
        fc.array(ruleOf(fc.oneof(anyDay, nearHorizon)), { maxLength: 3 }),
        listingOf,
        (block, rule, stored, listing) => {
          const day = today(now);
          const blockBody = blockDatesBodySchema.safeParse(block);
          if (blockBody.success) blockDatesProblem(blockBody.data.startDate, blockBody.data.endDate, day);
          const ruleBody = addPriceRuleBodySchema.safeParse({
            startDate: rule.startDate,
            endDate: rule.endDate,
            adjustPercent: rule.adjustPercent,
          });
          if (!ruleBody.success) return;
          priceRuleProblem(
            { ...rule, ...ruleBody.data, startDate: ruleBody.data.startDate!, endDate: ruleBody.data.endDate! },
            stored,
            day,
          );
          const rules = currentRules([...stored, rule], day);
          expect(Number.isFinite(effectiveUnitPrice(listing, rules, rule.startDate, rule.endDate))).toBe(true);
        },
      ),
      runs,
    );
  });

  it('a search: its dates, flexible shifts and prices', () => {
    fc.assert(
      fc.property(
        candidateDay,
        candidateDay,
        fc.boolean(),
        listingOf,
        fc.array(ruleOf(nearHorizon), { maxLength: 2 }),
        (checkIn, checkOut, flexible, listing, rules) => {
          const parsed = searchQuerySchema.safeParse({ type: 'sublet', checkIn, checkOut, ...(flexible ? { flexible: 'true' } : {}) });
          if (!parsed.success || !parsed.data.checkIn || !parsed.data.checkOut) return;
          const stay = parsed.data;
          for (const shift of flexibleShiftsFrom(stay.checkIn!, today(now))) {
            const moved = shiftedStay(stay.checkIn!, stay.checkOut!, shift);
            expect(isIsoDate(moved.checkIn) && isIsoDate(moved.checkOut)).toBe(true);
          }
          expect(Number.isFinite(effectiveUnitPrice(listing, rules, stay.checkIn!, stay.checkOut!))).toBe(true);
          expect(Number.isFinite(quoteStay(listing, { checkIn: stay.checkIn!, checkOut: stay.checkOut! }, { rules }).total)).toBe(true);
        },
      ),
      runs,
    );
  });
});
