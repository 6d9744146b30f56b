import { describe, expect, it } from 'vitest';
import { isSuperHost, responseRate, type HostFigures } from './super-host.ts';

const strong: HostFigures = {
  ratingAverage: 4.9,
  reviewCount: 5,
  completedStays: 12,
  answeredRequests: 19,
  expiredRequests: 1,
  hostCancellations: 0,
};

describe('super-host status', () => {
  it('is earned when every figure reaches its threshold, the thresholds included', () => {
    expect(isSuperHost(strong)).toBe(true);
    expect(
      isSuperHost({ ...strong, ratingAverage: 4.8, reviewCount: 3, completedStays: 10, answeredRequests: 9, expiredRequests: 1 }),
    ).toBe(true);
  });

  it.each<[string, Partial<HostFigures>]>([
    ['a rating under 4.8', { ratingAverage: 4.79 }],
    ['no rating', { ratingAverage: null, reviewCount: 0 }],
    ['fewer than 3 reviews', { reviewCount: 2 }],
    ['fewer than 10 completed stays', { completedStays: 9 }],
    ['a response rate under 90 %', { answeredRequests: 8, expiredRequests: 1 }],
    ['no requests to answer', { answeredRequests: 0, expiredRequests: 0 }],
    ['a host cancellation', { hostCancellations: 1 }],
  ])('is missed with %s', (_, change) => {
    expect(isSuperHost({ ...strong, ...change })).toBe(false);
  });

  it('computes the response rate over answered and expired requests', () => {
    expect(responseRate({ answeredRequests: 3, expiredRequests: 1 })).toBe(0.75);
    expect(responseRate({ answeredRequests: 0, expiredRequests: 0 })).toBeNull();
  });
});
