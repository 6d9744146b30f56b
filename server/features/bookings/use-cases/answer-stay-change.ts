import { randomUUID } from 'node:crypto';
import type { StayChangeAnswerResult, StayChangeView } from '../../../../core/contracts/stay-changes.ts';
import { DomainError } from '../../../../core/domain-error.ts';
import { localizePath, type Language } from '../../../../core/languages.ts';
import type { StayChangePrice } from '../../../../core/stay-change-pricing.ts';
import type { StayChangeAnswer, StayChangeRole } from '../../../../core/stay-change-states.ts';
import { differencePageExpiry, differencePayBy, differenceReminderAt } from '../../../../core/unpaid-extension.ts';
import type { Executor } from '../../../db/database.ts';
import { refreshHostFigures } from '../../../db/host-figures.ts';
import { refundKeys } from '../refund-parts-repository.ts';
import { mailStayChange } from '../stay-change-mail.ts';
import type { BookingDeps } from './booking-deps.ts';
import { rescheduleStay } from './long-stay-payments.ts';
import { planRefund, sendRefund } from './split-refund.ts';
import { asUnavailable, assertChangeable, sideOf, stageStayChange, toStayChangeView } from './stage-stay-change.ts';

/*
 * The other side answers a proposal (POST /api/stay-changes/:id/accept|decline), or its sender takes
 * it back (…/withdraw). Every move is the proposal's conditional UPDATE from `proposed`: of two
 * racing answers exactly one applies, the other is told the proposal was answered.
 */

const answered = () => new DomainError('stay_change_answered', 'This change request has already been answered or has expired');

/**
 * A change of a stay paid period by period (decision 054; decision 058's addendum): in the
 * accepting transaction, after the booking took its new dates, party and totals, its unpaid periods
 * are rebuilt from the new quote (one more period for an extension, fewer or a shorter last one for
 * a shortening). The periods carry the money: nothing is charged at once for an extension (the
 * charge job takes each new period when it falls due), and a shortening sends back only what was
 * already paid beyond the new total.
 */
export async function afterStayChanged(tx: Executor, bookingId: string): Promise<void> {
  await rescheduleStay(tx, bookingId);
}

/** What a change leaves for the card provider once its transaction committed (never called inside one). */
type ChangeFollowUp =
  | { kind: 'refund'; refundId: string; amount: number; subtotal: number; serviceFee: number }
  | { kind: 'checkout'; chargeId: string; amount: number; payBy: Date }
  | null;

async function loadForAnswer(deps: Pick<BookingDeps, 'db' | 'repos'>, userId: string, changeId: string) {
  const change = await deps.repos.stayChanges.changeById(deps.db, changeId);
  if (!change) throw new DomainError('stay_change_not_found', 'No such change request');
  const booking = await deps.repos.stayChanges.bookingToChange(deps.db, change.bookingId);
  let side: StayChangeRole;
  try {
    side = sideOf(booking, userId);
  } catch {
    // Anyone but the two sides learns nothing, not even that the proposal exists.
    throw new DomainError('stay_change_not_found', 'No such change request');
  }
  return { change, booking: booking!, side };
}

/** Splits what goes back to the card as a refund is split: the platform's part first at most its share. */
function refundSplit(price: StayChangePrice) {
  const serviceFee = Math.min(price.refundServiceFee, price.moneyBack);
  return { subtotal: price.moneyBack - serviceFee, serviceFee };
}

/**
 * Accepts a proposal: in one transaction the booking's row is locked, the proposal moved (only from
 * `proposed` and before it expires), the change staged again at this moment (dates checked by the
 * database, price and policy refund as of now) and the money recorded: pay on arrival, the fee the
 * host owes follows the new total in the ledger; a card stay gets its refund planned over its card
 * charges (rows sent after the commit, decision 061), or a stay paid at once a charge row for the
 * difference whose Checkout is opened after the commit. An unavailable extension rolls all of it
 * back: the proposal stays open (the answerer may decline it) and the answer is 409
 * stay_change_unavailable.
 */
async function acceptChange(deps: BookingDeps, userId: string, changeId: string, bookingId: string) {
  const { db, repos } = deps;
  const now = deps.clock();
  try {
    return await db.transaction(async (tx) => {
      const booking = await repos.stayChanges.bookingToChange(tx, bookingId, true);
      if (!booking) throw new DomainError('stay_change_not_found', 'No such change request');
      const moved = await repos.stayChanges.moveOpenChange(tx, changeId, 'accepted', { answeredBy: userId, now, notExpired: true });
      if (!moved) throw answered();
      assertChangeable(booking, now);
      const proposed = { checkIn: moved.checkIn, checkOut: moved.checkOut, guests: moved.guests, children: moved.childAges };
      const { price } = await stageStayChange(deps, tx, booking, proposed, moved.role, now);
      // The price as of the acceptance (the policy's refund depends on the moment) replaces the proposal's.
      await repos.stayChanges.setChangePrice(tx, changeId, price);
      const accepted = { ...moved, price };
      let followUp: ChangeFollowUp = null;
      const periods = await repos.periods.periodsOf(tx, bookingId);
      if (periods.length > 0) {
        // Paid period by period: the rebuilt periods carry the difference (afterStayChanged, below).
        const paid = periods.filter((row) => row.status === 'succeeded').reduce((sum, row) => sum + row.amount, 0);
        const back = Math.min(price.moneyBack, Math.max(0, paid - price.total));
        if (booking.paymentMethod === 'card' && back > 0) {
          const refundId = randomUUID();
          await repos.stayChanges.setChangePayment(tx, changeId, refundId);
          followUp = { kind: 'refund', refundId, amount: back, ...refundSplit({ ...price, moneyBack: back }) };
          await planChangeRefund(tx, deps, { ...followUp, bookingId });
        }
        await afterStayChanged(tx, bookingId);
      } else if (booking.paymentMethod === 'card') {
        if (price.moneyBack > 0) {
          const refundId = randomUUID();
          await repos.stayChanges.setChangePayment(tx, changeId, refundId);
          followUp = { kind: 'refund', refundId, amount: price.moneyBack, ...refundSplit(price) };
          await planChangeRefund(tx, deps, { ...followUp, bookingId });
        } else if (price.charge > 0) {
          const chargeId = await repos.stayChanges.insertChangeCharge(tx, bookingId, price.charge);
          await repos.stayChanges.setChangePayment(tx, changeId, chargeId);
          // Owed from now (decision 062): paid by its deadline, or the change lapses back to this stay.
          const payBy = differencePayBy(now, booking, moved, booking.listing.checkInTime);
          await repos.unpaidChanges.markDifferenceOwed(tx, changeId, {
            previous: {
              checkIn: booking.checkIn,
              checkOut: booking.checkOut,
              guests: booking.guests,
              childAges: booking.childAges,
              quote: booking.quote,
              subtotal: booking.subtotal,
              serviceFee: booking.serviceFee,
              total: booking.total,
              cancellationPolicy: booking.cancellationPolicy,
            },
            payBy,
            remindAt: differenceReminderAt(now, payBy),
          });
          followUp = { kind: 'checkout', chargeId, amount: price.charge, payBy };
        }
      } else {
        await repos.stayChanges.adjustOnArrivalFee(tx, {
          id: changeId,
          bookingId,
          hostId: booking.hostId,
          feeDifference: price.serviceFee - booking.serviceFee,
        });
      }
      await refreshHostFigures(tx, [booking.hostId], now);
      return { change: { ...accepted, price, status: 'accepted' as const }, booking, followUp };
    });
  } catch (error) {
    throw asUnavailable(error);
  }
}

/** The refund of a shortening, as the accepting transaction chose it: its id, the stay, and what the host and the platform give back. */
interface ChangeRefund {
  refundId: string;
  bookingId: string;
  subtotal: number;
  serviceFee: number;
}

/**
 * Plans a shortening's refund over the stay's card charges (split-refund.ts) in `tx`, under the key
 * its id gives (refund-<id>): a stay extended by a charge of its own, or a long stay's months, has
 * more than one PaymentIntent to give back from.
 */
async function planChangeRefund(tx: Executor, deps: Pick<BookingDeps, 'repos'>, refund: ChangeRefund) {
  await planRefund(tx, deps, {
    bookingId: refund.bookingId,
    refundKey: refundKeys.stayChange(refund.refundId),
    amount: refund.subtotal + refund.serviceFee,
    serviceFee: refund.serviceFee,
  });
}

/**
 * Sends a shortening's refund back to the card, part by part, and records each part (retried by the
 * jobs when the provider fails). Planned when the change was accepted; a change accepted before
 * refunds were split is planned now.
 */
export async function sendChangeRefund(deps: Pick<BookingDeps, 'db' | 'repos' | 'provider'>, refund: ChangeRefund) {
  const refundKey = refundKeys.stayChange(refund.refundId);
  if ((await deps.repos.refundParts.partsOf(deps.db, refundKey)).length === 0) {
    await deps.db.transaction((tx) => planChangeRefund(tx, deps, refund));
  }
  await sendRefund(deps, refundKey, 'stay change');
}

/**
 * Opens the Checkout of an accepted extension's difference, payable until `expiresAt` (the deadline,
 * 24 hours at most: core/unpaid-extension.ts); the guest comes back to My Bookings. Also the
 * reminder's new page (use-cases/unpaid-stay-changes.ts).
 */
export async function openChangeCheckout(
  deps: Pick<BookingDeps, 'db' | 'repos' | 'provider' | 'siteUrl'>,
  bookingId: string,
  chargeId: string,
  amount: number,
  language: Language,
  expiresAt: Date,
) {
  const booking = await deps.repos.stayChanges.bookingToChange(deps.db, bookingId);
  if (!booking) return undefined;
  const back = (result: string) =>
    `${deps.siteUrl}${localizePath('/my-bookings', language)}?payment=${result}&booking=${encodeURIComponent(bookingId)}`;
  const session = await deps.provider.startCheckout({
    bookingId,
    paymentId: chargeId,
    amount,
    description: `${booking.listing.titleEn} · ${booking.checkIn} → ${booking.checkOut}`,
    customerEmail: booking.guestEmail,
    successUrl: back('success'),
    cancelUrl: back('cancelled'),
    expiresAt,
  });
  if (!session) return undefined;
  await deps.repos.stayChanges.saveChargeSession(deps.db, chargeId, session.sessionId);
  return session.url;
}

/**
 * The other side accepts or declines a proposal. Accepting moves the booking and its money
 * (acceptChange), then sends a refund or opens the difference's Checkout (its address is answered
 * when the guest accepted; a host who accepts leaves the guest to pay from My Bookings), and mails
 * the proposer in their language.
 */
export async function answerStayChange(
  deps: BookingDeps,
  userId: string,
  changeId: string,
  answer: StayChangeAnswer,
  language: Language,
): Promise<StayChangeAnswerResult> {
  const { change, side } = await loadForAnswer(deps, userId, changeId);
  if (side === change.role) throw new DomainError('stay_change_not_yours', 'Only the other side can answer this change request');
  const now = deps.clock();
  if (answer === 'decline') {
    const moved = await deps.repos.stayChanges.moveOpenChange(deps.db, changeId, 'declined', { answeredBy: userId, now, notExpired: true });
    if (!moved) throw answered();
    await mailStayChange(deps, { ...moved, total: moved.price.total, difference: moved.price.difference }, 'declined');
    return { change: toStayChangeView(moved, side) };
  }
  const accepted = await acceptChange(deps, userId, changeId, change.bookingId);
  let checkoutUrl: string | undefined;
  const followUp = accepted.followUp;
  if (followUp && deps.provider.method !== 'card') {
    deps.log.error(
      { bookingId: change.bookingId, changeId },
      'a card stay changed, but Stripe is not configured: its money is left for the jobs',
    );
  } else if (followUp?.kind === 'refund') {
    await sendChangeRefund(deps, {
      refundId: followUp.refundId,
      bookingId: change.bookingId,
      subtotal: followUp.subtotal,
      serviceFee: followUp.serviceFee,
    }).catch((error: unknown) => deps.log.error({ err: error, changeId }, 'stay change refund left for the booking jobs'));
  } else if (followUp?.kind === 'checkout') {
    try {
      const expiresAt = differencePageExpiry(deps.clock(), followUp.payBy);
      const url = await openChangeCheckout(deps, change.bookingId, followUp.chargeId, followUp.amount, language, expiresAt);
      if (side === 'guest') checkoutUrl = url;
    } catch (error) {
      deps.log.error({ err: error, changeId }, 'the checkout of a stay change could not be opened');
    }
  }
  const row = accepted.change;
  await mailStayChange(deps, { ...row, total: row.price.total, difference: row.price.difference }, 'accepted');
  const view: StayChangeView = toStayChangeView(row, side);
  return checkoutUrl ? { change: view, checkoutUrl } : { change: view };
}

/** The side that proposed takes its proposal back while it is still open (POST /api/stay-changes/:id/withdraw). */
export async function withdrawStayChange(
  deps: Pick<BookingDeps, 'db' | 'repos' | 'clock'>,
  userId: string,
  changeId: string,
): Promise<StayChangeView> {
  const { change, side } = await loadForAnswer(deps, userId, changeId);
  if (side !== change.role) throw new DomainError('stay_change_not_yours', 'Only the side that proposed a change can withdraw it');
  const moved = await deps.repos.stayChanges.moveOpenChange(deps.db, changeId, 'withdrawn', { answeredBy: userId, now: deps.clock() });
  if (!moved) throw answered();
  return toStayChangeView(moved, side);
}

/**
 * The job (booking-jobs.ts, every instance): proposals nobody answered within 24 hours expire, each
 * once (a conditional UPDATE returns a row to one run only), and their senders are mailed; refunds of
 * accepted shortenings the provider did not take are sent again (the provider's key and the row's id
 * make a retry do nothing more). Returns the expired proposals' ids.
 */
export async function runStayChangeJobs(deps: BookingDeps): Promise<string[]> {
  const now = deps.clock();
  const expired = await deps.repos.stayChanges.expireDueChanges(deps.db, now);
  for (const row of expired) {
    const change = await deps.repos.stayChanges.changeById(deps.db, row.id);
    if (change) await mailStayChange(deps, { ...change, total: change.price.total, difference: change.price.difference }, 'expired');
  }
  if (deps.provider.method === 'card') {
    for (const due of await deps.repos.stayChanges.changeRefundsDue(deps.db)) {
      const split = refundSplit(due.price);
      await sendChangeRefund(deps, { refundId: due.paymentId!, bookingId: due.bookingId, ...split }).catch((error: unknown) =>
        deps.log.error({ err: error, changeId: due.id }, 'stay change refund failed again'),
      );
    }
  }
  return expired.map((row) => row.id);
}
