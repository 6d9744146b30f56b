// Two-way reviews (decision 022): after a completed stay the guest reviews the stay and the host
// reviews the guest; neither side reads the other's review before writing their own.
import { addDaysIso, israelInstant } from './dates.ts';

/** What a guest rates besides the overall stars, in the order forms and the property page show them. */
export const reviewCategories = ['cleanliness', 'accuracy', 'communication', 'location', 'value'] as const;
export type ReviewCategory = (typeof reviewCategories)[number];
export type CategoryRatings = Record<ReviewCategory, number>;

/** Days after check-out during which both sides may review; at their end whatever was written is published. */
export const reviewWindowDays = 14;

/** A host's public reply to a review: one, of a few words at least. */
export const replyRules = { minLength: 2, maxLength: 1000 } as const;

/**
 * The end of a stay's review window: midnight in Israel as the 14th day after check-out begins. Both
 * reviews are published then at the latest, and no review is taken after it.
 */
export function reviewWindowEnd(checkOut: string): Date {
  return israelInstant(addDaysIso(checkOut, reviewWindowDays));
}

export function reviewWindowOpen(checkOut: string, now: Date): boolean {
  return now.getTime() < reviewWindowEnd(checkOut).getTime();
}

/**
 * When a review written at `now` becomes public, and when the other side's (if written) does from
 * now on: the second review publishes both at once; a first review waits for the second or for the
 * end of the window, whichever comes first. Publication is a time stored with each review and
 * compared with the clock when read, so it never waits for a job to run.
 */
export function publicationTimes({
  windowEnd,
  now,
  other,
}: {
  windowEnd: Date;
  now: Date;
  /** The other side's review of the same stay, if written. */
  other: { visibleAt: Date } | null;
}): { mine: Date; other: Date | null } {
  if (!other) return { mine: windowEnd, other: null };
  const both = new Date(Math.min(now.getTime(), other.visibleAt.getTime()));
  return { mine: both, other: both };
}

export function isPublished(visibleAt: Date | string, now: Date): boolean {
  return new Date(visibleAt).getTime() <= now.getTime();
}

/** A category's ratings summed over the published reviews that have it. */
export interface CategoryTotal {
  sum: number;
  count: number;
}

/**
 * Each category's average, to one decimal, over the reviews that rated it (reviews written before
 * categories were asked do not pull them down); null for a category nobody rated yet.
 */
export function categoryAverages(totals: Partial<Record<ReviewCategory, CategoryTotal>>): Record<ReviewCategory, number | null> {
  return Object.fromEntries(
    reviewCategories.map((category) => {
      const total = totals[category];
      return [category, total && total.count > 0 ? Math.round((total.sum / total.count) * 10) / 10 : null];
    }),
  ) as Record<ReviewCategory, number | null>;
}
