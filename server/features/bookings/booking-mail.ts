import type { FastifyBaseLogger } from 'fastify';
import type { BookingAction } from '../../../core/contracts/bookings.ts';
import { formatPrice } from '../../../core/format.ts';
import { localizePath } from '../../../core/languages.ts';
import { hostShare } from '../../../core/quote.ts';
import { agreementApplies } from '../../../core/stay-agreement.ts';
import type { Database } from '../../db/database.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { notify } from '../../notices/notify.ts';
import type { NoticeKind } from '../../../core/notice-kinds.ts';
import { arrivalMailParams } from './arrival-info.ts';
import { markArrivalSentWhenDue, stayArrival } from './arrival-repository.ts';
import { bookingParties } from './booking-views-repository.ts';

export type BookingMailEvent = 'requested' | 'sent' | 'confirmed' | 'booked' | 'declined' | 'cancelled' | 'expired';
export type BookingMail = { to: 'guest' | 'host'; event: BookingMailEvent };

/** A new booking: the guest hears it was sent (or confirmed, at a hotel), the host that it was requested (or booked). */
export function mailsForNewBooking(confirmed: boolean): BookingMail[] {
  return [
    { to: 'guest', event: confirmed ? 'confirmed' : 'sent' },
    { to: 'host', event: confirmed ? 'booked' : 'requested' },
  ];
}

/** The other side hears of a change: the guest of the host's answer, the other party of a cancellation. */
export function mailsForChange(action: BookingAction, byGuest: boolean): BookingMail[] {
  if (action === 'accept') return [{ to: 'guest', event: 'confirmed' }];
  if (action === 'decline') return [{ to: 'guest', event: 'declined' }];
  return [{ to: byGuest ? 'host' : 'guest', event: 'cancelled' }];
}

/**
 * The in-app notice beside each booking mail (decision 063); none for the guest's own "request sent".
 * Each side's bookings page is where the notice leads.
 */
const bookingNotices: Record<BookingMailEvent, NoticeKind | null> = {
  requested: 'booking_requested',
  booked: 'booking_booked',
  confirmed: 'booking_confirmed',
  declined: 'booking_declined',
  expired: 'booking_expired',
  cancelled: 'booking_cancelled',
  sent: null,
};

/**
 * Tells the guest and/or the host what happened to a booking, each in their own language, by mail
 * and in the app. A mail or notice that cannot be written is logged, never a reason to fail the
 * change it reports.
 */
export async function mailBookingChange(db: Database, log: FastifyBaseLogger, siteUrl: string, bookingId: string, mails: BookingMail[]) {
  try {
    const parties = await bookingParties(db, bookingId);
    if (!parties) return;
    for (const { to, event } of mails) {
      const recipient = parties[to];
      const other = parties[to === 'guest' ? 'host' : 'guest'];
      // The guest's confirmation carries the arrival information (issue 41, item 1); a stay starting
      // within 48 hours is then not reminded again (arrival-jobs.ts).
      const arrival = to === 'guest' && event === 'confirmed' ? await stayArrival(db, bookingId) : undefined;
      if (arrival) await markArrivalSentWhenDue(db, bookingId, new Date());
      const notice = bookingNotices[event];
      if (notice)
        await notify(db, { userId: recipient.id, kind: notice, bookingId, link: to === 'host' ? '/host/bookings' : '/my-bookings' });
      await queueMail(db, {
        to: recipient.email,
        language: recipient.language,
        template: 'bookingUpdate',
        params: {
          event,
          firstName: recipient.firstName,
          otherName: other.firstName,
          title: parties.title[recipient.language],
          checkIn: parties.checkIn,
          checkOut: parties.checkOut,
          audience: to,
          // The stay's price from the booking's stored quote, in the recipient's language (core/quote.ts).
          payment: parties.paymentMethod,
          total: formatPrice(parties.total, recipient.language),
          fee: formatPrice(parties.serviceFee, recipient.language),
          share: formatPrice(hostShare(parties), recipient.language),
          // A confirmed stay's receipt (also after a cancellation, where it shows the refund).
          ...(parties.receiptNumber === null
            ? {}
            : { receiptLink: `${siteUrl}${localizePath(`/my-bookings/${bookingId}/receipt`, recipient.language)}` }),
          // A long stay's agreement, while it is still to be accepted (decision 055).
          ...(agreementApplies(parties.checkIn, parties.checkOut) && event !== 'declined' && event !== 'cancelled' && event !== 'expired'
            ? { agreementLink: `${siteUrl}${localizePath(`/my-bookings/${bookingId}/agreement`, recipient.language)}` }
            : {}),
          ...(arrival ? arrivalMailParams(arrival, recipient.language) : {}),
        },
        link: `${siteUrl}${localizePath(to === 'host' ? '/host/bookings' : '/my-bookings', recipient.language)}`,
      });
    }
  } catch (error) {
    log.error({ err: error, bookingId }, 'booking mail could not be queued');
  }
}
