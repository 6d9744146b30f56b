import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { outgoingMail } from '../db/schema.ts';
import { openTestDatabase } from '../test/test-app.ts';
import { enqueueMail, mailClaimMs, markMailFailed, takeQueuedMail } from './mail-repository.ts';

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
    await markMailFailed(database.db, second!.id, 'relay said no', false);
    const retaken = await takeQueuedMail(database.db, 20);
    expect(retaken.map((mail) => [mail.id, mail.attempts])).toEqual([
      [first!.id, 2],
      [second!.id, 2],
    ]);
    expect(retaken[0]!.claimedUntil!.getTime()).toBeGreaterThan(Date.now() + mailClaimMs - 60_000);
  });
});
