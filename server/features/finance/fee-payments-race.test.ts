import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onArrivalFeeLines } from '../../../core/ledger-rules.ts';
import { recordLedgerTransaction } from '../../db/ledger.ts';
import { ledgerEntries, ledgerTransactions } from '../../db/schema.ts';
import { createBooking, createProperty, createUser } from '../../seed/factories.ts';
import { createTestContext, injectAs, signIn, testDriver, type TestContext } from '../../test/test-app.ts';

// Two admins record the same bank transfer, or two transfers that together exceed the debt, at the
// same moment (decision 057): the host's row lock counts them one after the other. Only PostgreSQL
// has concurrent connections to race (PGlite serves one query at a time).
describe.runIf(testDriver === 'postgres')('two admins recording a fee received at once', () => {
  let t: TestContext;
  let admins: string[];
  let hostId: string;

  const owes = async () => {
    const [row] = await t.db
      .select({
        owes: sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = 'host_owes_fees'), 0)::int`,
      })
      .from(ledgerTransactions)
      .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
      .where(eq(ledgerTransactions.hostId, hostId));
    return row!.owes;
  };
  const record = (cookie: string, amount: number, reference: string) =>
    injectAs(t.app, cookie, { method: 'POST', url: '/api/admin/finance/fee-payments', payload: { hostId, amount, reference } });

  beforeAll(async () => {
    t = await createTestContext();
    admins = [
      await signIn(t.app, (await createUser(t.db, { role: 'admin' })).email),
      await signIn(t.app, (await createUser(t.db, { role: 'admin' })).email),
    ];
    hostId = (await createUser(t.db, { role: 'host' })).id;
    const listing = await createProperty(t.db, { hostId });
    const stay = await createBooking(t.db, { propertyId: listing.id });
    await recordLedgerTransaction(
      t.db,
      { key: `fee:${stay.id}`, kind: 'fee_on_arrival', bookingId: stay.id, hostId },
      onArrivalFeeLines(1000),
    );
  });
  afterAll(() => t.close());

  it('records the same transfer once', async () => {
    const responses = await Promise.all(admins.map((cookie) => record(cookie, 400, 'TRF-SAME')));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(responses.find((r) => r.statusCode === 409)!.json().error.code).toBe('fee_payment_already_recorded');
    expect(await owes()).toBe(600);
  });

  it('never records more than is owed, round after round', async () => {
    for (let round = 0; round < 3; round++) {
      const before = await owes();
      const responses = await Promise.all([
        record(admins[0]!, 350, `TRF-A${round}`),
        record(admins[1]!, 350, `TRF-B${round}`),
        record(admins[0]!, 350, `TRF-C${round}`),
      ]);
      const paid = responses.filter((r) => r.statusCode === 201).length * 350;
      expect(responses.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
      expect(paid).toBeLessThanOrEqual(before);
      expect(await owes()).toBe(before - paid);
      expect(await owes()).toBeGreaterThanOrEqual(0);
    }
  });
});
