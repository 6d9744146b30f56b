import { describe, expect, it } from 'vitest';
import { israelInstant } from './dates.ts';
import { differencePageExpiry, differencePayBy, differenceReminderAt } from './unpaid-extension.ts';

const hour = 3_600_000;

describe('an accepted change’s unpaid difference (decision 062)', () => {
  const acceptedAt = israelInstant('2027-03-01', '10:00');

  it('is owed for 48 hours, or until the original check-out when that comes first', () => {
    // Check-out a week away: 48 hours.
    expect(differencePayBy(acceptedAt, { checkIn: '2027-02-20', checkOut: '2027-03-08' }, { checkIn: '2027-02-20' }, '15:00')).toEqual(
      new Date(acceptedAt.getTime() + 48 * hour),
    );
    // Check-out tomorrow: by tomorrow's check-out time (11:00 in Israel), 25 hours.
    expect(differencePayBy(acceptedAt, { checkIn: '2027-02-20', checkOut: '2027-03-02' }, { checkIn: '2027-02-20' }, '15:00')).toEqual(
      israelInstant('2027-03-02', '11:00'),
    );
  });

  it('is owed before nights added ahead of the stay begin, and never for less than two hours', () => {
    expect(differencePayBy(acceptedAt, { checkIn: '2027-03-03', checkOut: '2027-03-20' }, { checkIn: '2027-03-02' }, '15:00')).toEqual(
      israelInstant('2027-03-02', '15:00'),
    );
    // Check-out today at 11:00, an hour away: two hours all the same.
    expect(differencePayBy(acceptedAt, { checkIn: '2027-02-20', checkOut: '2027-03-01' }, { checkIn: '2027-02-20' }, '15:00')).toEqual(
      new Date(acceptedAt.getTime() + 2 * hour),
    );
  });

  it('reminds after 24 hours, or halfway when the deadline is sooner', () => {
    expect(differenceReminderAt(acceptedAt, new Date(acceptedAt.getTime() + 48 * hour))).toEqual(
      new Date(acceptedAt.getTime() + 24 * hour),
    );
    expect(differenceReminderAt(acceptedAt, new Date(acceptedAt.getTime() + 10 * hour))).toEqual(new Date(acceptedAt.getTime() + 5 * hour));
  });

  it('keeps a payment page open to the deadline, 24 hours at most', () => {
    expect(differencePageExpiry(acceptedAt, new Date(acceptedAt.getTime() + 48 * hour))).toEqual(
      new Date(acceptedAt.getTime() + 24 * hour),
    );
    expect(differencePageExpiry(acceptedAt, new Date(acceptedAt.getTime() + 5 * hour))).toEqual(new Date(acceptedAt.getTime() + 5 * hour));
  });
});
