import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database } from '../db/database.ts';
import { mailRetryDelayMs, markMailFailed, markMailSent, maxMailAttempts, takeQueuedMail } from './mail-repository.ts';

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
 * Whether the relay refused the recipient for good (SMTP 550 mailbox unavailable, 551 user not local,
 * 553 mailbox name not allowed): trying again cannot help. Any other failure (the relay unreachable,
 * busy, 4xx, an authentication problem of ours) is tried again later.
 */
export function refusedForGood(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return code === 550 || code === 551 || code === 553;
}

/**
 * Sends queued mail by SMTP every few seconds. Without SMTP_URL nothing is sent and the mail stays
 * in the development mailbox. Several server instances can run this at once: each takes its mail
 * with a lease (takeQueuedMail), so no two send the same mail.
 */
const batchSize = 20;
const batchesPerRound = 50;

export function startMailSender(options: { db: Database; smtpUrl: string; from: string; log: FastifyBaseLogger; intervalMs?: number }) {
  const transport = nodemailer.createTransport(options.smtpUrl);
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  /**
   * Outcomes (sent, failed) this sender knows but could not write (the database was away for a
   * moment), by mail id. Rule: each outcome is recorded as soon as it is known, and what could not be
   * is recorded at the start of the next rounds, before anything new is taken; a failure to record
   * never stops the batch. Why: a mail left to its lease goes a second time 10 minutes later though
   * it went (sent), or waits 10 minutes for nothing (failed), and an aborted batch strands the rest.
   */
  const unrecorded = new Map<number, () => Promise<void>>();
  const record = async (mailId: number, write: () => Promise<void>) => {
    unrecorded.set(mailId, write);
    try {
      await write();
      unrecorded.delete(mailId);
    } catch (error) {
      options.log.warn({ err: error, mailId }, 'mail outcome not recorded yet: retried next round');
    }
  };

  async function sendBatch() {
    for (const [mailId, write] of unrecorded) {
      await write();
      unrecorded.delete(mailId);
    }
    const batch = await takeQueuedMail(options.db, batchSize);
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
        const final = mail.attempts >= maxMailAttempts || refusedForGood(error);
        const retryAt = final ? null : new Date(Date.now() + mailRetryDelayMs(mail.attempts));
        options.log.warn({ err: error, mailId: mail.id, final, retryAt }, 'sending mail failed');
        await record(mail.id, () => markMailFailed(options.db, mail.id, String(error), retryAt));
        continue;
      }
      // Sent: until it is marked, its lease keeps other senders off it.
      await record(mail.id, () => markMailSent(options.db, mail.id));
    }
    return batch.length;
  }

  /**
   * One round: batches are taken until one comes back short, at most `batchesPerRound`. Rule: a
   * backlog is drained at the relay's pace, not 20 mails per tick. Why: after an hour without a relay
   * thousands of mails wait, and 20 every 3 s would leave the last of them hours late; the cap lets
   * the round end so `stop` is not held up by a long queue.
   */
  async function sendRound() {
    for (let batches = 0; batches < batchesPerRound && !stopped; batches += 1) {
      if ((await sendBatch()) < batchSize) return;
    }
  }

  const tick = () => {
    running = running
      .then(() => (stopped ? undefined : sendRound()))
      .catch((error: unknown) => {
        options.log.error({ err: error }, 'mail sender failed');
      });
  };
  // The first round runs at start: mail queued while the instance restarted goes out at once.
  const timer = setInterval(tick, options.intervalMs ?? 3000);
  tick();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
