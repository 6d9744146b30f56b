import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLines, payoutLines, refundLines } from '../../../core/ledger-rules.ts';
import { migrationsFolder } from '../../db/database.ts';
import { recordLedgerTransaction } from '../../db/ledger.ts';
import { releaseMigrations } from '../../db/migrations.ts';
import { bookings, payments, payouts } from '../../db/schema.ts';
import { createBooking, createProperty, createUser, daysFromNow } from '../../seed/factories.ts';
import { seedDemoData } from '../../seed/seed-demo-data.ts';
import { createTestContext, injectAs, signIn, type TestContext } from '../../test/test-app.ts';
import { bookingRepositories } from '../bookings/use-cases/booking-deps.ts';
import { recordPaymentEvent } from '../bookings/use-cases/apply-payment-event.ts';
import { unbalancedBookings } from './ledger-repository.ts';

/**
 * The payments table's migration (docs/decisions/053-payments-as-rows.md) moves today's money over
 * without losing a shekel. The database is the demo seed plus card stays in every payment state and
 * a payout, written as the release before the table wrote them (payment columns on the booking,
 * ledger keys per booking). The payments table is then as the migration finds it, empty; the
 * migration's own backfill statements run; and every receipt, every host's earnings and the
 * admin's finance pages answer exactly as before, every booking's ledger still sums to zero, and
 * the rows carry the old keys, so a replayed webhook and a retried provider call are still recognised.
 */

/** The backfill statements of the migration that made the payments table (the INSERTs after its CREATE). */
function backfillStatements(): string[] {
  const tag = releaseMigrations().find((migration) => migration.tag.endsWith('_payments_as_rows'))!.tag;
  return readFileSync(path.join(migrationsFolder, `${tag}.sql`), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => statement.includes('INSERT INTO "payments"'));
}

describe('the payments migration moves today’s money over', { timeout: 180_000 }, () => {
  let t: TestContext;
  let adminCookie: string;
  const hostEmails = new Set<string>();
  const hostCookies: Record<string, string> = {};
  const legacy: Record<string, { id: string; total: number; refunded: number; session: string; intent: string | null }> = {};
  let payoutId = '';

  beforeAll(async () => {
    t = await createTestContext();
    // The demo as the release before the table had it: no long stays paid by period (they came after).
    await seedDemoData(t.db, t.storage, new Date(), { longStays: false });
    const host = await createUser(t.db, { role: 'host' });
    hostEmails.add(host.email);
    const listing = await createProperty(t.db, { hostId: host.id, propertyType: 'sublet', minStayDays: 30, maxStayDays: 180 });

    // Card stays as the release before the payments table left them.
    const states = [
      ['captured', 'confirmed', 0],
      ['refunded', 'cancelled', 1],
      ['partially_refunded', 'cancelled', 0.5],
      ['authorized', 'pending', 0],
      ['released', 'declined', 0],
      ['awaiting_payment', 'pending', 0],
    ] as const;
    for (const [index, [paymentStatus, status, share]] of states.entries()) {
      const start = 40 + index * 40;
      const booking = await createBooking(t.db, {
        propertyId: listing.id,
        checkIn: daysFromNow(start),
        checkOut: daysFromNow(start + 30),
        status,
        paymentMethod: 'card',
        paymentStatus,
        stripeCheckoutSessionId: `cs_legacy_${index}`,
        stripePaymentIntentId: paymentStatus === 'awaiting_payment' ? null : `pi_legacy_${index}`,
      });
      // A captured stay has its receipt, cancelled or not.
      const receiptNumber =
        paymentStatus === 'captured' || share > 0 ? sql`coalesce(${bookings.receiptNumber}, nextval('receipt_numbers'))` : null;
      await t.db.update(bookings).set({ receiptNumber }).where(eq(bookings.id, booking.id));
      const refunded = Math.round(booking.subtotal * share) + Math.round(booking.serviceFee * share);
      if (share > 0) await t.db.update(bookings).set({ refunded }).where(eq(bookings.id, booking.id));
      if (paymentStatus === 'captured' || share > 0) {
        await recordLedgerTransaction(
          t.db,
          { key: `capture:${booking.id}`, kind: 'capture', bookingId: booking.id, hostId: host.id },
          captureLines(booking.total, booking.serviceFee),
        );
      }
      if (share > 0) {
        await recordLedgerTransaction(
          t.db,
          { key: `refund:${booking.id}`, kind: 'refund', bookingId: booking.id, hostId: host.id },
          refundLines(Math.round(booking.subtotal * share), Math.round(booking.serviceFee * share)),
        );
      }
      legacy[paymentStatus] = {
        id: booking.id,
        total: booking.total,
        refunded,
        session: `cs_legacy_${index}`,
        intent: paymentStatus === 'awaiting_payment' ? null : `pi_legacy_${index}`,
      };
    }
    // A payout as finance-repository.ts wrote it before the table: the payouts row and its ledger movement.
    const [payout] = await t.db.insert(payouts).values({ hostId: host.id, amount: 500, reference: 'TRF-1' }).returning();
    payoutId = payout!.id;
    await recordLedgerTransaction(t.db, { key: `payout:${payoutId}`, kind: 'payout', hostId: host.id }, payoutLines(500, 0));

    const admin = await createUser(t.db, { role: 'admin' });
    adminCookie = await signIn(t.app, admin.email);
    const seededHosts = await t.db.execute<{ email: string }>(
      sql`select distinct u.email from ledger_transactions l join users u on u.id = l.host_id order by u.email`,
    );
    for (const row of seededHosts.rows) hostEmails.add(row.email);
  });

  afterAll(async () => {
    await t?.close();
  });

  /** Every answer that reads the ledger: each receipt (as the admin), each host's earnings, the finance pages. */
  async function moneyAnswers() {
    const answers: Record<string, unknown> = {};
    const receipted = await t.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(sql`${bookings.receiptNumber} is not null`);
    for (const { id } of receipted) {
      const receipt = await injectAs(t.app, adminCookie, { method: 'GET', url: `/api/bookings/${id}/receipt` });
      expect(receipt.statusCode, receipt.body).toBe(200);
      answers[`receipt ${id}`] = receipt.json();
    }
    for (const email of hostEmails) {
      const cookie = (hostCookies[email] ??= await signIn(t.app, email));
      const earnings = await injectAs(t.app, cookie, { method: 'GET', url: '/api/host/earnings' });
      expect(earnings.statusCode, earnings.body).toBe(200);
      answers[`earnings ${email}`] = earnings.json();
    }
    for (const url of ['/api/admin/finance/months', '/api/admin/finance/payouts-due']) {
      answers[url] = (await injectAs(t.app, adminCookie, { method: 'GET', url })).json();
    }
    return answers;
  }

  it('leaves receipts, earnings and the finance pages as they were, and every ledger balanced', async () => {
    expect(await t.db.select().from(payments)).toEqual([]);
    const before = await moneyAnswers();
    expect(Object.keys(before).filter((key) => key.startsWith('receipt')).length).toBeGreaterThan(10);
    expect(Object.keys(before).filter((key) => key.startsWith('earnings')).length).toBeGreaterThan(1);

    for (const statement of backfillStatements()) await t.db.execute(sql.raw(statement));

    expect(await moneyAnswers()).toEqual(before);
    expect(await unbalancedBookings(t.db)).toEqual([]);
    // Not a shekel lost: the payment rows add up to what the provider's balance moved, kind by kind.
    const sums = await t.db.execute<{ kind: string; ledger: number; rows: number }>(sql`
      select t.kind,
        (select coalesce(sum(abs(e.amount)), 0)::int from ledger_entries e join ledger_transactions x on x.id = e.transaction_id
          where x.kind = t.kind and e.account = 'provider_balance') as ledger,
        (select coalesce(sum(p.amount), 0)::int from payments p where p.kind = t.kind) as rows
      from (values ('capture'), ('refund'), ('payout')) as t(kind)`);
    for (const row of sums.rows) expect([row.kind, row.rows]).toEqual([row.kind, row.ledger]);
  });

  it('gives each card stay its authorization under the booking’s id, and captures and refunds their old keys', async () => {
    const rowsOf = (bookingId: string) =>
      t.db
        .select({
          id: payments.id,
          kind: payments.kind,
          amount: payments.amount,
          status: payments.status,
          parentId: payments.parentId,
          session: payments.providerSessionId,
          intent: payments.providerPaymentId,
          idempotencyKey: payments.idempotencyKey,
          ledgerKey: payments.ledgerKey,
        })
        .from(payments)
        .where(eq(payments.bookingId, bookingId))
        .orderBy(payments.kind);
    const authorization = (stay: (typeof legacy)[string], status: string) => ({
      id: stay.id,
      kind: 'authorization',
      amount: stay.total,
      status,
      parentId: null,
      session: stay.session,
      intent: stay.intent,
      idempotencyKey: `checkout-${stay.id}`,
      ledgerKey: null,
    });
    const movement = (stay: (typeof legacy)[string], kind: 'capture' | 'refund', amount: number) => ({
      id: expect.any(String),
      kind,
      amount,
      status: 'succeeded',
      parentId: stay.id,
      session: null,
      intent: stay.intent,
      idempotencyKey: `${kind}-${stay.id}`,
      ledgerKey: `${kind}:${stay.id}`,
    });
    const { captured, refunded, partially_refunded: partly, authorized, released, awaiting_payment: awaiting } = legacy;
    expect(await rowsOf(captured!.id)).toEqual([authorization(captured!, 'captured'), movement(captured!, 'capture', captured!.total)]);
    expect(await rowsOf(refunded!.id)).toEqual([
      authorization(refunded!, 'captured'),
      movement(refunded!, 'capture', refunded!.total),
      movement(refunded!, 'refund', refunded!.refunded),
    ]);
    expect(await rowsOf(partly!.id)).toEqual([
      authorization(partly!, 'captured'),
      movement(partly!, 'capture', partly!.total),
      movement(partly!, 'refund', partly!.refunded),
    ]);
    expect(await rowsOf(authorized!.id)).toEqual([authorization(authorized!, 'authorized')]);
    expect(await rowsOf(released!.id)).toEqual([authorization(released!, 'released')]);
    expect(await rowsOf(awaiting!.id)).toEqual([authorization(awaiting!, 'awaiting_payment')]);
    const [payout] = await t.db.select().from(payments).where(eq(payments.id, payoutId));
    expect([payout?.kind, payout?.amount, payout?.ledgerKey, payout?.status]).toEqual(['payout', 500, `payout:${payoutId}`, 'succeeded']);
    // Stays paid on arrival have no payment rows: no money passes through us.
    const onArrival = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from payments p join bookings b on b.id = p.booking_id where b.payment_method = 'on_arrival'`,
    );
    expect(onArrival.rows[0]!.n).toBe(0);
  });

  it('recognises a webhook for a checkout opened before the migration, and a replay of it', async () => {
    const stay = legacy.awaiting_payment!;
    const deps = { db: t.db, repos: bookingRepositories, clock: () => new Date() };
    const event = {
      id: 'evt_legacy_completed',
      type: 'checkout_completed' as const,
      providerType: 'checkout.session.completed',
      bookingId: stay.id,
      checkoutSessionId: stay.session,
      paymentIntentId: 'pi_legacy_late',
      reference: null,
      amount: stay.total,
      currency: 'ils',
    };
    expect(await recordPaymentEvent(deps, event)).toMatchObject({ kind: 'authorized', bookingId: stay.id });
    expect(await recordPaymentEvent(deps, event)).toEqual({ kind: 'replayed' });
    const [authorization] = await t.db
      .select({ status: payments.status, intent: payments.providerPaymentId })
      .from(payments)
      .where(and(eq(payments.bookingId, stay.id), eq(payments.kind, 'authorization')));
    expect(authorization).toEqual({ status: 'authorized', intent: 'pi_legacy_late' });
  });
});
