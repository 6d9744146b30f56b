import type { FastifyBaseLogger } from 'fastify';
import { formatPrice } from '../../../core/format.ts';
import { localizePath } from '../../../core/languages.ts';
import type { MoveInDecision, MoveInReason } from '../../../core/move-in-rules.ts';
import type { Database } from '../../db/database.ts';
import mailTexts from '../../mail/mail-texts.json' with { type: 'json' };
import { queueMail } from '../../mail/queue-mail.ts';
import { notify, type NewNotice } from '../../notices/notify.ts';
import { fillPlaceholders } from '../../mail/mail-templates.ts';
import { bookingParties } from './booking-views-repository.ts';

/** What a move-in mail tells: the report was made, answered, or decided. */
export type MoveInMailEvent =
  | { kind: 'report'; reason: MoveInReason }
  | { kind: 'answer' }
  | { kind: 'decision'; decision: MoveInDecision; refund: number; onArrival: boolean };

const templates = {
  report: { guest: 'moveInReportGuest', host: 'moveInReportHost' },
  answer: { guest: 'moveInAnswerGuest', host: 'moveInAnswerHost' },
  decision: { guest: 'moveInDecisionGuest', host: 'moveInDecisionHost' },
} as const;

/** The notice in the app beside a step's mails (decision 063): the host of a report, both sides of its decision. */
function moveInNotice(event: MoveInMailEvent, to: 'guest' | 'host'): Pick<NewNotice, 'kind' | 'params'> | null {
  if (event.kind === 'report') return to === 'host' ? { kind: 'move_in_reported' as const, params: { reason: event.reason } } : null;
  if (event.kind === 'decision') {
    return {
      kind: 'move_in_decided' as const,
      params: { decision: event.decision, refund: event.refund, onArrival: event.onArrival },
    };
  }
  return null;
}

/**
 * Tells the stay's guest and host of a move-in report's step, each in their own language
 * (mail-texts.json moveIn*), and in the app. Like the booking mails, a mail or notice that cannot be
 * written is logged, never a reason to undo the step.
 */
export async function mailMoveIn(db: Database, log: FastifyBaseLogger, siteUrl: string, bookingId: string, event: MoveInMailEvent) {
  try {
    const parties = await bookingParties(db, bookingId);
    if (!parties) return;
    for (const to of ['guest', 'host'] as const) {
      const recipient = parties[to];
      const other = parties[to === 'guest' ? 'host' : 'guest'];
      const texts = mailTexts[recipient.language].moveIn;
      const outcome =
        event.kind === 'decision'
          ? texts.outcomes[event.onArrival && event.decision === 'refund_all_and_end' ? 'refund_all_and_end_on_arrival' : event.decision][
              to
            ]
          : '';
      const link = to === 'host' ? '/host/bookings' : '/my-bookings';
      const notice = moveInNotice(event, to);
      if (notice) await notify(db, { userId: recipient.id, bookingId, link, ...notice });
      await queueMail(db, {
        to: recipient.email,
        language: recipient.language,
        template: templates[event.kind][to],
        params: {
          firstName: recipient.firstName,
          otherName: other.firstName,
          title: parties.title[recipient.language],
          checkIn: parties.checkIn,
          checkOut: parties.checkOut,
          ...(event.kind === 'report' ? { reasonText: texts.reasons[event.reason] } : {}),
          ...(event.kind === 'decision'
            ? { outcomeText: fillPlaceholders(outcome, { refund: formatPrice(event.refund, recipient.language) }) }
            : {}),
        },
        link: `${siteUrl}${localizePath(link, recipient.language)}`,
      });
    }
  } catch (error) {
    log.error({ err: error, bookingId }, 'move-in mail could not be queued');
  }
}
