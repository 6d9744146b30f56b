import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { outgoingMail } from '../db/schema.ts';
import { openTestDatabase } from '../test/test-app.ts';
import { enqueueMail, mailClaimMs, mailRetryDelayMs, markMailFailed, maxMailAttempts, takeQueuedMail } from './mail-repository.ts';

describe('the mail queue shared by several senders', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => ({ database, drop } = await openTestDatabase()));
  afterAll(() => drop());

  const queue = async (count: number) => {
    for (let i = 0; i < count; i++)
      await enqueueMail(database.db, { to: `reader-${i}@example.com`, language: 'en', subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' });
  };

  it('gives each mail to one sender, and not again while that sender holds it', async () => {
    await queue(30);
    const takes = await Promise.all([takeQueuedMail(database.db, 20), takeQueuedMail(database.db, 20), takeQueuedMail(database.db, 20)]);
    const ids = takes.flat().map((mail) => mail.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(30);
    // Still queued (not sent yet), yet held: a later round takes nothing.
    expect(await takeQueuedMail(database.db, 20)).toEqual([]);
    expect(takes.flat().every((mail) => mail.attempts === 1)).toBe(true);
  });

  it('lets another sender take a mail once its lease has run out (the first one died) or its sending failed', async () => {
    const [first, second] = await database.db.select().from(outgoingMail).orderBy(asc(outgoingMail.id)).limit(2);
    await database.db
      .update(outgoingMail)
      .set({ claimedUntil: new Date(Date.now() - 1) })
      .where(eq(outgoingMail.id, first!.id));
    // Its retry time has come.
    await markMailFailed(database.db, second!.id, 'relay said no', new Date(Date.now() - 1));
    const retaken = await takeQueuedMail(database.db, 20);
    expect(retaken.map((mail) => [mail.id, mail.attempts])).toEqual([
      [first!.id, 2],
      [second!.id, 2],
    ]);
    expect(retaken[0]!.claimedUntil!.getTime()).toBeGreaterThan(Date.now() + mailClaimMs - 60_000);
  });

  it('waits out a relay that is down: a failed mail is not taken again before its retry time, which grows', async () => {
    await queue(1);
    const [mail] = await takeQueuedMail(database.db, 20);
    await markMailFailed(database.db, mail!.id, 'connect ECONNREFUSED', new Date(Date.now() + mailRetryDelayMs(mail!.attempts)));
    expect(await takeQueuedMail(database.db, 20)).toEqual([]);
    const [row] = await database.db.select().from(outgoingMail).where(eq(outgoingMail.id, mail!.id));
    expect(row!.status).toBe('queued');
    // A relay down for an hour or more is outlasted: the attempts span hours, each wait longer than the last.
    const delays = Array.from({ length: maxMailAttempts }, (_, index) => mailRetryDelayMs(index + 1));
    expect(delays.every((delay, index) => index === 0 || delay >= delays[index - 1]!)).toBe(true);
    expect(delays.reduce((sum, delay) => sum + delay, 0)).toBeGreaterThan(6 * 60 * 60 * 1000);
  });

  it('marks a mail failed for good only when told so', async () => {
    await queue(1);
    const [mail] = await takeQueuedMail(database.db, 20);
    await markMailFailed(database.db, mail!.id, '550 no such mailbox', null);
    const [row] = await database.db.select().from(outgoingMail).where(eq(outgoingMail.id, mail!.id));
    expect(row!.status).toBe('failed');
  });
});
