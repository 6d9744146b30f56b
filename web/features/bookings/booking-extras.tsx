import { longStayNights } from '../../../core/constants.ts';
import type { BookingView } from '../../../core/contracts/bookings.ts';
import { daysBetween } from '../../../core/dates.ts';
import type { Language } from '../../../core/languages.ts';
import { AgreementStatus } from './agreement-status.tsx';
import { MoveInPanel } from './move-in-panel.tsx';
import { showsMoveIn } from './move-in-visibility.ts';
import { PaymentSchedule } from './payment-schedule.tsx';
import { StayChangePanel } from './stay-change-panel.tsx';

/**
 * What a booking card shows beyond the stay itself, loaded as one chunk after the card: a long
 * stay's payment schedule (decision 054), changing a confirmed stay (058), a long stay's agreement
 * (055) and move-in protection for a stay begun in the last month (056).
 */
export default function BookingExtras({
  booking,
  viewer,
  language,
}: {
  booking: BookingView;
  viewer: 'guest' | 'host';
  language: Language;
}) {
  return (
    <>
      {booking.money && booking.money.schedule.length > 0 ? (
        <PaymentSchedule booking={booking} viewer={viewer} language={language} />
      ) : null}
      {booking.status === 'confirmed' ? <StayChangePanel booking={booking} viewer={viewer} language={language} /> : null}
      {daysBetween(booking.checkIn, booking.checkOut) >= longStayNights ? <AgreementStatus booking={booking} language={language} /> : null}
      {showsMoveIn(booking.status, booking.checkIn) ? <MoveInPanel bookingId={booking.id} viewer={viewer} /> : null}
    </>
  );
}
