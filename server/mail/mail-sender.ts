import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database } from '../db/database.ts';
import { markMailFailed, markMailSent, maxMailAttempts, takeQueuedMail } from './mail-repository.ts';

/**
 * The Message-ID of a queued mail: the same on every attempt, so a mail sent again after a crash
 * (the lease ran out before it was marked sent) is one message to the receiving side, and each
 * delivery can be matched to its row. Its domain is the sender address's.
 */
export function mailMessageId(mailId: number, from: string): string {
  const domain = /@([^\s>@]+)>?\s*$/.exec(from)?.[1] ?? 'lina.invalid';
  return `<mail-${mailId}@${domain}>`;
}

/**
 * Sends queued mail by SMTP every few seconds. Without SMTP_URL nothing is sent and the mail stays
 * in the development mailbox. Several server instances can run this at once: each takes its mail
 * with a lease (takeQueuedMail), so no two send the same mail.
 */
export function startMailSender(options: { db: Database; smtpUrl: string; from: string; log: FastifyBaseLogger; intervalMs?: number }) {
  const transport = nodemailer.createTransport(options.smtpUrl);
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  /**
   * Mail the relay took whose row could not be marked sent (the database was away for a moment).
   * Rule: marked at the start of the next rounds, before anything new is taken. Why: left to its
   * lease, the mail would go a second time 10 minutes later though this process knows it went.
   */
  const sentUnmarked = new Set<number>();

  async function sendBatch() {
    for (const id of sentUnmarked) {
      await markMailSent(options.db, id);
      sentUnmarked.delete(id);
    }
    const batch = await takeQueuedMail(options.db, 20);
    for (const mail of batch) {
      try {
        await transport.sendMail({
          from: options.from,
          messageId: mailMessageId(mail.id, options.from),
          to: mail.toAddress,
          subject: mail.subject,
          text: mail.textBody,
          html: mail.htmlBody,
        });
      } catch (error) {
        const final = mail.attempts >= maxMailAttempts;
        options.log.warn({ err: error, mailId: mail.id, final }, 'sending mail failed');
        await markMailFailed(options.db, mail.id, String(error), final);
        continue;
      }
      // Sent: if marking it fails, the lease keeps other senders off it while this one retries.
      sentUnmarked.add(mail.id);
      await markMailSent(options.db, mail.id);
      sentUnmarked.delete(mail.id);
    }
  }

  const timer = setInterval(() => {
    running = running
      .then(() => (stopped ? undefined : sendBatch()))
      .catch((error: unknown) => {
        options.log.error({ err: error }, 'mail sender failed');
      });
  }, options.intervalMs ?? 3000);

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
