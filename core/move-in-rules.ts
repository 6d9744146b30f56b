import { israelInstant } from './dates.ts';

/*
 * Move-in protection (issue 37, item 5; docs/decisions/056-move-in-protection.md). For the first
 * 24 hours of a confirmed stay its guest may report that the place is not as described or that
 * they could not get in, with photos. The host's first payout is held while the report is open; the
 * host may answer; an admin decides: everything back and the stay ends, part of it back, or release.
 */

export const moveInReasons = ['not_as_described', 'could_not_get_in'] as const;
export type MoveInReason = (typeof moveInReasons)[number];

export const moveInReportStatuses = ['open', 'decided'] as const;
export type MoveInReportStatus = (typeof moveInReportStatuses)[number];

export const moveInDecisions = ['refund_all_and_end', 'partial_refund', 'release'] as const;
export type MoveInDecision = (typeof moveInDecisions)[number];

/** How long after check-in a guest may report. */
export const moveInWindowHours = 24;
/** Photos one report may carry. */
export const maxMoveInPhotos = 6;
/** Length limits of the guest's description and the host's answer. */
export const moveInTextLimits = { description: { min: 10, max: 4000 }, answer: { min: 1, max: 4000 } } as const;

/**
 * When a stay's report window opens and closes: at check-in, i.e. the first day at the listing's
 * check-in time on Israel's clock (the start of that day when the listing has none), for 24 hours.
 */
export function moveInWindow(checkIn: string, checkInTime: string | null | undefined): { opensAt: Date; closesAt: Date } {
  const opensAt = israelInstant(checkIn, checkInTime ?? '00:00');
  return { opensAt, closesAt: new Date(opensAt.getTime() + moveInWindowHours * 3_600_000) };
}

export type MoveInRefusal = 'move_in_not_confirmed' | 'move_in_window_closed' | 'move_in_report_exists';

/**
 * Whether the guest may report now: only a confirmed stay, only from check-in to 24 hours after it
 * (the opening instant included, the closing one not), and only one open report per stay. Null
 * when allowed, else why not.
 */
export function moveInReportRefusal(stay: {
  status: string;
  checkIn: string;
  checkInTime: string | null | undefined;
  now: Date;
  hasOpenReport: boolean;
}): MoveInRefusal | null {
  if (stay.status !== 'confirmed') return 'move_in_not_confirmed';
  const { opensAt, closesAt } = moveInWindow(stay.checkIn, stay.checkInTime);
  if (stay.now < opensAt || stay.now >= closesAt) return 'move_in_window_closed';
  if (stay.hasOpenReport) return 'move_in_report_exists';
  return null;
}

/** Whether the web should offer the report button: the stay is confirmed and the window is open. */
export function moveInWindowOpen(status: string, checkIn: string, checkInTime: string | null | undefined, now: Date): boolean {
  return moveInReportRefusal({ status, checkIn, checkInTime, now, hasOpenReport: false }) === null;
}

/**
 * What a decision gives back, in whole shekels, out of `refundable` (what the guest paid through us
 * and has not had back): everything for refund_all_and_end, the amount asked for partial_refund
 * (a whole number from 1 to refundable; null when out of bounds), nothing for release.
 */
export function moveInRefundAmount(decision: MoveInDecision, refundable: number, asked: number | null | undefined): number | null {
  if (decision === 'release') return 0;
  if (decision === 'refund_all_and_end') return Math.max(0, refundable);
  if (asked === null || asked === undefined || !Number.isInteger(asked) || asked < 1 || asked > refundable) return null;
  return asked;
}

/**
 * How a refund of `amount` out of a stay's `total` (of which `serviceFee` is the platform's) is
 * shared: the platform gives back its fee in proportion, the host the rest; a full refund gives
 * back everything of both. Whole shekels, the fee's share rounded down.
 */
export function moveInRefundShares(amount: number, total: number, serviceFee: number): { fromHost: number; fromFee: number } {
  if (amount <= 0 || total <= 0) return { fromHost: 0, fromFee: 0 };
  const fromFee = amount >= total ? serviceFee : Math.floor((serviceFee * amount) / total);
  return { fromHost: amount - fromFee, fromFee };
}
