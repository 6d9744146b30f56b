import { and, eq, ne, sql } from 'drizzle-orm';
import { policyOfStay } from '../../core/cancellation-policies.ts';
import { defaultCommissionRates, type PropertyType } from '../../core/constants.ts';
import { addDaysIso, today as israelToday } from '../../core/dates.ts';
import { withSchedule } from '../../core/payment-schedule.ts';
import { addMonthsIso } from '../../core/stay-months.ts';
import { quoteStay } from '../../core/quote.ts';
import type { Executor } from '../db/database.ts';
import { bookings, moveInReports, payments, properties } from '../db/schema.ts';
import { insertPeriods, periodsOf, recordPeriodPaid, recordPeriodReceived } from '../features/bookings/period-rows-repository.ts';

/*
 * The demo's long stays and move-in report (issue 37 item 12): an ongoing card sublet with a paid,
 * a failed and upcoming periods; a rental paid to the host with one period overdue; through the
 * sublet's paid first period, a host with a payout due; a card sublet that starts soon, whose paid
 * first month waits for move-in before it is payable; and a move-in report waiting for an admin.
 * Dates are relative to the seed's day, so a fresh `npm start` always shows them.
 *
 * The card rows are history (provider 'stripe', fake ids): the demo runs without Stripe, and the
 * charge job does nothing then (chargeDuePeriods needs a card provider). Even with Stripe set up,
 * Stripe is never called for them: the stay has no saved card, so a period the job claims fails as
 * no_saved_card before any charge.
 */

const dayMs = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface DemoLongStays {
  cardSubletId: string;
  /** A card sublet (the demo host's if one was free) starting in 12 days: its first month paid, its host share waiting for move-in. */
  futureCardSubletId: string;
  directRentalId: string;
  moveInStayId: string;
}

/**
 * A listing of `type` free from checkIn to checkOut (no pending, confirmed or completed stay on those
 * nights) that takes a stay that long and is offered over those dates; the preferred host's first.
 */
async function freeListing(
  db: Executor,
  {
    type,
    checkIn,
    checkOut,
    preferHost,
    avoidHost,
  }: { type: PropertyType; checkIn: string; checkOut: string; preferHost?: string; avoidHost?: string },
) {
  const nights = Math.round((Date.parse(checkOut) - Date.parse(checkIn)) / dayMs);
  const [listing] = await db
    .select()
    .from(properties)
    .where(
      and(
        eq(properties.propertyType, type),
        eq(properties.status, 'approved'),
        sql`${properties.minStayDays} <= ${nights} and ${properties.maxStayDays} >= ${nights}`,
        sql`(${properties.availableFrom} is null or ${properties.availableFrom} <= ${checkIn}::date)`,
        sql`(${properties.availableUntil} is null or ${properties.availableUntil} >= ${checkOut}::date)`,
        avoidHost ? ne(properties.hostId, avoidHost) : sql`true`,
        sql`not exists (select 1 from bookings b where b.property_id = ${properties.id}
          and b.status in ('pending', 'confirmed', 'completed')
          and b.check_in < ${checkOut}::date and b.check_out > ${checkIn}::date)`,
      ),
    )
    .orderBy(sql`${properties.hostId} = ${preferHost ?? null}::uuid desc nulls last`, properties.id)
    .limit(1);
  if (!listing) throw new Error(`demo long stays: no free ${type} from ${checkIn} to ${checkOut}`);
  return listing;
}

/** A confirmed stay of `guestId` at `listing`, priced like the app prices it (with its schedule when 28 nights or more). */
async function insertStay(
  db: Executor,
  listing: typeof properties.$inferSelect,
  stay: { guestId: string; checkIn: string; checkOut: string; bookedMs: number; card: boolean },
) {
  const bookedOn = day(stay.bookedMs);
  const quote = withSchedule(
    quoteStay(
      listing,
      { checkIn: stay.checkIn, checkOut: stay.checkOut, rooms: 1 },
      { serviceFeeRate: defaultCommissionRates[listing.propertyType] },
    ),
    stay,
    { bookedOn },
  );
  const requested = new Date(stay.bookedMs);
  const decided = new Date(stay.bookedMs + 3 * 3_600_000);
  const [booking] = await db
    .insert(bookings)
    .values({
      propertyId: listing.id,
      guestId: stay.guestId,
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      rooms: 1,
      guests: Math.min(listing.maxGuests, 2),
      exclusive: true,
      status: 'confirmed',
      leaseOption: listing.propertyType === 'rental' ? (listing.leaseOptions[0] ?? null) : null,
      subtotal: quote.subtotal,
      serviceFee: quote.serviceFee,
      total: quote.total,
      quote,
      commissionRate: defaultCommissionRates[listing.propertyType],
      cancellationPolicy: policyOfStay(listing, quote.nights),
      paymentMethod: stay.card ? 'card' : 'on_arrival',
      // A card stay's first period was captured when the host accepted (its hold); the rest are charged on their days.
      paymentStatus: stay.card ? 'captured' : 'due_on_arrival',
      decidedAt: decided,
      createdAt: requested,
      updatedAt: decided,
    })
    .returning({ id: bookings.id });
  if (quote.schedule) await insertPeriods(db, booking!.id, stay.card ? 'stripe' : 'direct', quote.schedule);
  return { id: booking!.id, hostId: listing.hostId };
}

/**
 * The stays, their periods and the report. Call before the seed numbers the receipts and books the
 * on-arrival fees (seedMoney leaves stays paid by period out); then payDemoPeriods.
 */
export async function seedDemoLongStays(
  db: Executor,
  { demoGuestId, demoHostId, otherGuestIds, now }: { demoGuestId: string; demoHostId: string; otherGuestIds: string[]; now: Date },
): Promise<DemoLongStays> {
  // Israel's day, as the app reads due days (late in the UTC evening it is tomorrow already).
  const today = israelToday(now);
  const todayMs = Date.parse(`${today}T00:00:00Z`);

  // The demo guest's card sublet, four months from about a month ago: the first month paid, the
  // second's charge declined today (its due day, three days before it starts), the rest ahead.
  // Due today, it shows as failed (an unpaid period past its due day shows as overdue).
  const subletIn = addMonthsIso(addDaysIso(today, 3), -1);
  const subletOut = addMonthsIso(subletIn, 4);
  const sublet = await freeListing(db, { type: 'sublet', checkIn: subletIn, checkOut: subletOut, avoidHost: demoHostId });
  const cardSublet = await insertStay(db, sublet, {
    guestId: demoGuestId,
    checkIn: subletIn,
    checkOut: subletOut,
    bookedMs: Date.parse(`${subletIn}T00:00:00Z`) - 15 * dayMs,
    card: true,
  });

  // A rental paid to the host month by month, at the demo host's if one is free: the first month
  // received, the second (started yesterday, due four days ago) not yet.
  const rentalIn = addMonthsIso(addDaysIso(today, -1), -1);
  const rentalOut = addMonthsIso(rentalIn, 4);
  const rental = await freeListing(db, { type: 'rental', checkIn: rentalIn, checkOut: rentalOut, preferHost: demoHostId });
  const directRental = await insertStay(db, rental, {
    guestId: otherGuestIds[0]!,
    checkIn: rentalIn,
    checkOut: rentalOut,
    bookedMs: Date.parse(`${rentalIn}T00:00:00Z`) - 12 * dayMs,
    card: false,
  });

  // A card sublet (at the demo host's if one is free) that starts in 12 days, booked a week ago: its first month was
  // captured when the host accepted, and its host share waits until 24 hours after check-in
  // (Admin Finance's upcoming payouts; the host's earnings, scheduled).
  const futureIn = addDaysIso(today, 12);
  const futureOut = addMonthsIso(futureIn, 3);
  const futureListing = await freeListing(db, { type: 'sublet', checkIn: futureIn, checkOut: futureOut, preferHost: demoHostId });
  const futureCardSublet = await insertStay(db, futureListing, {
    guestId: otherGuestIds[2]!,
    checkIn: futureIn,
    checkOut: futureOut,
    bookedMs: todayMs - 7 * dayMs,
    card: true,
  });

  // A week's rental that began today, whose guest could not get in: the report waits for an admin.
  const moveInOut = addDaysIso(today, 7);
  const moveInListing = await freeListing(db, { type: 'rental', checkIn: today, checkOut: moveInOut, avoidHost: demoHostId });
  const moveInStay = await insertStay(db, moveInListing, {
    guestId: otherGuestIds[1]!,
    checkIn: today,
    checkOut: moveInOut,
    bookedMs: todayMs - 20 * dayMs,
    card: false,
  });
  const reportedAt = new Date(now.getTime() - 30 * 60_000);
  await db.insert(moveInReports).values({
    bookingId: moveInStay.id,
    guestId: otherGuestIds[1]!,
    reason: 'could_not_get_in',
    description:
      'The lock box code in the arrival instructions does not open the box, and the host has not answered my calls for two hours. I am waiting outside with my luggage.',
    createdAt: reportedAt,
    updatedAt: reportedAt,
  });

  return {
    cardSubletId: cardSublet.id,
    futureCardSubletId: futureCardSublet.id,
    directRentalId: directRental.id,
    moveInStayId: moveInStay.id,
  };
}

/**
 * Pays the periods that were paid (their ledger movements and receipt numbers, as the app records
 * them), and leaves the sublet's second period declined today.
 */
export async function payDemoPeriods(db: Executor, stays: DemoLongStays): Promise<void> {
  const [firstCard, secondCard] = await periodsOf(db, stays.cardSubletId);
  await recordPeriodPaid(db, firstCard!.id, `pi_demo_${firstCard!.id.slice(0, 8)}`);
  await db
    .update(payments)
    .set({ paidAt: new Date(Date.parse(`${firstCard!.dueOn}T12:00:00Z`)) })
    .where(eq(payments.id, firstCard!.id));
  // Tried on its due day (today) and declined; the next try two days on (core nextRetryDay: days 0, 2, 4).
  await db
    .update(payments)
    .set({ status: 'failed', attempts: 1, failureCode: 'card_declined', nextAttemptOn: addDaysIso(secondCard!.dueOn, 2) })
    .where(eq(payments.id, secondCard!.id));

  const [firstFuture] = await periodsOf(db, stays.futureCardSubletId);
  await recordPeriodPaid(db, firstFuture!.id, `pi_demo_${firstFuture!.id.slice(0, 8)}`);
  await db
    .update(payments)
    .set({ paidAt: new Date(Date.parse(`${firstFuture!.dueOn}T12:00:00Z`)) })
    .where(eq(payments.id, firstFuture!.id));

  const [firstDirect] = await periodsOf(db, stays.directRentalId);
  await recordPeriodReceived(db, firstDirect!.id);
  await db
    .update(payments)
    .set({ paidAt: new Date(Date.parse(`${firstDirect!.periodStart}T09:00:00Z`)) })
    .where(eq(payments.id, firstDirect!.id));
  // Their ledger movements dated when they were paid, so Finance shows them in their months.
  await db.execute(sql`update ledger_transactions t set created_at = p.paid_at from payments p
    where p.kind = 'period' and t.key = p.ledger_key and p.id in (${firstCard!.id}, ${firstFuture!.id}, ${firstDirect!.id})`);
}
