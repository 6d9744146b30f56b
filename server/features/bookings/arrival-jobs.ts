import type { FastifyInstance } from 'fastify';
import { localizePath } from '../../../core/languages.ts';
import type { Database } from '../../db/database.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { arrivalMailParams } from './arrival-info.ts';
import { claimArrivalReminders, stayArrival } from './arrival-repository.ts';

/**
 * Mails each guest their stay's arrival information 48 hours before check-in, in their language.
 * The claim and the mails are one transaction: a stay is marked sent only together with its mail
 * in the queue, and two instances never claim the same stay (claimArrivalReminders). Returns the
 * stays reminded by this run.
 */
export async function sendArrivalReminders(db: Database, siteUrl: string, now = new Date()): Promise<string[]> {
  return db.transaction(async (tx) => {
    const ids = await claimArrivalReminders(tx, now);
    for (const id of ids) {
      const stay = await stayArrival(tx, id);
      if (!stay) continue;
      const language = stay.guest.language;
      await queueMail(tx, {
        to: stay.guest.email,
        language,
        template: 'arrivalReminder',
        params: {
          firstName: stay.guest.firstName,
          title: stay.title[language] || stay.title.en,
          checkIn: stay.checkIn,
          checkOut: stay.checkOut,
          ...arrivalMailParams(stay, language),
        },
        link: `${siteUrl}${localizePath('/my-bookings', language)}`,
      });
    }
    return ids;
  });
}

/** Runs the reminder every `everyMs` on every instance (safe: see sendArrivalReminders), stopped on close. */
export function scheduleArrivalJobs(app: FastifyInstance, db: Database, siteUrl: string, everyMs = 60_000) {
  const run = () =>
    sendArrivalReminders(db, siteUrl).then(
      (ids) => {
        if (ids.length) app.log.info({ reminded: ids.length }, 'arrival information sent before check-in');
      },
      (error: unknown) => app.log.error({ err: error }, 'arrival reminders failed'),
    );
  const timer = setInterval(run, everyMs);
  timer.unref();
  app.addHook('onReady', async () => void run());
  app.addHook('onClose', async () => clearInterval(timer));
}
