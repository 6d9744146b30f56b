/** What a host must reach to be shown as a super-host. */
export const superHostThresholds = {
  minRating: 4.8,
  minReviews: 3,
  minCompletedStays: 10,
  /** Share of booking requests answered (accepted or declined) before they expired. */
  minResponseRate: 0.9,
  /** Host cancellations of confirmed stays allowed within the window below. */
  maxHostCancellations: 0,
  /** Response rate and cancellations count over the last year, so a host can recover. */
  windowDays: 365,
} as const;

export interface HostFigures {
  ratingAverage: number | null;
  reviewCount: number;
  completedStays: number;
  /** Requests the host accepted or declined within the window. */
  answeredRequests: number;
  /** Requests that expired unanswered within the window. */
  expiredRequests: number;
  hostCancellations: number;
}

/** Answered share of the requests that needed an answer; null when there were none. */
export function responseRate({
  answeredRequests,
  expiredRequests,
}: Pick<HostFigures, 'answeredRequests' | 'expiredRequests'>): number | null {
  const total = answeredRequests + expiredRequests;
  return total === 0 ? null : answeredRequests / total;
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
