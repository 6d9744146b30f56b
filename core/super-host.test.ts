import { describe, expect, it } from 'vitest';
import { askOutcome, isSuperHost, responseRate, responseRatePercent, responseTimeHours, type HostFigures } from './super-host.ts';

const strong: HostFigures = {
  ratingAverage: 4.9,
  reviewCount: 5,
  completedStays: 12,
  answeredRequests: 19,
  expiredRequests: 1,
  hostCancellations: 0,
  requestsAsked: 20,
  requestsAnsweredInDay: 19,
  responseMinutes: 90,
};

describe('super-host status', () => {
  it('is earned when every figure reaches its threshold, the thresholds included', () => {
    expect(isSuperHost(strong)).toBe(true);
    expect(
      isSuperHost({ ...strong, ratingAverage: 4.8, reviewCount: 3, completedStays: 10, requestsAsked: 10, requestsAnsweredInDay: 9 }),
    ).toBe(true);
  });

  it.each<[string, Partial<HostFigures>]>([
    ['a rating under 4.8', { ratingAverage: 4.79 }],
    ['no rating', { ratingAverage: null, reviewCount: 0 }],
    ['fewer than 3 reviews', { reviewCount: 2 }],
    ['fewer than 10 completed stays', { completedStays: 9 }],
    ['a response rate under 90 %', { requestsAsked: 9, requestsAnsweredInDay: 8 }],
    ['no requests to answer', { requestsAsked: 0, requestsAnsweredInDay: 0 }],
    ['a host cancellation', { hostCancellations: 1 }],
  ])('is missed with %s', (_, change) => {
    expect(isSuperHost({ ...strong, ...change })).toBe(false);
  });
});

describe('response rate and time', () => {
  const asked = new Date('2026-05-01T10:00:00Z');
  const hours = (n: number) => new Date(asked.getTime() + n * 3_600_000);

  it('counts an answer within 24 hours, the 24th included, as answered in a day', () => {
    expect(askOutcome({ askedAt: asked, answeredAt: hours(1), withdrawnAt: null }, hours(30))).toBe('answered_in_day');
    expect(askOutcome({ askedAt: asked, answeredAt: hours(24), withdrawnAt: null }, hours(30))).toBe('answered_in_day');
    expect(askOutcome({ askedAt: asked, answeredAt: hours(25), withdrawnAt: null }, hours(30))).toBe('late');
  });

  it('waits 24 hours before counting an unanswered ask against the host', () => {
    expect(askOutcome({ askedAt: asked, answeredAt: null, withdrawnAt: null }, hours(23))).toBe('not_yet');
    expect(askOutcome({ askedAt: asked, answeredAt: null, withdrawnAt: null }, hours(24))).toBe('late');
  });

  it('does not count an ask the guest withdrew before it was answered and within the day', () => {
    expect(askOutcome({ askedAt: asked, answeredAt: null, withdrawnAt: hours(2) }, hours(48))).toBe('withdrawn');
    expect(askOutcome({ askedAt: asked, answeredAt: null, withdrawnAt: hours(30) }, hours(48))).toBe('late');
  });

  it('is the answered share of the counted asks, shown as a whole percentage rounded down', () => {
    expect(responseRate({ requestsAsked: 4, requestsAnsweredInDay: 3 })).toBe(0.75);
    expect(responseRate({ requestsAsked: 0, requestsAnsweredInDay: 0 })).toBeNull();
    expect(responseRatePercent({ requestsAsked: 3, requestsAnsweredInDay: 2 })).toBe(66);
    expect(responseRatePercent({ requestsAsked: 0, requestsAnsweredInDay: 0 })).toBeNull();
  });

  it('shows the median response time in whole hours, rounded up', () => {
    expect(responseTimeHours(20)).toBe(1);
    expect(responseTimeHours(60)).toBe(1);
    expect(responseTimeHours(61)).toBe(2);
    expect(responseTimeHours(null)).toBeNull();
  });
});
