import type { FastifyBaseLogger } from 'fastify';
import { localizePath } from '../../../core/languages.ts';
import type { Database } from '../../db/database.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { bookingParties } from './bookings-repository.ts';

export type BookingMailEvent = 'requested' | 'sent' | 'confirmed' | 'booked' | 'declined' | 'cancelled' | 'expired';

/**
 * Tells the guest and/or the host what happened to a booking, each in their own language. A mail
 * that cannot be queued is logged, never a reason to fail the change it reports.
 */
export async function mailBookingChange(
  db: Database,
  log: FastifyBaseLogger,
  siteUrl: string,
  bookingId: string,
  mails: { to: 'guest' | 'host'; event: BookingMailEvent }[],
) {
  try {
    const parties = await bookingParties(db, bookingId);
    if (!parties) return;
    for (const { to, event } of mails) {
      const recipient = parties[to];
      const other = parties[to === 'guest' ? 'host' : 'guest'];
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
        },
        link: `${siteUrl}${localizePath(to === 'host' ? '/host/bookings' : '/my-bookings', recipient.language)}`,
      });
    }
  } catch (error) {
    log.error({ err: error, bookingId }, 'booking mail could not be queued');
  }
}
