import type { FastifyBaseLogger } from 'fastify';
import { localizePath } from '../../../core/languages.ts';
import type { Database } from '../../db/database.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { reviewParties, type PublishedNotice } from './reviews-repository.ts';

/**
 * Tells the other side of each published review, in their language, with a link (from PUBLIC_URL)
 * to where they read it: the host to Hosting, the guest to My Bookings. A mail that cannot be
 * queued is logged, never a reason to fail the review.
 */
export async function mailPublishedReviews(db: Database, log: FastifyBaseLogger, siteUrl: string, notices: readonly PublishedNotice[]) {
  for (const notice of notices) {
    try {
      const parties = await reviewParties(db, notice.bookingId);
      if (!parties) continue;
      const to = notice.author === 'guest' ? 'host' : 'guest';
      const recipient = parties[to];
      const author = parties[notice.author];
      await queueMail(db, {
        to: recipient.email,
        language: recipient.language,
        template: 'reviewPublished',
        params: {
          firstName: recipient.firstName,
          otherName: author.firstName,
          title: parties.title[recipient.language],
          checkIn: parties.checkIn,
          checkOut: parties.checkOut,
        },
        link: `${siteUrl}${localizePath(to === 'host' ? '/host/bookings' : '/my-bookings', recipient.language)}`,
      });
    } catch (error) {
      log.error({ err: error, bookingId: notice.bookingId }, 'review mail could not be queued');
    }
  }
}
