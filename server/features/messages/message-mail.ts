import type { FastifyBaseLogger } from 'fastify';
import type { BookingMessage } from '../../../core/contracts/messages.ts';
import { localizePath } from '../../../core/languages.ts';
import type { Database } from '../../db/database.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { recipientOf, type ThreadParties } from './messages-repository.ts';

/**
 * Nudges the other side of the thread by mail, in their language, with a link to the thread on
 * their bookings page. A mail that cannot be queued is logged: the message is stored and shown in
 * the thread, only the nudge is lost.
 */
export async function mailNewMessage(
  db: Database,
  log: FastifyBaseLogger,
  siteUrl: string,
  thread: ThreadParties,
  senderId: string,
  message: BookingMessage,
) {
  const toHost = senderId === thread.guestId;
  try {
    const recipient = await recipientOf(db, toHost ? thread.hostId : thread.guestId);
    if (!recipient) return;
    const page = toHost ? '/host/bookings' : '/my-bookings';
    await queueMail(db, {
      to: recipient.email,
      language: recipient.language,
      template: 'bookingMessage',
      params: {
        firstName: recipient.firstName,
        otherName: message.senderFirstName,
        title: recipient.language === 'he' ? thread.titleHe : thread.titleEn,
        body: message.body,
      },
      link: `${siteUrl}${localizePath(page, recipient.language)}?thread=${thread.bookingId}`,
    });
  } catch (error) {
    log.error({ err: error, bookingId: thread.bookingId }, 'message mail could not be queued');
  }
}
