import type { FastifyBaseLogger } from 'fastify';
import type { BookingMessage } from '../../../core/contracts/messages.ts';
import { localizePath } from '../../../core/languages.ts';
import type { Database } from '../../db/database.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { recipientOf, type ThreadParties } from './messages-repository.ts';

/**
 * Nudges the other side of the conversation by mail, in their language, with a link that opens it
 * where they keep it: the host's Hosting page, the guest's My Bookings; on the booking's card
 * (`?thread=<booking>`) when written from a booking, else as an inquiry (`?conversation=<id>`). The
 * host's first mail about a new inquiry says so (newInquiry). A mail that cannot be queued is
 * logged: the message is stored and shown in the thread, only the nudge is lost.
 */
export async function mailNewMessage(
  db: Database,
  log: FastifyBaseLogger,
  siteUrl: string,
  thread: ThreadParties,
  senderId: string,
  message: BookingMessage,
  { newInquiry = false }: { newInquiry?: boolean } = {},
) {
  const toHost = senderId === thread.guestId;
  try {
    const recipient = await recipientOf(db, toHost ? thread.hostId : thread.guestId);
    if (!recipient) return;
    const page = toHost ? '/host/bookings' : '/my-bookings';
    const query = thread.bookingId ? `thread=${thread.bookingId}` : `conversation=${thread.conversationId}`;
    await queueMail(db, {
      to: recipient.email,
      language: recipient.language,
      template: newInquiry && toHost ? 'newInquiry' : 'bookingMessage',
      params: {
        firstName: recipient.firstName,
        otherName: message.senderFirstName,
        title: recipient.language === 'he' ? thread.titleHe : thread.titleEn,
        body: message.body,
      },
      link: `${siteUrl}${localizePath(page, recipient.language)}?${query}`,
    });
  } catch (error) {
    log.error({ err: error, conversationId: thread.conversationId }, 'message mail could not be queued');
  }
}
