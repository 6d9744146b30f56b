/**
 * The booking and payment states as data (docs/decisions/043-states-as-data.md): the flows take
 * every move core/booking-states.ts and core/payment-states.ts allow and no other (a trigger of the
 * test's own records every status write), moveBookings refuses every other move, and two answers
 * racing for one request cannot both win. Over 300 lines: the one test drives every flow in turn.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bookingStartStates, bookingTransitions } from '../../../core/booking-states.ts';
import { bookingStatuses } from '../../../core/constants.ts';
import { paymentStartStates, paymentStatuses, paymentTransitions } from '../../../core/payment-states.ts';
import { moveBookings } from '../../db/state-moves-sql.ts';
import { bookings } from '../../db/schema.ts';
import { createProperty, createUser, daysFromNow } from '../../seed/factories.ts';
import type { StripeStandIn } from '../../test/stripe-stand-in.ts';
import { createStripeTestContext } from '../../test/stripe-test-context.ts';
import { createTestContext, injectAs, signIn, testDriver, type TestContext } from '../../test/test-app.ts';
import { abandonCheckout } from './booking-payments-repository.ts';
import { runBookingJobs } from './use-cases/run-booking-jobs.ts';

const webhookSecret = 'whsec_statesstandin';
const verified = { profile: { idVerificationStatus: 'verified' as const } };

/** Every move a table allows, as "from → to". */
const movesOf = (table: Record<string, readonly string[]>) =>
  Object.entries(table)
    .flatMap(([from, tos]) => tos.map((to) => `${from} → ${to}`))
    .sort();

/** Installs the test's own record of every status a booking is created in or moved to (not the app's). */
async function recordStateMoves(t: TestContext) {
  await t.db.execute(sql`create table state_moves (id serial primary key, kind text not null, from_state text, to_state text not null)`);
  await t.db.execute(
    sql.raw(`create function record_state_moves() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into state_moves (kind, from_state, to_state) values ('booking', null, new.status), ('payment', null, new.payment_status);
      else
        if new.status is distinct from old.status then
          insert into state_moves (kind, from_state, to_state) values ('booking', old.status, new.status);
        end if;
        if new.payment_status is distinct from old.payment_status then
          insert into state_moves (kind, from_state, to_state) values ('payment', old.payment_status, new.payment_status);
        end if;
      end if;
      return new;
    end $$`),
  );
  await t.db.execute(
    sql`create trigger record_state_moves after insert or update on bookings for each row execute function record_state_moves()`,
  );
}

/** What the record holds: the moves ("from → to") and the states bookings were created in, per kind. */
async function recordedStateMoves(...contexts: TestContext[]) {
  const seen = {
    booking: new Set<string>(),
    payment: new Set<string>(),
    bookingStarts: new Set<string>(),
    paymentStarts: new Set<string>(),
  };
  for (const context of contexts) {
    const { rows } = (await context.db.execute(sql`select kind, from_state, to_state from state_moves`)) as unknown as {
      rows: { kind: 'booking' | 'payment'; from_state: string | null; to_state: string }[];
    };
    for (const move of rows) {
      if (move.from_state === null) seen[`${move.kind}Starts`].add(move.to_state);
      else seen[move.kind].add(`${move.from_state} → ${move.to_state}`);
    }
  }
  return {
    booking: [...seen.booking].sort(),
    payment: [...seen.payment].sort(),
    bookingStarts: [...seen.bookingStarts].sort(),
    paymentStarts: [...seen.paymentStarts].sort(),
  };
}

describe('booking and payment states', () => {
  /** The app with cards (Stripe's stand-in) and the app without, where every stay is paid on arrival. */
  let t: TestContext;
  let cash: TestContext;
  let stripe: StripeStandIn;
  let hostId: string;
  let host: string;
  let cashHostId: string;
  let cashHost: string;
  let guestCount = 0;
  let requests = 0;

  const newGuest = async (context: TestContext, overrides: Parameters<typeof createUser>[1] = verified) => {
    const email = `state-guest-${++guestCount}@example.com`;
    await createUser(context.db, { email, ...overrides });
    return signIn(context.app, email);
  };
  const home = (context: TestContext, host: string, overrides: Parameters<typeof createProperty>[1] = {}) =>
    createProperty(context.db, {
      propertyType: 'sublet',
      hostId: host,
      availableFrom: daysFromNow(1),
      availableUntil: daysFromNow(366),
      minStayDays: 1,
      maxStayDays: 365,
      ...overrides,
    });
  const book = (context: TestContext, cookie: string, body: Record<string, unknown>) =>
    injectAs(context.app, cookie, { method: 'POST', url: '/api/bookings', payload: body, remoteAddress: `10.9.0.${++requests % 250}` });
  const act = (context: TestContext, cookie: string, id: string, action: string) =>
    injectAs(context.app, cookie, { method: 'POST', url: `/api/bookings/${id}/${action}` });
  const row = async (context: TestContext, id: string) => (await context.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const states = async (context: TestContext, id: string) => {
    const stored = await row(context, id);
    return [stored.status, stored.paymentStatus];
  };
  const sessionOf = (url: string) => url.split('/pay/')[1]!;

  beforeAll(async () => {
    ({ t, stripe } = await createStripeTestContext(webhookSecret));
    cash = await createTestContext();
    hostId = (await createUser(t.db, { email: 'state-host@example.com', role: 'host', ...verified })).id;
    host = await signIn(t.app, 'state-host@example.com');
    cashHostId = (await createUser(cash.db, { email: 'state-cash-host@example.com', role: 'host', ...verified })).id;
    cashHost = await signIn(cash.app, 'state-cash-host@example.com');
    await recordStateMoves(t);
    await recordStateMoves(cash);
  });
  afterAll(async () => {
    await t?.close();
    await cash?.close();
    await stripe?.close();
  });
  afterEach(async () => {
    await stripe.deliverWithheld();
  });

  /** A guest asks for a card stay and pays on the hosted page: the card is held. */
  async function requestAndPay(cookie: string, body: Record<string, unknown>) {
    const response = await book(t, cookie, body);
    expect(response.statusCode, response.body).toBe(201);
    const booking = response.json() as { id: string; checkoutUrl: string };
    expect((await stripe.pay(sessionOf(booking.checkoutUrl))).status).toBe(303);
    return booking;
  }

  it('the flows take every move the tables allow and no other, and bookings start in the start states only', async () => {
    // Card stays: request → paid (held) → accepted (captured) → cancelled by the host (refunded).
    const guest = await newGuest(t);
    const listing = await home(t, hostId);
    const accepted = await requestAndPay(guest, { propertyId: listing.id, checkIn: daysFromNow(10), checkOut: daysFromNow(20) });
    expect(await states(t, accepted.id)).toEqual(['pending', 'authorized']);
    expect((await act(t, host, accepted.id, 'accept')).statusCode).toBe(200);
    expect(await states(t, accepted.id)).toEqual(['confirmed', 'captured']);
    expect((await act(t, host, accepted.id, 'cancel')).statusCode).toBe(200);
    expect(await states(t, accepted.id)).toEqual(['cancelled', 'refunded']);

    // Accepted, then cancelled by the guest after the 48-hour grace: partly refunded (long-stay policy).
    const partial = await requestAndPay(guest, { propertyId: listing.id, checkIn: daysFromNow(30), checkOut: daysFromNow(90) });
    expect((await act(t, host, partial.id, 'accept')).statusCode).toBe(200);
    await t.db
      .update(bookings)
      .set({ createdAt: new Date(Date.now() - 72 * 3_600_000) })
      .where(eq(bookings.id, partial.id));
    expect((await act(t, guest, partial.id, 'cancel')).statusCode).toBe(200);
    expect(await states(t, partial.id)).toEqual(['cancelled', 'partially_refunded']);

    // Declined after paying: the hold is let go.
    const declined = await requestAndPay(guest, { propertyId: listing.id, checkIn: daysFromNow(100), checkOut: daysFromNow(110) });
    expect((await act(t, host, declined.id, 'decline')).statusCode).toBe(200);
    expect(await states(t, declined.id)).toEqual(['declined', 'released']);

    // The hold lapsed at Stripe before the host accepted: the charge fails and the request waits again.
    const undone = await requestAndPay(guest, { propertyId: listing.id, checkIn: daysFromNow(120), checkOut: daysFromNow(130) });
    stripe.intents.get((await row(t, undone.id)).stripePaymentIntentId!)!.status = 'canceled';
    const failed = await act(t, host, undone.id, 'accept');
    expect([failed.statusCode, failed.json().error.code]).toEqual([502, 'payment_failed']);
    expect(await states(t, undone.id)).toEqual(['pending', 'authorized']);
    // One request per place at a time: the guest withdraws it (its hold is let go).
    expect((await act(t, guest, undone.id, 'cancel')).statusCode).toBe(200);

    // Paid, then withdrawn before the webhook came: released; the late webhook brings the hold
    // (released → authorized), which is let go again.
    const late = (await book(t, guest, { propertyId: listing.id, checkIn: daysFromNow(140), checkOut: daysFromNow(150) })).json();
    stripe.withholdEvents();
    await stripe.pay(sessionOf(late.checkoutUrl));
    expect((await act(t, guest, late.id, 'cancel')).statusCode).toBe(200);
    expect(await states(t, late.id)).toEqual(['cancelled', 'released']);
    expect(await stripe.deliverWithheld()).toEqual([200]);
    expect(await states(t, late.id)).toEqual(['cancelled', 'released']);

    // Stripe's expiry of an unpaid checkout withdraws the stay.
    const expiring = (await book(t, guest, { propertyId: listing.id, checkIn: daysFromNow(160), checkOut: daysFromNow(170) })).json();
    await fetch(`${stripe.url}/v1/checkout/sessions/${sessionOf(expiring.checkoutUrl)}/expire`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_lina' },
    });
    await expect.poll(() => states(t, expiring.id)).toEqual(['cancelled', 'released']);

    // Booked instantly at a hotel: confirmed and captured as soon as the card is held.
    const hotel = await createProperty(t.db, { propertyType: 'hotel', hostId, instantBooking: true, availableFrom: null });
    const instant = await requestAndPay(guest, { propertyId: hotel.id, checkIn: daysFromNow(10), checkOut: daysFromNow(12) });
    expect(await states(t, instant.id)).toEqual(['confirmed', 'captured']);

    // Paid on arrival. A guest whose identity is not verified sends requests; a verified one books
    // an instant listing at once.
    const asker = await newGuest(cash, {});
    const place = await home(cash, cashHostId);
    const ask = async (checkIn: number) => {
      const response = await book(cash, asker, { propertyId: place.id, checkIn: daysFromNow(checkIn), checkOut: daysFromNow(checkIn + 5) });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as string;
    };
    const answered = await ask(10);
    expect((await act(cash, cashHost, answered, 'accept')).statusCode).toBe(200);
    expect(await states(cash, answered)).toEqual(['confirmed', 'due_on_arrival']);
    expect((await act(cash, asker, answered, 'cancel')).statusCode).toBe(200);
    expect(await states(cash, answered)).toEqual(['cancelled', 'cancelled']);
    const refused = await ask(20);
    expect((await act(cash, cashHost, refused, 'decline')).statusCode).toBe(200);
    expect(await states(cash, refused)).toEqual(['declined', 'cancelled']);
    const withdrawn = await ask(30);
    expect((await act(cash, asker, withdrawn, 'cancel')).statusCode).toBe(200);
    expect(await states(cash, withdrawn)).toEqual(['cancelled', 'cancelled']);
    const unanswered = await ask(40);
    await runBookingJobs(cash.db, new Date(Date.now() + 25 * 3_600_000));
    expect(await states(cash, unanswered)).toEqual(['expired', 'cancelled']);
    const instantPlace = await home(cash, cashHostId, { instantBooking: true });
    const booked = await book(cash, await newGuest(cash), {
      propertyId: instantPlace.id,
      checkIn: daysFromNow(50),
      checkOut: daysFromNow(55),
    });
    expect(booked.json().status).toBe('confirmed');
    await runBookingJobs(cash.db, new Date(Date.now() + 60 * 86_400_000));
    expect(await states(cash, booked.json().id)).toEqual(['completed', 'due_on_arrival']);

    const recorded = await recordedStateMoves(t, cash);
    expect(recorded.booking).toEqual(movesOf(bookingTransitions));
    expect(recorded.payment).toEqual(movesOf(paymentTransitions));
    expect(recorded.bookingStarts).toEqual([...bookingStartStates].sort());
    expect(recorded.paymentStarts).toEqual([...paymentStartStates].sort());
  });

  it('moveBookings moves a booking only along the tables: every other move changes no row', async () => {
    const guest = await newGuest(cash, {});
    const place = await home(cash, cashHostId);
    const created = await book(cash, guest, { propertyId: place.id, checkIn: daysFromNow(200), checkOut: daysFromNow(205) });
    const id = created.json().id as string;
    for (const from of bookingStatuses) {
      for (const to of bookingStatuses) {
        if (from === to) continue;
        await cash.db.update(bookings).set({ status: from }).where(eq(bookings.id, id));
        const moved = await moveBookings(cash.db, { status: to, where: eq(bookings.id, id) }).returning({ id: bookings.id });
        const allowed = bookingTransitions[from].includes(to);
        expect([moved.length, (await row(cash, id)).status], `${from} → ${to}`).toEqual([allowed ? 1 : 0, allowed ? to : from]);
      }
    }
    for (const from of paymentStatuses) {
      for (const to of paymentStatuses) {
        if (from === to) continue;
        await cash.db.update(bookings).set({ paymentStatus: from }).where(eq(bookings.id, id));
        const moved = await moveBookings(cash.db, { paymentStatus: to, where: eq(bookings.id, id) }).returning({ id: bookings.id });
        const allowed = paymentTransitions[from].includes(to);
        expect([moved.length, (await row(cash, id)).paymentStatus], `${from} → ${to}`).toEqual([allowed ? 1 : 0, allowed ? to : from]);
      }
    }
    // Both columns at once: the move happens only if both are allowed.
    await cash.db.update(bookings).set({ status: 'declined', paymentStatus: 'due_on_arrival' }).where(eq(bookings.id, id));
    const both = await moveBookings(cash.db, { status: 'cancelled', paymentStatus: 'cancelled', where: eq(bookings.id, id) }).returning({
      id: bookings.id,
    });
    expect([both.length, ...(await states(cash, id))]).toEqual([0, 'declined', 'due_on_arrival']);
  });

  it('a checkout that cannot be opened for a request the host declined meanwhile releases it, and leaves it declined', async () => {
    const guest = await newGuest(t);
    const listing = await home(t, hostId);
    const response = await book(t, guest, { propertyId: listing.id, checkIn: daysFromNow(200), checkOut: daysFromNow(210) });
    const id = response.json().id as string;
    // The host's decline lands between the booking's creation and the checkout's failure.
    await t.db.update(bookings).set({ status: 'declined' }).where(eq(bookings.id, id));
    await abandonCheckout(t.db, id);
    expect(await states(t, id)).toEqual(['declined', 'released']);
  });

  it.runIf(testDriver === 'postgres')('a request accepted and declined at once is answered once (PostgreSQL)', async () => {
    const guest = await newGuest(cash, {});
    const place = await home(cash, cashHostId);
    for (const checkIn of [220, 240, 260, 280]) {
      const created = await book(cash, guest, { propertyId: place.id, checkIn: daysFromNow(checkIn), checkOut: daysFromNow(checkIn + 5) });
      const id = created.json().id as string;
      const answers = await Promise.all([act(cash, cashHost, id, 'accept'), act(cash, cashHost, id, 'decline')]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.statusCode === 200)!.json().status;
      expect(await states(cash, id)).toEqual([winner, winner === 'confirmed' ? 'due_on_arrival' : 'cancelled']);
      expect(answers.find((answer) => answer.statusCode === 409)!.json().error.code).toBe('booking_state_changed');
    }
  });

  it('no statement writes a booking status except through moveBookings', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('test') && !file.startsWith('seed'),
    );
    const offenders: string[] = [];
    for (const file of files) {
      if (file === path.join('db', 'state-moves-sql.ts')) continue;
      const source = readFileSync(path.join(root, file), 'utf8');
      for (const match of source.matchAll(/\.update\(bookings\)/g)) {
        const statement = source.slice(match.index, source.indexOf('.where(', match.index));
        // The columns set must be written out (a shared object could hide a status in it).
        if (/\b(status|paymentStatus)\b/.test(statement) || /\.set\((?!\{)/.test(statement)) offenders.push(file);
      }
      // Only the SET clause counts: a WHERE that reads the status (a job claiming confirmed stays) writes none.
      for (const match of source.matchAll(/update\s+bookings\s+(?:\w+\s+)?set\s((?:(?!\b(?:where|from|returning)\b)[^;`])*)/gi)) {
        if (/\b(status|payment_status)\s*=/i.test(match[1]!)) offenders.push(file);
      }
    }
    expect(offenders).toEqual([]);
  });
});
