import { describe, expect, it } from 'vitest';
import { moveInRefundAmount, moveInRefundShares, moveInReportRefusal, moveInWindow, moveInWindowOpen } from './move-in-rules.ts';

const stay = (now: string, extra: Partial<Parameters<typeof moveInReportRefusal>[0]> = {}) =>
  moveInReportRefusal({
    status: 'confirmed',
    checkIn: '2027-03-10',
    checkInTime: '15:00',
    now: new Date(now),
    hasOpenReport: false,
    ...extra,
  });

describe('move-in window', () => {
  it('opens at the listing check-in time on Israel clock and lasts 24 hours', () => {
    // 2027-03-10 is Israel standard time (UTC+2): 15:00 there is 13:00 UTC.
    const { opensAt, closesAt } = moveInWindow('2027-03-10', '15:00');
    expect(opensAt.toISOString()).toBe('2027-03-10T13:00:00.000Z');
    expect(closesAt.toISOString()).toBe('2027-03-11T13:00:00.000Z');
  });

  it('follows summer time (UTC+3)', () => {
    expect(moveInWindow('2027-07-01', '14:00').opensAt.toISOString()).toBe('2027-07-01T11:00:00.000Z');
  });

  it('starts at the start of the day when the listing has no check-in time', () => {
    expect(moveInWindow('2027-03-10', null).opensAt.toISOString()).toBe('2027-03-09T22:00:00.000Z');
  });

  it('counts the opening instant in and the closing instant out', () => {
    expect(stay('2027-03-10T12:59:59.999Z')).toBe('move_in_window_closed');
    expect(stay('2027-03-10T13:00:00.000Z')).toBeNull();
    expect(stay('2027-03-11T12:59:59.999Z')).toBeNull();
    expect(stay('2027-03-11T13:00:00.000Z')).toBe('move_in_window_closed');
  });

  it('crosses the spring clock change by real hours', () => {
    // Israel moves to summer time on Friday 2027-03-26 at 02:00: 24 real hours from 15:00 on the 25th end at 16:00 local.
    const { opensAt, closesAt } = moveInWindow('2027-03-25', '15:00');
    expect(closesAt.getTime() - opensAt.getTime()).toBe(24 * 3_600_000);
    expect(closesAt.toISOString()).toBe('2027-03-26T13:00:00.000Z');
  });

  it('is for confirmed stays only, one open report at a time', () => {
    for (const status of ['pending', 'cancelled', 'declined', 'expired', 'completed']) {
      expect(stay('2027-03-10T14:00:00Z', { status })).toBe('move_in_not_confirmed');
    }
    expect(stay('2027-03-10T14:00:00Z', { hasOpenReport: true })).toBe('move_in_report_exists');
    expect(moveInWindowOpen('confirmed', '2027-03-10', '15:00', new Date('2027-03-10T14:00:00Z'))).toBe(true);
    expect(moveInWindowOpen('pending', '2027-03-10', '15:00', new Date('2027-03-10T14:00:00Z'))).toBe(false);
  });
});

describe('move-in refunds', () => {
  it('gives everything back, part of it within bounds, or nothing', () => {
    expect(moveInRefundAmount('refund_all_and_end', 1200, null)).toBe(1200);
    expect(moveInRefundAmount('release', 1200, 500)).toBe(0);
    expect(moveInRefundAmount('partial_refund', 1200, 1)).toBe(1);
    expect(moveInRefundAmount('partial_refund', 1200, 1200)).toBe(1200);
    expect(moveInRefundAmount('partial_refund', 1200, 1201)).toBeNull();
    expect(moveInRefundAmount('partial_refund', 1200, 0)).toBeNull();
    expect(moveInRefundAmount('partial_refund', 1200, 10.5)).toBeNull();
    expect(moveInRefundAmount('partial_refund', 1200, null)).toBeNull();
    expect(moveInRefundAmount('partial_refund', 0, 1)).toBeNull();
  });

  it('shares a refund between the host and the platform fee, whole shekels', () => {
    expect(moveInRefundShares(1200, 1200, 120)).toEqual({ fromHost: 1080, fromFee: 120 });
    expect(moveInRefundShares(500, 1200, 120)).toEqual({ fromHost: 450, fromFee: 50 });
    expect(moveInRefundShares(7, 1200, 120)).toEqual({ fromHost: 7, fromFee: 0 });
    expect(moveInRefundShares(0, 1200, 120)).toEqual({ fromHost: 0, fromFee: 0 });
  });
});
