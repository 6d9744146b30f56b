import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDeletions, dataExports, outgoingMail, users } from '../../db/schema.ts';
import { createUser } from '../../seed/factories.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { claimDataExport } from './data-export-repository.ts';
import { runAccountErasures, runDataExports } from './my-data-jobs.ts';

/**
 * The your-data jobs run on every instance: two runs at once (on PostgreSQL, two connections of the
 * pool, as two instances would be) build each export and erase each account exactly once.
 */
describe('your-data jobs on several instances', () => {
  let t: TestContext;
  const deps = () => ({ db: t.db, storage: t.storage, log: t.app.log, siteUrl: t.config.siteUrl });
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('builds each export once when two runs race', async () => {
    const members = await Promise.all(Array.from({ length: 4 }, () => createUser(t.db)));
    await t.db.insert(dataExports).values(members.map((member) => ({ userId: member.id })));
    const [a, b] = await Promise.all([runDataExports(deps()), runDataExports(deps())]);
    expect(a + b).toBe(4);
    const rows = await t.db
      .select()
      .from(dataExports)
      .where(
        inArray(
          dataExports.userId,
          members.map((member) => member.id),
        ),
      );
    expect(rows.map((row) => [row.status, row.attempts])).toEqual(members.map(() => ['ready', 1]));
    for (const member of members) {
      expect(await t.db.select({ id: outgoingMail.id }).from(outgoingMail).where(eq(outgoingMail.toAddress, member.email))).toHaveLength(1);
    }
  });

  it('leaves an export another runner holds alone until its lease runs out', async () => {
    const member = await createUser(t.db);
    await t.db.insert(dataExports).values({ userId: member.id });
    const now = new Date();
    const held = await claimDataExport(t.db, now);
    expect(held?.userId).toBe(member.id);
    expect(await claimDataExport(t.db, now)).toBeUndefined();
    // The first runner died: after the lease another takes the export over.
    const later = new Date(now.getTime() + 11 * 60_000);
    expect((await claimDataExport(t.db, later))?.id).toBe(held?.id);
  });

  it('erases each closed account once when two runs race', async () => {
    const members = await Promise.all(Array.from({ length: 3 }, () => createUser(t.db)));
    const past = new Date(Date.now() - 1000);
    await t.db
      .update(users)
      .set({ closedAt: past })
      .where(
        inArray(
          users.id,
          members.map((member) => member.id),
        ),
      );
    await t.db.insert(accountDeletions).values(members.map((member) => ({ userId: member.id, role: member.role, eraseAfter: past })));
    const [a, b] = await Promise.all([runAccountErasures(deps()), runAccountErasures(deps())]);
    expect(a + b).toBe(3);
    const rows = await t.db
      .select()
      .from(accountDeletions)
      .where(
        inArray(
          accountDeletions.userId,
          members.map((member) => member.id),
        ),
      );
    expect(rows.map((row) => [row.status, row.attempts])).toEqual(members.map(() => ['erased', 1]));
    // A later run finds nothing to do.
    expect(await runAccountErasures(deps())).toBe(0);
  });
});
