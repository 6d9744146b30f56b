/** What a host must reach to be shown as a super-host. */
export const superHostThresholds = {
  minRating: 4.8,
  minReviews: 3,
  minCompletedStays: 10,
  /** Share of requests answered within a day (responseRate). */
  minResponseRate: 0.9,
  /** Host cancellations of confirmed stays allowed within the window below. */
  maxHostCancellations: 0,
  /** Response rate and cancellations count over the last year, so a host can recover. */
  windowDays: 365,
} as const;

/** How long a host has to answer a guest for the answer to count in the response rate. */
export const responseHours = 24;

export interface HostFigures {
  /** Over the published reviews of the host's listings only. */
  ratingAverage: number | null;
  reviewCount: number;
  completedStays: number;
  /** Requests the host accepted or declined within the window (kept for reports; the rate uses the two below). */
  answeredRequests: number;
  /** Requests that expired unanswered within the window. */
  expiredRequests: number;
  hostCancellations: number;
  /** Requests within the window that needed an answer and got one or waited `responseHours` (askOutcome). */
  requestsAsked: number;
  /** Of those, answered within `responseHours`. */
  requestsAnsweredInDay: number;
  /** Median minutes to the host's first answer; null when nothing was answered. */
  responseMinutes: number | null;
}

/**
 * One guest's ask, as the response rate sees it at `now`. An ask is a booking request today (and
 * a first inquiry message once conversations without a booking exist: the same three times fit it).
 * - answered_in_day: the host answered (accepted, declined or wrote in the thread) within 24 hours;
 * - late: answered later, or not at all after 24 hours;
 * - not_yet: under 24 hours old and unanswered, so not counted yet;
 * - withdrawn: the guest withdrew it before the host answered and within 24 hours: nothing was
 *   left to answer, so it does not count against the host.
 * server/db/host-figures.ts counts the same outcomes in SQL.
 */
export function askOutcome(
  ask: { askedAt: Date; answeredAt: Date | null; withdrawnAt: Date | null },
  now: Date,
): 'answered_in_day' | 'late' | 'not_yet' | 'withdrawn' {
  const due = ask.askedAt.getTime() + responseHours * 3_600_000;
  if (ask.answeredAt) return ask.answeredAt.getTime() <= due ? 'answered_in_day' : 'late';
  if (ask.withdrawnAt && ask.withdrawnAt.getTime() < due) return 'withdrawn';
  return now.getTime() >= due ? 'late' : 'not_yet';
}

/** Share of the counted asks answered within a day; null when there were none. */
export function responseRate({
  requestsAsked,
  requestsAnsweredInDay,
}: Pick<HostFigures, 'requestsAsked' | 'requestsAnsweredInDay'>): number | null {
  return requestsAsked === 0 ? null : requestsAnsweredInDay / requestsAsked;
}

/** The response rate as a whole percentage for display; null when there is none. */
export function responseRatePercent(figures: Pick<HostFigures, 'requestsAsked' | 'requestsAnsweredInDay'>): number | null {
  const rate = responseRate(figures);
  return rate === null ? null : Math.floor(rate * 100);
}

/** The typical response time in whole hours, rounded up (an answer in 20 minutes is "within an hour"); null when none. */
export function responseTimeHours(responseMinutes: number | null): number | null {
  return responseMinutes === null ? null : Math.max(1, Math.ceil(responseMinutes / 60));
}

export function isSuperHost(figures: HostFigures, thresholds = superHostThresholds): boolean {
  const rate = responseRate(figures);
  return (
    figures.ratingAverage !== null &&
    figures.ratingAverage >= thresholds.minRating &&
    figures.reviewCount >= thresholds.minReviews &&
    figures.completedStays >= thresholds.minCompletedStays &&
    rate !== null &&
    rate >= thresholds.minResponseRate &&
    figures.hostCancellations <= thresholds.maxHostCancellations
  );
}
