import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { quoteStay } from '../../../core/quote.ts';
import { renderPage } from '../../test/render-page.tsx';
import { PaymentPlanLine } from './payment-plan-line.tsx';
import { withSchedule } from '../../../core/payment-schedule.ts';

const sublet = { propertyType: 'sublet' as const, pricePerNight: null, pricePerWeek: null, pricePerMonth: 4200, cleaningFee: 300 };
// Three whole months from March 10, booked February 1: ₪4,950 now, then ₪4,620 on the 7th.
const quote = withSchedule(
  quoteStay(sublet, { checkIn: '2027-03-10', checkOut: '2027-06-10' }, { serviceFeeRate: 0.1 }),
  { checkIn: '2027-03-10', checkOut: '2027-06-10' },
  { bookedOn: '2027-02-01' },
);

describe('PaymentPlanLine', () => {
  it('says what is paid today and then each month, in English', () => {
    renderPage(<PaymentPlanLine quote={quote} />);
    expect(screen.getByTestId('payment-plan').textContent).toBe('₪4,950 today, then ₪4,620 on the 7th of each month (3 payments)');
  });

  it('and in Hebrew', () => {
    renderPage(<PaymentPlanLine quote={quote} />, { path: '/he/property/1' });
    const line = screen.getByTestId('payment-plan').textContent ?? '';
    expect(line).toContain('היום');
    expect(line).toContain('בכל חודש');
    expect(line).toContain('3 תשלומים');
  });

  it('shows nothing for a stay paid at once', () => {
    const short = withSchedule(
      quoteStay(sublet, { checkIn: '2027-03-10', checkOut: '2027-03-30' }),
      { checkIn: '2027-03-10', checkOut: '2027-03-30' },
      { bookedOn: '2027-02-01' },
    );
    renderPage(<PaymentPlanLine quote={short} />);
    expect(screen.queryByTestId('payment-plan')).toBeNull();
  });
});
