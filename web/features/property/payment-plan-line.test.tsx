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

  it('names the due day the platform sets (decision 060): 7 days before months from the 20th, the 13th', () => {
    const stay = { checkIn: '2027-03-20', checkOut: '2027-06-20' };
    const week = withSchedule(quoteStay(sublet, stay, { serviceFeeRate: 0.1 }), stay, { bookedOn: '2027-02-01', dueDaysBefore: 7 });
    renderPage(<PaymentPlanLine quote={week} />);
    expect(screen.getByTestId('payment-plan').textContent).toBe('₪4,950 today, then ₪4,620 on the 13th of each month (3 payments)');
  });

  it('says how many days before each month when the due day moves in the month (10 days before the 10th: Mar 31, Apr 30)', () => {
    const stay = { checkIn: '2027-03-10', checkOut: '2027-06-10' };
    const tenDays = withSchedule(quoteStay(sublet, stay, { serviceFeeRate: 0.1 }), stay, { bookedOn: '2027-02-01', dueDaysBefore: 10 });
    expect(tenDays.schedule?.map((payment) => payment.dueOn)).toEqual(['2027-02-01', '2027-03-31', '2027-04-30']);
    renderPage(<PaymentPlanLine quote={tenDays} />);
    expect(screen.getByTestId('payment-plan').textContent).toBe(
      '₪4,950 today, then ₪4,620 each month, 10 days before it starts (3 payments)',
    );
  });

  it('in Hebrew too, and on the day each month starts when nothing is due before (0 days)', () => {
    const stay = { checkIn: '2027-03-10', checkOut: '2027-06-10' };
    const tenDays = withSchedule(quoteStay(sublet, stay, { serviceFeeRate: 0.1 }), stay, { bookedOn: '2027-02-01', dueDaysBefore: 10 });
    const { unmount } = renderPage(<PaymentPlanLine quote={tenDays} />, { path: '/he/property/1' });
    expect(screen.getByTestId('payment-plan').textContent).toContain('בכל חודש, 10 ימים לפני תחילתו (3 תשלומים)');
    unmount();
    const onTheDay = withSchedule(quoteStay(sublet, stay, { serviceFeeRate: 0.1 }), stay, { bookedOn: '2027-02-01', dueDaysBefore: 0 });
    renderPage(<PaymentPlanLine quote={onTheDay} />, { path: '/he/property/1' });
    expect(screen.getByTestId('payment-plan').textContent).toContain('ב־10 בכל חודש');
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
