import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListingDetail } from '../../../core/contracts/listings.ts';
import { addDaysIso, today } from '../../../core/dates.ts';
import { quoteStay } from '../../../core/quote.ts';
import { renderPage } from '../../test/render-page.tsx';
import { BookingBreakdown } from './booking-breakdown.tsx';
import { CancellationPolicySection } from './cancellation-policy.tsx';

const text = (testId: string) => screen.getByTestId(testId).textContent;

const rental = {
  propertyType: 'rental' as const,
  pricePerNight: null,
  pricePerWeek: 3500,
  pricePerMonth: null,
  cleaningFee: 250,
  securityDeposit: 1500,
  weeklyDiscountPercent: 10,
  monthlyDiscountPercent: 25,
  extraGuestFee: 60,
  guestsIncluded: 2,
};

describe('BookingBreakdown', () => {
  it('shows every line of the quote, the discount taken off, and the deposit apart from the total', () => {
    const quote = quoteStay(rental, { checkIn: '2027-05-02', checkOut: '2027-05-09', guests: 3 }, { serviceFeeRate: 0.12 });
    renderPage(<BookingBreakdown quote={quote} />);
    expect(text('breakdown-rate')).toBe('₪3,500 × 1 week');
    expect(text('breakdown-discount')).toBe('Weekly discount (10%)-₪350');
    expect(text('breakdown-extra-guests')).toBe('Extra guests: ₪60 × 1 guest × 7 nights₪420');
    expect(text('breakdown-cleaning')).toBe('Cleaning fee₪250');
    // 3,500 − 350 + 420 + 250 = 3,820; 12 % = 458.
    expect(text('breakdown-fee')).toBe('₪458');
    expect(text('breakdown-total')).toBe('₪4,278');
    expect(text('breakdown-deposit')).toContain('₪1,500');
  });

  it('leaves out the lines a stay does not have', () => {
    const quote = quoteStay(
      { ...rental, cleaningFee: 0, securityDeposit: 0 },
      { checkIn: '2027-05-02', checkOut: '2027-05-05', guests: 2 },
    );
    renderPage(<BookingBreakdown quote={quote} />);
    for (const testId of ['breakdown-discount', 'breakdown-extra-guests', 'breakdown-cleaning', 'breakdown-deposit'])
      expect(screen.queryByTestId(testId), testId).toBeNull();
  });

  it('says it in Hebrew too', () => {
    const quote = quoteStay(rental, { checkIn: '2027-05-02', checkOut: '2027-06-02' });
    renderPage(<BookingBreakdown quote={quote} />, { path: '/he/property/1' });
    expect(text('breakdown-discount')).toContain('הנחה חודשית (25%)');
    expect(text('breakdown-cleaning')).toContain('דמי ניקיון');
  });
});

describe('CancellationPolicySection', () => {
  const listing = {
    id: 1,
    type: 'rental',
    cancellationPolicy: 'moderate',
    checkInTime: '15:00',
    leaseOptions: [],
  } as unknown as ListingDetail;

  it("states the listing's policy in words, and asks for dates for the deadline", () => {
    renderPage(<CancellationPolicySection listing={listing} />, { path: '/property/1' });
    expect(text('cancellation-policy-name')).toBe('Moderate');
    expect(text('cancellation-policy-terms')).toBe('Full refund until 5 days before check-in. After that, 50% of the stay is refunded.');
    expect(screen.queryByTestId('cancellation-policy-deadline')).toBeNull();
  });

  it('with dates, says until when a booking made now cancels for free (Israel time)', () => {
    const checkIn = addDaysIso(today(), 40);
    renderPage(<CancellationPolicySection listing={listing} />, {
      path: `/property/1?checkIn=${checkIn}&checkOut=${addDaysIso(checkIn, 7)}`,
    });
    // Five days before check-in, at the check-in time.
    expect(text('cancellation-policy-deadline')).toMatch(/^Free cancellation until .+, 15:00 \(Israel time\)$/);
  });

  it('follows the long-stay policy for a stay of 28 nights or more', () => {
    const checkIn = addDaysIso(today(), 40);
    renderPage(<CancellationPolicySection listing={listing} />, {
      path: `/he/property/1?checkIn=${checkIn}&checkOut=${addDaysIso(checkIn, 30)}`,
    });
    expect(text('cancellation-policy-name')).toBe('שהייה ארוכה');
    expect(text('cancellation-policy-deadline')).toContain('ביטול חינם עד');
  });
});
