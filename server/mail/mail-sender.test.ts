import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { outgoingMail } from '../db/schema.ts';
import { startSmtpSink } from '../test/smtp-sink.ts';
import { openTestDatabase } from '../test/test-app.ts';
import { enqueueMail } from './mail-repository.ts';
import { startMailSender } from './mail-sender.ts';

/** The sender against a relay that goes away (issue 35, item 17: every mail sent once, none dropped). */
describe('the mail sender when the relay is down', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    sink = await startSmtpSink({ unknownMailboxes: ['nobody@example.com'] });
  });
  afterAll(async () => {
    await sink?.close();
    await drop?.();
  });

  const rowOf = async (id: number) => (await database.db.select().from(outgoingMail).where(eq(outgoingMail.id, id)))[0]!;
  const queue = async (to: string) => {
    await enqueueMail(database.db, { to, language: 'en', subject: 'Your stay', text: 'Hi', html: '<p>Hi</p>' });
    const rows = await database.db.select({ id: outgoingMail.id }).from(outgoingMail).where(eq(outgoingMail.toAddress, to));
    return rows.at(-1)!.id;
  };
  const until = async (check: () => Promise<boolean>, ms = 20_000) => {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('keeps a mail queued through an outage however often it looks, and sends it once the relay is back', async () => {
    await sink.goDown();
    const id = await queue('guest@example.com');
    // Looking every 20 ms: with attempts spent at every look, the mail would be failed within a second.
    const sender = startMailSender({
      db: database.db,
      smtpUrl: sink.url,
      from: 'Lina <mail@lina.example>',
      log: pino({ level: 'silent' }),
      intervalMs: 20,
    });
    try {
      await until(async () => (await rowOf(id)).lastError !== null);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const waiting = await rowOf(id);
      expect(waiting.status).toBe('queued');
      expect(waiting.attempts).toBe(1);
      expect(waiting.claimedUntil!.getTime()).toBeGreaterThan(Date.now());
      await sink.comeUp();
      // The wait after the first failure (2 s) runs out; moved forward here as the clock would.
      await database.db
        .update(outgoingMail)
        .set({ claimedUntil: new Date(Date.now() - 1) })
        .where(eq(outgoingMail.id, id));
      await until(async () => (await rowOf(id)).status === 'sent');
      expect(sink.received.filter((mail) => mail.to.includes('guest@example.com'))).toHaveLength(1);
    } finally {
      await sender.stop();
    }
  });

  it('drains a backlog in one round rather than 20 mails a tick', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 70; i += 1) ids.push(await queue(`backlog-${i}@example.com`));
    // One round only (the next would come in a minute): all 70 must leave in it.
    const sender = startMailSender({
      db: database.db,
      smtpUrl: sink.url,
      from: 'Lina <mail@lina.example>',
      log: pino({ level: 'silent' }),
      intervalMs: 60_000,
    });
    try {
      await until(async () => (await Promise.all(ids.map(rowOf))).every((row) => row.status === 'sent'));
      expect(sink.received.filter((mail) => mail.to[0]?.startsWith('backlog-'))).toHaveLength(70);
    } finally {
      await sender.stop();
    }
  });

  it('fails a mail at once when the relay refuses its address for good (550)', async () => {
    const id = await queue('nobody@example.com');
    const sender = startMailSender({
      db: database.db,
      smtpUrl: sink.url,
      from: 'Lina <mail@lina.example>',
      log: pino({ level: 'silent' }),
      intervalMs: 20,
    });
    try {
      await until(async () => (await rowOf(id)).status !== 'queued');
      const row = await rowOf(id);
      expect(row.status).toBe('failed');
      expect(row.attempts).toBe(1);
      expect(row.lastError).toContain('550');
    } finally {
      await sender.stop();
    }
  });
});
