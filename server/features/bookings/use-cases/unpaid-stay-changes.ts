import { DomainError } from '../../../../core/domain-error.ts';
import { differencePageExpiry } from '../../../../core/unpaid-extension.ts';
import { refreshHostFigures } from '../../../db/host-figures.ts';
import { bookingParties } from '../booking-views-repository.ts';
import { mailUnpaidChange } from '../stay-change-mail.ts';
import type { LapsingChange } from '../unpaid-changes-repository.ts';
import { openChangeCheckout } from './answer-stay-change.ts';
import type { BookingDeps } from './booking-deps.ts';
import { asUnavailable } from './stage-stay-change.ts';

/*
 * An accepted change of a card stay paid at once that made it dearer owes its difference (decision
 * 058) by a deadline (decision 062, core/unpaid-extension.ts): 48 hours, or the original check-out if
 * sooner. The jobs remind the guest once, with a fresh payment page to the deadline, and lapse a
 * change still unpaid at it: the stay returns to what it was, the nights it added are freed, both
 * sides are mailed, and its page is closed through Stripe. A page paid after all is only a hold
 * (manual capture), which is let go: nothing is taken.
 */

type Deps = Pick<BookingDeps, 'db' | 'repos' | 'provider' | 'log' | 'clock' | 'siteUrl'>;

/** A payment page must stay open this long at least (Stripe: 30 minutes), so a reminder needs that much time left. */
const pageMinutes = 31;

/**
 * Reminds the guests whose difference is unpaid at its reminder time, each once (claimDueReminders).
 * The page they had is closed first (a page the guest paid meanwhile is left to its webhook, and no
 * reminder is sent), then a new charge row and page open until the deadline, and the guest is
 * mailed the way to it. A provider that cannot be reached gives the reminder back to the next run.
 * Returns the changes reminded.
 */
export async function remindUnpaidChanges(deps: Deps): Promise<string[]> {
  const { db, repos, provider, log } = deps;
  if (provider.method !== 'card') return [];
  const now = deps.clock();
  const reminded: string[] = [];
  for (const owed of await repos.unpaidChanges.claimDueReminders(db, now, pageMinutes)) {
    const charge = await repos.unpaidChanges.chargeRow(db, owed.chargeId);
    const change = await repos.stayChanges.changeById(db, owed.id);
    if (!charge || !change) continue;
    try {
      if (charge.status === 'awaiting_payment' && charge.sessionId && provider.closeCheckout) {
        if ((await provider.closeCheckout(charge.id, charge.sessionId)) === 'complete') continue;
      }
    } catch (error) {
      log.warn({ err: error, changeId: owed.id }, 'the difference page could not be closed: reminded on the next run');
      await repos.unpaidChanges.unclaimReminder(db, owed.id);
      continue;
    }
    const newChargeId = await db
      .transaction(async (tx) => {
        const id = await repos.stayChanges.insertChangeCharge(tx, owed.bookingId, charge.amount);
        if (!(await repos.unpaidChanges.replaceDifferenceCharge(tx, owed.id, charge.id, id)))
          throw new DomainError('stay_change_answered', 'lapsed');
        return id;
      })
      .catch((error: unknown) => {
        // The change lapsed between the claim and now: nothing to remind of.
        if (error instanceof DomainError) return null;
        throw error;
      });
    if (!newChargeId) continue;
    const parties = await bookingParties(db, owed.bookingId);
    try {
      await openChangeCheckout(
        deps,
        owed.bookingId,
        newChargeId,
        charge.amount,
        parties?.guest.language ?? 'he',
        differencePageExpiry(now, owed.payBy),
      );
    } catch (error) {
      // The guest is reminded all the same; without a page the change lapses at its deadline.
      log.error({ err: error, changeId: owed.id }, 'the reminder’s difference page could not be opened');
    }
    await mailUnpaidChange(
      deps,
      {
        bookingId: owed.bookingId,
        amount: charge.amount,
        payBy: owed.payBy,
        stay: { checkIn: change.checkIn, checkOut: change.checkOut, guests: change.guests, total: change.price.total },
      },
      'reminder',
    );
    reminded.push(owed.id);
  }
  return reminded;
}

/** What one lapse did in its transaction. */
type Lapse = { kind: 'lapsed'; change: LapsingChange; reverted: boolean } | { kind: 'stuck'; change: LapsingChange };

/**
 * Lapses the changes whose difference is still unpaid at their deadline, one transaction each, on
 * any number of instances at once (lockOneLapsing: FOR UPDATE SKIP LOCKED on the change and its
 * charge; a payment the webhook is recording holds the same charge row, and wins). In the
 * transaction: the booking returns to the stay it was (its added nights freed), the charge is
 * released and the change lapsed. After it: the page is closed through Stripe (a page paid in its
 * last moments has its hold let go), and both sides are mailed. A change that moved the stay whose
 * old nights were taken meanwhile cannot go back: it stays accepted and unpaid, left to an admin.
 * Returns the changes lapsed.
 */
export async function lapseUnpaidChanges(deps: Deps, limit = 20): Promise<string[]> {
  const { db, repos, log } = deps;
  const lapsed: string[] = [];
  for (let round = 0; round < limit; round++) {
    const now = deps.clock();
    let done: Lapse | null;
    try {
      done = await db.transaction(async (tx): Promise<Lapse | null> => {
        const change = await repos.unpaidChanges.lockOneLapsing(tx, now);
        if (!change) return null;
        let reverted: boolean;
        try {
          // A savepoint: a refused return (its old nights taken) leaves the rest of the transaction usable.
          reverted = await tx.transaction((inner) =>
            repos.unpaidChanges.returnToPreviousStay(inner, change.bookingId, change, change.previous, now),
          );
        } catch (error) {
          if (!(asUnavailable(error) instanceof DomainError)) throw error;
          await repos.unpaidChanges.stopLapse(tx, change.id);
          return { kind: 'stuck', change };
        }
        await repos.unpaidChanges.markLapsed(tx, change, now);
        if (reverted) await refreshHostFigures(tx, [change.hostId], now);
        return { kind: 'lapsed', change, reverted };
      });
    } catch (error) {
      log.error({ err: error }, 'an unpaid stay change could not be lapsed');
      break;
    }
    if (!done) break;
    const { change } = done;
    if (done.kind === 'stuck') {
      log.error(
        { changeId: change.id, bookingId: change.bookingId },
        'an unpaid change cannot lapse: the stay’s old nights were taken; left to an admin',
      );
      continue;
    }
    if (!done.reverted)
      log.warn({ changeId: change.id, bookingId: change.bookingId }, 'an unpaid change lapsed on a stay that had moved on');
    if (change.sessionId && deps.provider.method === 'card') {
      // Expired through Stripe, so it can no longer be paid; a page paid in its last moments has its
      // hold cancelled here, and its late webhook (releaseLateChangeCharge) finds it let go.
      await deps.provider
        .release(change.chargeId, { paymentIntentId: null, checkoutSessionId: change.sessionId })
        .catch((error: unknown) =>
          log.warn({ err: error, changeId: change.id }, 'a lapsed change’s page could not be closed: it lapses at its deadline'),
        );
    }
    if (done.reverted) {
      await mailUnpaidChange(
        deps,
        {
          bookingId: change.bookingId,
          amount: change.amount,
          payBy: now,
          stay: {
            checkIn: change.previous.checkIn,
            checkOut: change.previous.checkOut,
            guests: change.previous.guests,
            total: change.previous.total,
          },
        },
        'lapsed',
      );
    }
    lapsed.push(change.id);
  }
  return lapsed;
}

/**
 * A lapsed change's page was paid after all (the webhook, after its transaction): its card is only
 * held, and the hold is let go (Stripe key release-<charge>, the same the lapse used), so nothing is
 * taken. If the provider cannot be reached, the jobs let it go later (releaseLateHolds).
 */
export async function releaseLateChangeCharge(deps: Deps, late: { chargeId: string; bookingId: string; paymentIntentId: string }) {
  try {
    await deps.provider.release(late.chargeId, { paymentIntentId: late.paymentIntentId, checkoutSessionId: null });
    await deps.repos.unpaidChanges.markLateChargeReleased(deps.db, late.chargeId);
  } catch (error) {
    deps.log.error(
      { err: error, chargeId: late.chargeId, bookingId: late.bookingId },
      'a late payment’s hold is left for the booking jobs',
    );
  }
}

/** Holds of late payments the provider could not let go at the time. */
export async function releaseLateHolds(deps: Deps): Promise<number> {
  if (deps.provider.method !== 'card') return 0;
  const held = await deps.repos.unpaidChanges.heldLateCharges(deps.db);
  for (const late of held)
    await releaseLateChangeCharge(deps, { chargeId: late.id, bookingId: late.bookingId, paymentIntentId: late.paymentIntentId });
  return held.length;
}

/** The jobs of unpaid differences (booking-jobs.ts, every instance): remind, lapse, let late holds go. */
export async function runUnpaidChangeJobs(deps: Deps) {
  const reminded = await remindUnpaidChanges(deps);
  const lapsed = await lapseUnpaidChanges(deps);
  await releaseLateHolds(deps);
  return { reminded, lapsed };
}
