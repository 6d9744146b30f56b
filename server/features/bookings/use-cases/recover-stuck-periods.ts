import { israelInstant } from '../../../../core/dates.ts';
import { periodStatusBeforeClaim, stuckProcessingMinutes } from '../../../../core/payment-states.ts';
import * as periods from '../period-rows-repository.ts';
import type { BookingDeps } from './booking-deps.ts';
import { recordChargeOutcome } from './long-stay-payments.ts';

/*
 * A card period the charge job claimed (processing) and whose result it never recorded: the process
 * died between the claim and the database (decision 062). A normal shutdown waits for the run, so
 * only a crash leaves one, and nothing else ever moves it again. The recovery asks the provider what
 * became of that try and records it exactly as the charge job would have.
 */

type Deps = Pick<BookingDeps, 'db' | 'repos' | 'provider' | 'log' | 'clock' | 'siteUrl'>;

export type RecoveryOutcome = 'succeeded' | 'failed' | 'action_required' | 'returned' | 'cancelled' | 'pending' | 'unknown';

/**
 * Reconciles the periods left processing for longer than `minutes` (core stuckProcessingMinutes),
 * on any number of instances at once: each row is claimed by one run (claimStuckPeriods, which also
 * takes a fresh lease on it). For each, the provider's payments of the guest made since the due day
 * are read (findOffSessionCharge):
 *
 * - paid (by this try or any earlier one) or refused at this try: recorded by recordChargeOutcome,
 *   the charge job's own recorder (ledger, receipt number, retry day, the pay-now mail);
 * - nothing reached the provider: the try is undone (undoUnsentTry), back to the state it was
 *   claimed from, so the next run of the charge job tries again under the same key; cancelled if
 *   the stay ended meanwhile;
 * - still pending at the provider, or the provider unreachable: left processing, looked at again
 *   when the lease lapses.
 *
 * Returns each period looked at and what became of it.
 */
export async function recoverStuckPeriods(
  deps: Deps,
  minutes = stuckProcessingMinutes,
): Promise<{ id: string; outcome: RecoveryOutcome }[]> {
  const { db, provider, log } = deps;
  // Without Stripe nothing can be asked: the rows wait for the provider to be configured again.
  if (provider.method !== 'card' || !provider.findOffSessionCharge) return [];
  const results: { id: string; outcome: RecoveryOutcome }[] = [];
  for (const claim of await periods.claimStuckPeriods(db, minutes)) {
    const period = await periods.periodById(db, claim.id);
    if (!period || period.status !== 'processing' || period.attempts !== claim.attempts) continue;
    let found: Awaited<ReturnType<NonNullable<typeof provider.findOffSessionCharge>>> = null;
    // Without a customer the charge job fails the period (no_saved_card) without calling anyone.
    if (period.customerId) {
      try {
        found = await provider.findOffSessionCharge({
          paymentId: period.id,
          attempt: period.attempts,
          customerId: period.customerId,
          // No try of a period is made before its due day (Israel's), a day's margin for clocks.
          since: new Date(israelInstant(period.dueOn).getTime() - 86_400_000),
        });
      } catch (error) {
        log.warn({ err: error, periodId: period.id }, 'a stuck period could not be looked up: tried again later');
        results.push({ id: period.id, outcome: 'unknown' });
        continue;
      }
    }
    if (found === null) {
      const stayGoesOn = period.bookingStatus === 'confirmed';
      const to = stayGoesOn ? periodStatusBeforeClaim(period.attempts - 1, period.failureCode) : 'cancelled';
      if (await periods.undoUnsentTry(db, period.id, period.attempts, to)) {
        log.warn({ periodId: period.id, to }, 'a period left processing by a crash never reached the provider: its try is undone');
      }
      results.push({ id: period.id, outcome: stayGoesOn ? 'returned' : 'cancelled' });
      continue;
    }
    if (found.outcome === 'pending') {
      results.push({ id: period.id, outcome: 'pending' });
      continue;
    }
    if (found.outcome === 'succeeded' && period.bookingStatus !== 'confirmed') {
      // The stay ended while its period was being charged: the money was taken and is recorded as
      // such (the ledger must hold what the provider holds), but the cancellation's refund was
      // computed without it. Left to an admin, loudly.
      log.error(
        { periodId: period.id, bookingId: period.bookingId, paymentIntentId: found.paymentIntentId },
        'a period was charged for a stay that ended meanwhile: its refund needs an admin',
      );
    }
    await recordChargeOutcome(deps, period, found);
    results.push({ id: period.id, outcome: found.outcome });
  }
  return results;
}
