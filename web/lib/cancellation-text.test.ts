import { describe, expect, it } from 'vitest';
import { israelWallClock } from '../../core/dates.ts';
import { policyTerms, stayPolicy } from './cancellation-text.ts';

describe('policyTerms', () => {
  it('reads its numbers from the policies, so the words say what the refund does', () => {
    expect(policyTerms('flexible')).toEqual({ key: 'flexible', values: { hours: 24, count: 1, n: 1 } });
    expect(policyTerms('moderate')).toEqual({ key: 'moderate', values: { days: 5, percent: 50 } });
    expect(policyTerms('strict')).toEqual({ key: 'strict', values: { days: 14, halfDays: 7, percent: 50 } });
    expect(policyTerms('long_stay')).toEqual({ key: 'long_stay', values: { hours: 48, count: 30, n: 30 } });
  });
});

describe('stayPolicy', () => {
  const rental = { propertyType: 'rental' as const, cancellationPolicy: 'strict' as const, checkInTime: '15:00' };
  const now = new Date('2027-03-01T10:00:00Z');

  it("is the listing's policy without dates, and no deadline", () => {
    expect(stayPolicy(rental, null, now)).toEqual({ policy: 'strict', freeUntil: null });
  });

  it('counts back from check-in at the check-in time on Israel clocks', () => {
    // Check-in Apr 1 2027 15:00 in Israel (UTC+3, summer time) is 12:00 UTC; strict is free until 14 days before.
    expect(stayPolicy(rental, { checkIn: '2027-04-01', checkOut: '2027-04-08' }, now)).toEqual({
      policy: 'strict',
      freeUntil: new Date('2027-03-18T12:00:00Z'),
    });
  });

  it('has no free cancellation once the deadline has passed', () => {
    expect(stayPolicy(rental, { checkIn: '2027-03-05', checkOut: '2027-03-12' }, now).freeUntil).toBeNull();
  });

  it('makes sublets and stays of 28 nights or more long stays: free within 48 hours of booking', () => {
    const long = stayPolicy(rental, { checkIn: '2027-04-01', checkOut: '2027-04-29' }, now);
    expect(long).toEqual({ policy: 'long_stay', freeUntil: new Date('2027-03-03T10:00:00Z') });
    const sublet = stayPolicy({ ...rental, propertyType: 'sublet' }, { checkIn: '2027-04-01', checkOut: '2027-04-10' }, now);
    expect(sublet.policy).toBe('long_stay');
  });
});

describe('israelWallClock', () => {
  it("gives the instant's Israel wall time as a local date", () => {
    // Summer time: UTC+3.
    const wall = israelWallClock(new Date('2027-04-18T12:00:00Z'));
    expect([wall.getFullYear(), wall.getMonth(), wall.getDate(), wall.getHours(), wall.getMinutes()]).toEqual([2027, 3, 18, 15, 0]);
    // Winter time: UTC+2.
    expect(israelWallClock(new Date('2027-01-10T13:30:00Z')).getHours()).toBe(15);
  });
});
