import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLines, onArrivalFeeLines, refundLines, type LedgerKind, type LedgerLine } from '../../../core/ledger-rules.ts';
import { ledgerEntries, ledgerTransactions, payouts, securityEvents } from '../../db/schema.ts';
import { createBooking, createProperty, createUser } from '../../seed/factories.ts';
import { recordLedgerTransaction } from '../../db/ledger.ts';
import { createTestContext, eventually, injectAs, signIn, type TestContext } from '../../test/test-app.ts';

describe('finance (admin)', () => {
  let t: TestContext;
  let admin: string;
  let hostId: string;
  let hostCookie: string;

  async function record(key: string, kind: LedgerKind, host: string, bookingId: string | null, lines: LedgerLine[], at: string) {
    await recordLedgerTransaction(t.db, { key, kind, hostId: host, bookingId }, lines);
    await t.db
      .update(ledgerTransactions)
      .set({ createdAt: new Date(at) })
      .where(eq(ledgerTransactions.key, key));
  }
  const get = (url: string, cookie = admin) => injectAs(t.app, cookie, { method: 'GET', url });
  const mark = (payload: object) => injectAs(t.app, admin, { method: 'POST', url: '/api/admin/finance/payouts', payload });

  async function hostBalance(id: string) {
    const [row] = await t.db
      .select({
        payable: sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = 'host_payable'), 0)::int`,
        owes: sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = 'host_owes_fees'), 0)::int`,
      })
      .from(ledgerTransactions)
      .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
      .where(eq(ledgerTransactions.hostId, id));
    return { payable: 0 - row!.payable, owes: row!.owes };
  }

  beforeAll(async () => {
    t = await createTestContext();
    const adminUser = await createUser(t.db, { role: 'admin' });
    admin = await signIn(t.app, adminUser.email);
    const host = await createUser(t.db, { role: 'host', firstName: 'Hila', lastName: 'Cohen' });
    hostId = host.id;
    hostCookie = await signIn(t.app, host.email);
    const listing = await createProperty(t.db, { hostId });
    const card = await createBooking(t.db, { propertyId: listing.id, paymentMethod: 'card' });
    const card2 = await createBooking(t.db, {
      propertyId: listing.id,
      paymentMethod: 'card',
      checkIn: '2031-01-10',
      checkOut: '2031-03-10',
    });
    const onArrival = await createBooking(t.db, { propertyId: listing.id, checkIn: '2031-06-10', checkOut: '2031-08-10' });
    // March: two card stays (1,100 fee 100; 2,200 fee 200). April: 550 refunded (500 the host's), a
    // stay paid on arrival whose fee of 60 the host owes. Due: 1,000 + 2,000 − 500 − 60 = 2,440.
    await record(`capture:${card.id}`, 'capture', hostId, card.id, captureLines(1100, 100), '2030-03-10T10:00:00Z');
    await record(`capture:${card2.id}`, 'capture', hostId, card2.id, captureLines(2200, 200), '2030-03-31T21:30:00Z');
    await record(`refund:${card.id}`, 'refund', hostId, card.id, refundLines(500, 50), '2030-04-02T10:00:00Z');
    await record(`fee:${onArrival.id}`, 'fee_on_arrival', hostId, onArrival.id, onArrivalFeeLines(60), '2030-04-03T10:00:00Z');
    // A host who only owes fees: listed, nothing to send.
    const other = await createUser(t.db, { role: 'host', email: 'owes@example.com' });
    const theirs = await createBooking(t.db, { propertyId: (await createProperty(t.db, { hostId: other.id })).id });
    await record(`fee:${theirs.id}`, 'fee_on_arrival', other.id, theirs.id, onArrivalFeeLines(80), '2030-04-05T10:00:00Z');
  });
  afterAll(() => t.close());

  it('sums charges, refunds, service fees and payouts per month (Israel time), newest first', async () => {
    const response = await get('/api/admin/finance/months');
    expect(response.statusCode).toBe(200);
    // 2030-03-31 21:30 UTC is already April 1st in Israel.
    expect(response.json().months).toEqual([
      { month: '2030-04', charges: 2200, refunds: 550, serviceFees: 200 - 50 + 60 + 80, onArrivalFees: 140, payouts: 0, feesReceived: 0 },
      { month: '2030-03', charges: 1100, refunds: 0, serviceFees: 100, onArrivalFees: 0, payouts: 0, feesReceived: 0 },
    ]);
    const csv = await get('/api/admin/finance/months.csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.replace('\uFEFF', '').split('\r\n').slice(0, 3)).toEqual([
      'month,charges,refunds,service_fees,on_arrival_fees,payouts,fees_received',
      '2030-04,2200,550,290,140,0,0',
      '2030-03,1100,0,100,0,0,0',
    ]);
  });

  it('lists what is due to each host: owed to them less the fees they owe', async () => {
    const { hosts } = (await get('/api/admin/finance/payouts-due')).json();
    expect(hosts).toEqual([
      expect.objectContaining({ hostId, name: 'Hila Cohen', payable: 2500, feesOwed: 60, due: 2440, lastPayoutAt: null }),
      expect.objectContaining({ email: 'owes@example.com', payable: 0, feesOwed: 80, due: 0, owes: 80, payoutMethod: null }),
    ]);
    const csv = await get('/api/admin/finance/payouts-due.csv');
    expect(csv.body.replace('\uFEFF', '').split('\r\n')[0]).toBe('host_id,email,name,payable,fees_owed,due,owes,last_payout_at');
    expect(csv.body).toContain(`${hostId},`);
  });

  it('is for admins only', async () => {
    for (const url of ['/api/admin/finance/months', '/api/admin/finance/payouts-due', '/api/admin/finance/months.csv']) {
      expect((await get(url, hostCookie)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const response = await injectAs(t.app, hostCookie, {
      method: 'POST',
      url: '/api/admin/finance/payouts',
      payload: { hostId, amount: 1, reference: 'x' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('marks a payout: never more than is due; the ledger settles the fees owed; the audit trail records it', async () => {
    const refused = await mark({ hostId, amount: 2441, reference: 'TRF-1' });
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'payout_exceeds_due']);
    expect((await mark({ hostId: '00000000-0000-4000-8000-000000000000', amount: 1, reference: 'TRF-0' })).statusCode).toBe(404);

    const response = await mark({ hostId, amount: 2000, reference: 'TRF-2' });
    expect(response.statusCode).toBe(201);
    const payout = response.json();
    expect(payout).toMatchObject({ hostId, amount: 2000, reference: 'TRF-2', settledFees: 60 });
    const lines = await t.db
      .select({ account: ledgerEntries.account, amount: ledgerEntries.amount, kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
      .where(eq(ledgerTransactions.key, `payout:${payout.id}`));
    expect(lines.map(({ account, amount }) => [account, amount]).sort()).toEqual(
      [
        ['host_payable', 2060],
        ['host_owes_fees', -60],
        ['provider_balance', -2000],
      ].sort(),
    );
    expect(await hostBalance(hostId)).toEqual({ payable: 440, owes: 0 });
    const { hosts } = (await get('/api/admin/finance/payouts-due')).json();
    expect(hosts[0]).toMatchObject({ hostId, payable: 440, feesOwed: 0, due: 440 });
    expect(hosts[0].lastPayoutAt).not.toBeNull();
    const months: { payouts: number }[] = (await get('/api/admin/finance/months')).json().months;
    expect(months.reduce((sum, m) => sum + m.payouts, 0)).toBe(2000);
    // The host sees it paid out.
    const earnings = (await get('/api/host/earnings', hostCookie)).json();
    expect(earnings.due).toBe(440);
    expect(earnings.months.reduce((sum: number, m: { paidOut: number }) => sum + m.paidOut, 0)).toBe(2000);

    const event = await eventually(async () => {
      const [row] = await t.db.select().from(securityEvents).where(eq(securityEvents.eventType, 'ADMIN_ACTION'));
      return row;
    });
    expect(event.description).toContain(payout.id);
    expect(event.description).toContain('TRF-2');
  });

  it('pays once when two admins mark the same payout at the same moment', async () => {
    const { due } = (await get('/api/admin/finance/payouts-due')).json().hosts[0];
    expect(due).toBe(440);
    const responses = await Promise.all([
      mark({ hostId, amount: 440, reference: 'RACE-A' }),
      mark({ hostId, amount: 440, reference: 'RACE-B' }),
      mark({ hostId, amount: 300, reference: 'RACE-C' }),
    ]);
    const statuses = responses.map((r) => r.statusCode).sort();
    // Whichever comes first, the others find less due than they ask for (440, then 0 or 140 left).
    const paid = responses.filter((r) => r.statusCode === 201).reduce((sum, r) => sum + (r.json() as { amount: number }).amount, 0);
    expect(paid).toBeLessThanOrEqual(440);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const balance = await hostBalance(hostId);
    expect(balance.payable).toBe(440 - paid);
    expect(balance.payable).toBeGreaterThanOrEqual(0);
    const rows = await t.db.select().from(payouts).where(eq(payouts.hostId, hostId));
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(2000 + paid);
  });
});
