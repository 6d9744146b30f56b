import { describe, expect, it } from 'vitest';
import { categoryAverages, isPublished, publicationTimes, reviewWindowEnd, reviewWindowOpen } from './review-rules.ts';

describe('review publication', () => {
  it('ends the review window at midnight in Israel 14 days after check-out, in winter and in summer', () => {
    expect(reviewWindowEnd('2026-01-10').toISOString()).toBe('2026-01-23T22:00:00.000Z');
    expect(reviewWindowEnd('2026-07-10').toISOString()).toBe('2026-07-23T21:00:00.000Z');
    expect(reviewWindowOpen('2026-01-10', new Date('2026-01-23T21:59:59Z'))).toBe(true);
    expect(reviewWindowOpen('2026-01-10', new Date('2026-01-23T22:00:00Z'))).toBe(false);
  });

  const windowEnd = new Date('2026-01-23T22:00:00Z');
  const now = new Date('2026-01-15T09:00:00Z');

  it('keeps a first review hidden until the end of the window', () => {
    expect(publicationTimes({ windowEnd, now, other: null })).toEqual({ mine: windowEnd, other: null });
    expect(isPublished(windowEnd, now)).toBe(false);
    expect(isPublished(windowEnd, windowEnd)).toBe(true);
  });

  it('publishes both reviews together when the second comes in', () => {
    expect(publicationTimes({ windowEnd, now, other: { visibleAt: windowEnd } })).toEqual({ mine: now, other: now });
  });

  it('never delays a review already published', () => {
    const earlier = new Date('2026-01-12T00:00:00Z');
    expect(publicationTimes({ windowEnd, now, other: { visibleAt: earlier } })).toEqual({ mine: earlier, other: earlier });
  });
});

describe('category averages', () => {
  it('averages each category to one decimal over the reviews that rated it', () => {
    expect(
      categoryAverages({
        cleanliness: { sum: 14, count: 3 },
        accuracy: { sum: 10, count: 2 },
        communication: { sum: 0, count: 0 },
        value: { sum: 9, count: 2 },
      }),
    ).toEqual({ cleanliness: 4.7, accuracy: 5, communication: null, location: null, value: 4.5 });
  });
});
