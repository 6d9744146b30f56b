import type { FastifyBaseLogger } from 'fastify';
import { israelWallClock } from '../../../core/dates.ts';
import { formatPrice } from '../../../core/format.ts';
import { formatDate } from '../../../core/format-date.ts';
import { localizePath, type Language } from '../../../core/languages.ts';
import type { StayChangeRole } from '../../../core/stay-change-states.ts';
import type { Database } from '../../db/database.ts';
import mailTexts from '../../mail/mail-texts.json' with { type: 'json' };
import { queueMail } from '../../mail/queue-mail.ts';
import { notify } from '../../notices/notify.ts';
import { bookingParties } from './booking-views-repository.ts';

/** What a change's mail says: a proposal goes to the side that answers, an answer or expiry to the proposer. */
export type StayChangeMailEvent = 'proposed' | 'accepted' | 'declined' | 'expired';

const templates = {
  proposed: 'stayChangeProposed',
  accepted: 'stayChangeAccepted',
  declined: 'stayChangeDeclined',
  expired: 'stayChangeExpired',
} as const;

/** "The new total is ₪X: ₪Y more." in the recipient's language. */
function moneyLine(language: Language, total: number, difference: number): string {
  const texts = mailTexts[language].stayChangeMoney;
  const text = difference > 0 ? texts.more : difference < 0 ? texts.less : texts.same;
  return text.replace('{{total}}', formatPrice(total, language)).replace('{{amount}}', formatPrice(Math.abs(difference), language));
}

/**
 * Mails one side about a proposal, in that side's language: the proposed stay (its dates, guests and
 * new total) and a link to the booking; the same side gets its notice in the app (decision 063). A
 * mail or notice that cannot be written is logged, never a reason to fail the change it reports.
 */
export async function mailStayChange(
  deps: { db: Database; log: FastifyBaseLogger; siteUrl: string },
  change: { bookingId: string; role: StayChangeRole; checkIn: string; checkOut: string; guests: number; total: number; difference: number },
  event: StayChangeMailEvent,
) {
  try {
    const parties = await bookingParties(deps.db, change.bookingId);
    if (!parties) return;
    // A proposal goes to the other side; its answer (or its expiry) to the side that proposed.
    const to: StayChangeRole = event === 'proposed' ? (change.role === 'guest' ? 'host' : 'guest') : change.role;
    const recipient = parties[to];
    const other = parties[to === 'guest' ? 'host' : 'guest'];
    const link = to === 'host' ? '/host/bookings' : '/my-bookings';
    await notify(deps.db, {
      userId: recipient.id,
      kind: `stay_change_${event}`,
      bookingId: change.bookingId,
      link,
      params: { checkIn: change.checkIn, checkOut: change.checkOut, guests: change.guests },
    });
    await queueMail(deps.db, {
      to: recipient.email,
      language: recipient.language,
      template: templates[event],
      params: {
        firstName: recipient.firstName,
        otherName: other.firstName,
        title: parties.title[recipient.language],
        checkIn: change.checkIn,
        checkOut: change.checkOut,
        guests: String(change.guests),
        money: moneyLine(recipient.language, change.total, change.difference),
      },
      link: `${deps.siteUrl}${localizePath(link, recipient.language)}`,
    });
  } catch (error) {
    deps.log.error({ err: error, bookingId: change.bookingId, event }, 'stay change mail could not be queued');
  }
}

/**
 * An accepted change's unpaid difference (decision 062): the guest is reminded (the link leads to My
 * Bookings, where "Pay the difference" opens the page), or, once it lapsed, both sides are told the
 * stay is back to what it was (`stay`: the dates, party and total it now has). Each in its reader's
 * language, with its notice in the app (decision 063); a mail or notice that cannot be written is logged.
 */
export async function mailUnpaidChange(
  deps: { db: Database; log: FastifyBaseLogger; siteUrl: string },
  change: { bookingId: string; amount: number; payBy: Date; stay: { checkIn: string; checkOut: string; guests: number; total: number } },
  event: 'reminder' | 'lapsed',
) {
  try {
    const parties = await bookingParties(deps.db, change.bookingId);
    if (!parties) return;
    const sides: StayChangeRole[] = event === 'reminder' ? ['guest'] : ['guest', 'host'];
    for (const side of sides) {
      const recipient = parties[side];
      const language = recipient.language;
      const template = event === 'reminder' ? 'stayChangePayReminder' : side === 'guest' ? 'stayChangeLapsedGuest' : 'stayChangeLapsedHost';
      const path = side === 'host' ? '/host/bookings' : '/my-bookings';
      await notify(deps.db, {
        userId: recipient.id,
        kind: event === 'reminder' ? 'stay_change_unpaid' : 'stay_change_lapsed',
        bookingId: change.bookingId,
        link: `${path}?booking=${encodeURIComponent(change.bookingId)}`,
        params: {
          amount: change.amount,
          payBy: change.payBy.toISOString(),
          checkIn: change.stay.checkIn,
          checkOut: change.stay.checkOut,
          guests: change.stay.guests,
        },
      });
      await queueMail(deps.db, {
        to: recipient.email,
        language,
        template,
        params: {
          firstName: recipient.firstName,
          otherName: parties[side === 'guest' ? 'host' : 'guest'].firstName,
          title: parties.title[language] || parties.title.en,
          checkIn: change.stay.checkIn,
          checkOut: change.stay.checkOut,
          guests: String(change.stay.guests),
          amount: formatPrice(change.amount, language),
          total: formatPrice(change.stay.total, language),
          payBy: formatDate(israelWallClock(change.payBy), 'dateTime', language),
        },
        link: `${deps.siteUrl}${localizePath(path, language)}?booking=${encodeURIComponent(change.bookingId)}`,
      });
    }
  } catch (error) {
    deps.log.error({ err: error, bookingId: change.bookingId, event }, 'unpaid change mail could not be queued');
  }
}
