import { describe, expect, it } from 'vitest';
import { addDaysIso } from './dates.ts';
import {
  canMovePeriod,
  graceOver,
  nextRetryDay,
  periodDisplayStatus,
  periodStatesBefore,
  periodStatusBeforeClaim,
  periodStatuses,
  periodTransitions,
} from './payment-states.ts';

/**
 * Every move the long-stay code makes, as the code makes it (server/features/bookings/period-rows-repository.ts):
 * the table must allow exactly these, so an unused move or a missing one fails here.
 */
const movesMade: [string, string][] = [
  ['scheduled', 'processing'], // the charge job claims a due period
  ['scheduled', 'succeeded'], // first period captured, direct period received, pay-now checkout
  ['scheduled', 'cancelled'], // the stay ended or was rescheduled
  ['processing', 'succeeded'], // off-session charge went through
  ['processing', 'failed'], // declined
  ['processing', 'action_required'], // authentication required
  ['failed', 'processing'], // retry
  ['action_required', 'processing'], // retry
  ['failed', 'succeeded'], // pay-now checkout / direct received late
  ['action_required', 'succeeded'],
  ['failed', 'cancelled'], // host ended the stay after the grace period
  ['action_required', 'cancelled'],
  ['processing', 'scheduled'], // a crashed first try that never reached the provider (decision 062)
  ['processing', 'cancelled'], // the same, on a stay that ended meanwhile
];

describe('period transitions (decision 054)', () => {
  it('allows every move the code makes and refuses every other', () => {
    for (const from of periodStatuses) {
      for (const to of periodStatuses) {
        const made = movesMade.some(([a, b]) => a === from && b === to);
        expect(canMovePeriod(from, to), `${from} → ${to}`).toBe(made);
      }
    }
    expect(Object.values(periodTransitions).flat()).toHaveLength(movesMade.length);
  });

  it('names the states an UPDATE expects, and keeps succeeded and cancelled final', () => {
    expect(periodStatesBefore('processing').sort()).toEqual(['action_required', 'failed', 'scheduled']);
    expect(periodTransitions.succeeded).toEqual([]);
    expect(periodTransitions.cancelled).toEqual([]);
  });

  it('returns a crashed try that never reached the provider to the state it was claimed from', () => {
    expect(periodStatusBeforeClaim(0, null)).toBe('scheduled');
    expect(periodStatusBeforeClaim(0, 'card_declined')).toBe('scheduled');
    expect(periodStatusBeforeClaim(1, 'card_declined')).toBe('failed');
    expect(periodStatusBeforeClaim(2, 'provider_unavailable')).toBe('failed');
    expect(periodStatusBeforeClaim(1, 'authentication_required')).toBe('action_required');
    expect(periodStatusBeforeClaim(2, 'requires_action')).toBe('action_required');
  });

  it('retries on days 0, 2 and 4 after the due day, then stops', () => {
    expect([0, 1, 2, 3].map((attempts) => nextRetryDay('2027-02-27', attempts, addDaysIso))).toEqual([
      '2027-02-27',
      '2027-03-01',
      '2027-03-03',
      null,
    ]);
  });

  it('shows an unpaid period past its due day as overdue, and lets the host end the stay after the grace days', () => {
    expect(periodDisplayStatus('scheduled', '2027-03-07', '2027-03-07')).toBe('scheduled');
    expect(periodDisplayStatus('scheduled', '2027-03-07', '2027-03-08')).toBe('overdue');
    expect(periodDisplayStatus('succeeded', '2027-03-07', '2027-04-08')).toBe('succeeded');
    expect(graceOver('failed', '2027-03-07', '2027-03-11', 5, addDaysIso)).toBe(false);
    expect(graceOver('failed', '2027-03-07', '2027-03-12', 5, addDaysIso)).toBe(true);
    expect(graceOver('succeeded', '2027-03-07', '2027-05-12', 5, addDaysIso)).toBe(false);
  });
});
