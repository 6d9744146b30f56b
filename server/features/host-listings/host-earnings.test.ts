import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLines, onArrivalFeeLines, payoutLines, refundLines, type LedgerKind, type LedgerLine } from '../../../core/ledger-rules.ts';
import { ledgerEntries, ledgerTransactions } from '../../db/schema.ts';
import { createBooking, createProperty, createUser } from '../../seed/factories.ts';
import { recordLedgerTransaction } from '../../db/ledger.ts';
import { createTestContext, injectAs, signIn, type TestContext } from '../../test/test-app.ts';

describe('host earnings from the ledger', () => {
  let t: TestContext;
  let host: Awaited<ReturnType<typeof createUser>>;
  let hostCookie: string;

  /** Records a movement as the app does, then dates it (Israel's clock decides the month). */
  async function record(key: string, kind: LedgerKind, hostId: string, bookingId: string | null, lines: LedgerLine[], at: string) {
    await recordLedgerTransaction(t.db, { key, kind, hostId, bookingId }, lines);
    await t.db
      .update(ledgerTransactions)
      .set({ createdAt: new Date(at) })
      .where(eq(ledgerTransactions.key, key));
  }

  beforeAll(async () => {
    t = await createTestContext();
    host = await createUser(t.db, { role: 'host' });
    hostCookie = await signIn(t.app, host.email);
    const listing = await createProperty(t.db, { propertyType: 'hotel', hostId: host.id, pricePerNight: 500 });
    const card = await createBooking(t.db, { propertyId: listing.id, paymentMethod: 'card', subtotal: 1000, serviceFee: 100, total: 1100 });
    const onArrival = await createBooking(t.db, {
      propertyId: listing.id,
      checkIn: '2030-05-01',
      checkOut: '2030-05-03',
      subtotal: 500,
      serviceFee: 50,
      total: 550,
    });
    // March: a card stay of 1,100 (fee 100). April: 440 of it refunded (400 the host's); a stay paid
    // on arrival (550, fee 50). May: a payout of 300 that also settles the 50 of fees owed.
    await record(`capture:${card.id}`, 'capture', host.id, card.id, captureLines(1100, 100), '2030-03-15T10:00:00Z');
    await record(`refund:${card.id}`, 'refund', host.id, card.id, refundLines(400, 40), '2030-04-02T10:00:00Z');
    await record(`fee:${onArrival.id}`, 'fee_on_arrival', host.id, onArrival.id, onArrivalFeeLines(50), '2030-04-20T10:00:00Z');
    await record('payout:test-1', 'payout', host.id, null, payoutLines(300, 50), '2030-05-05T10:00:00Z');
    // Another host's money is not this host's.
    const other = await createUser(t.db, { role: 'host' });
    const theirs = await createBooking(t.db, { propertyId: (await createProperty(t.db, { hostId: other.id })).id });
    await record(`capture:${theirs.id}`, 'capture', other.id, theirs.id, captureLines(2000, 200), '2030-03-20T10:00:00Z');
  });
  afterAll(() => t.close());

  it('sums each month of the ledger: earned, refunded, service fees, paid out, and what is pending', async () => {
    const response = await injectAs(t.app, hostCookie, { method: 'GET', url: '/api/host/earnings' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      months: [
        { month: '2030-05', stays: 0, earned: 0, refunded: 0, serviceFees: 0, paidOut: 300, pending: 0, feesPaid: 0, feesDue: 0 },
        { month: '2030-04', stays: 1, earned: 500, refunded: 400, serviceFees: 10, paidOut: 0, pending: 0, feesPaid: 0, feesDue: 0 },
        { month: '2030-03', stays: 1, earned: 1000, refunded: 0, serviceFees: 100, paidOut: 0, pending: 250, feesPaid: 0, feesDue: 0 },
      ],
      due: 250,
      feesOwed: 0,
      waiting: 0,
      scheduled: 0,
    });
  });

  it("agrees with the ledger: what is due is the host's balance", async () => {
    const [balance] = await t.db
      .select({
        payable: sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = 'host_payable'), 0)::int`,
        owes: sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = 'host_owes_fees'), 0)::int`,
      })
      .from(ledgerTransactions)
      .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
      .where(eq(ledgerTransactions.hostId, host.id));
    const { months, due } = (await injectAs(t.app, hostCookie, { method: 'GET', url: '/api/host/earnings' })).json();
    expect(due).toBe(-balance!.payable - balance!.owes);
    expect(months.reduce((sum: number, m: { pending: number }) => sum + m.pending, 0)).toBe(due);
  });

  it('downloads the months as CSV', async () => {
    const response = await injectAs(t.app, hostCookie, { method: 'GET', url: '/api/host/earnings.csv' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('earnings.csv');
    expect(response.body.replace('\uFEFF', '').split('\r\n')).toEqual([
      'month,stays,earned,refunded,service_fees,paid_out,pending',
      '2030-05,0,0,0,0,300,0',
      '2030-04,1,500,400,10,0,0',
      '2030-03,1,1000,0,100,0,250',
      '',
    ]);
  });

  it('shows nothing for a host without money on the books, and asks visitors to sign in', async () => {
    const newcomer = await createUser(t.db, { role: 'host' });
    const response = await injectAs(t.app, await signIn(t.app, newcomer.email), { method: 'GET', url: '/api/host/earnings' });
    expect(response.json()).toEqual({ months: [], due: 0, feesOwed: 0, waiting: 0, scheduled: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/host/earnings.csv' })).statusCode).toBe(401);
  });
});
