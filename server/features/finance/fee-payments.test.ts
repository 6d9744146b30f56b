import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLines, onArrivalFeeLines, type LedgerKind, type LedgerLine } from '../../../core/ledger-rules.ts';
import { feePaymentReference } from '../../../core/payout-methods.ts';
import { recordLedgerTransaction } from '../../db/ledger.ts';
import { ledgerEntries, ledgerTransactions, securityEvents } from '../../db/schema.ts';
import { createBooking, createProperty, createUser } from '../../seed/factories.ts';
import { createTestContext, eventually, injectAs, signIn, type TestContext } from '../../test/test-app.ts';

/**
 * Fees a host owes for stays paid to them directly are settled (issue 37 item 10, decision 057):
 * the host adds a bank account and sees what they owe and how to pay it; an admin records the
 * transfer; the ledger follows and every transaction balances.
 */
describe('fees received and payout methods', () => {
  let t: TestContext;
  let admin: string;
  let hostId: string;
  let hostCookie: string;
  let otherCookie: string;
  let mixedHostId: string;

  async function record(key: string, kind: LedgerKind, host: string, bookingId: string | null, lines: LedgerLine[]) {
    await recordLedgerTransaction(t.db, { key, kind, hostId: host, bookingId }, lines);
  }
  const feePayment = (payload: object, cookie = admin) =>
    injectAs(t.app, cookie, { method: 'POST', url: '/api/admin/finance/fee-payments', payload });
  const dueRow = async (id: string) => {
    const { hosts } = (await injectAs(t.app, admin, { method: 'GET', url: '/api/admin/finance/payouts-due' })).json() as {
      hosts: { hostId: string; payable: number; feesOwed: number; due: number; owes: number; payoutMethod: unknown }[];
    };
    return hosts.find((host) => host.hostId === id);
  };

  beforeAll(async () => {
    t = await createTestContext({ env: { PLATFORM_BANK_ACCOUNT: '12-600-4417820', PLATFORM_BANK_ACCOUNT_NAME: 'Lina Stays Ltd.' } });
    admin = await signIn(t.app, (await createUser(t.db, { role: 'admin' })).email);
    const host = await createUser(t.db, { role: 'host', firstName: 'Dana', lastName: 'Levi' });
    hostId = host.id;
    hostCookie = await signIn(t.app, host.email);
    otherCookie = await signIn(t.app, (await createUser(t.db, { role: 'host' })).email);
    // A host paid directly for two stays: fees of 300 and 200 owed.
    const listing = await createProperty(t.db, { hostId });
    const a = await createBooking(t.db, { propertyId: listing.id, checkIn: '2031-01-10', checkOut: '2031-01-20' });
    const b = await createBooking(t.db, { propertyId: listing.id, checkIn: '2031-02-10', checkOut: '2031-02-20' });
    await record(`fee:${a.id}`, 'fee_on_arrival', hostId, a.id, onArrivalFeeLines(300));
    await record(`fee:${b.id}`, 'fee_on_arrival', hostId, b.id, onArrivalFeeLines(200));
    // A host owed 400 for a card stay who owes 1,000 in fees: owes 600 net.
    const mixed = await createUser(t.db, { role: 'host' });
    mixedHostId = mixed.id;
    const place = await createProperty(t.db, { hostId: mixed.id });
    const card = await createBooking(t.db, { propertyId: place.id, paymentMethod: 'card' });
    const direct = await createBooking(t.db, { propertyId: place.id, checkIn: '2031-05-10', checkOut: '2031-06-10' });
    await record(`capture:${card.id}`, 'capture', mixed.id, card.id, captureLines(500, 100));
    await record(`fee:${direct.id}`, 'fee_on_arrival', mixed.id, direct.id, onArrivalFeeLines(1000));
  });
  afterAll(() => t.close());

  it('shows the admin what a host owes, with nothing due to send', async () => {
    expect(await dueRow(hostId)).toMatchObject({ payable: 0, feesOwed: 500, due: 0, owes: 500, payoutMethod: null });
    expect(await dueRow(mixedHostId)).toMatchObject({ payable: 400, feesOwed: 1000, due: 0, owes: 600 });
  });

  it('tells the host what they owe, where to pay it and with which reference', async () => {
    const settings = (await injectAs(t.app, hostCookie, { method: 'GET', url: '/api/host/payout-method' })).json();
    expect(settings).toEqual({
      payoutMethod: null,
      feePayment: {
        reference: feePaymentReference(hostId),
        payTo: { bankCode: '12', branch: '600', accountNumber: '4417820', accountHolder: 'Lina Stays Ltd.' },
      },
    });
    const earnings = (await injectAs(t.app, hostCookie, { method: 'GET', url: '/api/host/earnings' })).json();
    expect(earnings.feesOwed).toBe(500);
    expect(earnings.months.reduce((sum: number, m: { feesDue: number }) => sum + m.feesDue, 0)).toBe(500);
  });

  it('validates a payout method and shows it in full only to its host and to admins', async () => {
    const put = (payload: object, cookie = hostCookie) =>
      injectAs(t.app, cookie, { method: 'PUT', url: '/api/host/payout-method', payload });
    for (const bad of [
      { bankCode: '99', branch: '600', accountNumber: '123456', accountHolder: 'Dana Levi' },
      { bankCode: '12', branch: '60', accountNumber: '123456', accountHolder: 'Dana Levi' },
      { bankCode: '12', branch: '6000', accountNumber: '123456', accountHolder: 'Dana Levi' },
      { bankCode: '12', branch: '600', accountNumber: '12a456', accountHolder: 'Dana Levi' },
      { bankCode: '12', branch: '600', accountNumber: '123', accountHolder: 'Dana Levi' },
      { bankCode: '12', branch: '600', accountNumber: '0000000', accountHolder: 'Dana Levi' },
      { bankCode: '12', branch: '600', accountNumber: '1234567890', accountHolder: 'Dana Levi' },
      { bankCode: '12', branch: '600', accountNumber: '123456', accountHolder: ' ' },
    ]) {
      expect((await put(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    // Dashes and spaces people type are dropped.
    const saved = await put({ bankCode: '12', branch: '600', accountNumber: '44-178 21', accountHolder: 'Dana Levi' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().payoutMethod).toMatchObject({
      bankCode: '12',
      branch: '600',
      accountNumber: '4417821',
      accountHolder: 'Dana Levi',
    });
    // A change replaces it.
    expect((await put({ bankCode: '10', branch: '800', accountNumber: '12345678', accountHolder: 'Dana Levi' })).statusCode).toBe(200);
    const own = (await injectAs(t.app, hostCookie, { method: 'GET', url: '/api/host/payout-method' })).json();
    expect(own.payoutMethod).toMatchObject({ bankCode: '10', branch: '800', accountNumber: '12345678' });
    // Another host sees only their own (none).
    const other = (await injectAs(t.app, otherCookie, { method: 'GET', url: '/api/host/payout-method' })).json();
    expect(other.payoutMethod).toBeNull();
    // Admins see it with the host's balance, to send a payout.
    expect((await dueRow(hostId))?.payoutMethod).toMatchObject({ bankCode: '10', branch: '800', accountNumber: '12345678' });
    // Hosts cannot read the admin's list.
    expect((await injectAs(t.app, hostCookie, { method: 'GET', url: '/api/admin/finance/payouts-due' })).statusCode).toBe(403);
  });

  it('records a fee received: never more than owed, once per reference, admins only; the ledger follows', async () => {
    expect((await feePayment({ hostId, amount: 100, reference: 'FEE-1' }, hostCookie)).statusCode).toBe(403);
    const tooMuch = await feePayment({ hostId, amount: 501, reference: 'FEE-1' });
    expect([tooMuch.statusCode, tooMuch.json().error.code]).toEqual([409, 'fee_payment_exceeds_owed']);
    expect((await feePayment({ hostId: '00000000-0000-4000-8000-000000000000', amount: 1, reference: 'X' })).statusCode).toBe(404);
    expect((await feePayment({ hostId, amount: 0, reference: 'FEE-1' })).statusCode).toBe(400);

    const paid = await feePayment({ hostId, amount: 300, reference: 'FEE-1' });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ hostId, amount: 300, reference: 'FEE-1', feesOwed: 200 });
    const again = await feePayment({ hostId, amount: 100, reference: 'fee-1' });
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'fee_payment_already_recorded']);

    const lines = await t.db
      .select({ account: ledgerEntries.account, amount: ledgerEntries.amount })
      .from(ledgerTransactions)
      .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
      .where(eq(ledgerTransactions.key, paid.json().key));
    expect(lines.map((line) => [line.account, line.amount]).sort()).toEqual(
      [
        ['host_owes_fees', -300],
        ['provider_balance', 300],
      ].sort(),
    );
    expect(await dueRow(hostId)).toMatchObject({ feesOwed: 200, owes: 200, due: 0 });
    const earnings = (await injectAs(t.app, hostCookie, { method: 'GET', url: '/api/host/earnings' })).json();
    expect(earnings.feesOwed).toBe(200);
    expect(earnings.months.reduce((sum: number, m: { feesPaid: number }) => sum + m.feesPaid, 0)).toBe(300);
    const months: { feesReceived: number }[] = (await injectAs(t.app, admin, { method: 'GET', url: '/api/admin/finance/months' })).json()
      .months;
    expect(months.reduce((sum, m) => sum + m.feesReceived, 0)).toBe(300);
    const event = await eventually(async () => {
      const [row] = await t.db
        .select()
        .from(securityEvents)
        .where(sql`${securityEvents.description} like 'Fee payment%'`);
      return row;
    });
    expect(event.description).toContain('FEE-1');
  });

  it('sets what card stays owe a host against the fees they owe when they pay the difference', async () => {
    const paid = await feePayment({ hostId: mixedHostId, amount: 600, reference: 'TRF-77' });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await dueRow(mixedHostId)).toBeUndefined();
    const [sums] = await t.db
      .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` })
      .from(ledgerTransactions)
      .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
      .where(eq(ledgerTransactions.hostId, mixedHostId));
    expect(sums?.total).toBe(0);
  });
});
