/**
 * How a stay is paid (docs/decisions/023-money.md). Pay on arrival is the default and needs no
 * configuration; cards go through Stripe Checkout when STRIPE_SECRET_KEY is set.
 */
export const paymentMethods = ['on_arrival', 'card'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/**
 * - due_on_arrival: the guest pays the host at check-in; the platform's fee is owed by the host.
 * - awaiting_payment: a card stay whose guest has not finished Stripe Checkout yet.
 * - authorized: the card is held (manual capture) until the host accepts.
 * - captured: the money is taken.
 * - released: the hold was let go (declined, expired, withdrawn): nothing was taken.
 * - refunded / partially_refunded: a captured stay was cancelled and the policy's refund sent back.
 * - cancelled: a pay-on-arrival stay was cancelled: nothing is due.
 */
export const paymentStatuses = [
  'due_on_arrival',
  'awaiting_payment',
  'authorized',
  'captured',
  'released',
  'refunded',
  'partially_refunded',
  'cancelled',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * How a payment's status moves (docs/decisions/043-states-as-data.md); the server's conditional
 * UPDATE (server/db/state-moves-sql.ts) refuses any other move:
 *
 * - awaiting_payment → authorized: the guest finished Stripe Checkout and the card is held;
 * - awaiting_payment → released: the checkout lapsed or could not be opened, or the stay ended first;
 * - authorized → captured: the stay is confirmed and the money taken;
 * - authorized → released: the stay ended (declined, expired, withdrawn) and the hold was let go;
 * - released → authorized: a checkout completed for a stay already marked released before any hold
 *   was seen, so the jobs retry until the hold is let go (docs/decisions/033-payment-integrity.md);
 * - captured → refunded / partially_refunded: a captured stay was cancelled and the policy's refund sent;
 * - due_on_arrival → cancelled: a stay paid on arrival will not happen.
 *
 * refunded, partially_refunded and cancelled are final.
 */
export const paymentTransitions: Record<PaymentStatus, readonly PaymentStatus[]> = {
  due_on_arrival: ['cancelled'],
  awaiting_payment: ['authorized', 'released'],
  authorized: ['captured', 'released'],
  captured: ['refunded', 'partially_refunded'],
  released: ['authorized'],
  refunded: [],
  partially_refunded: [],
  cancelled: [],
};

/** The states a payment is created in: paid on arrival, or a card stay waiting for its checkout. */
export const paymentStartStates: readonly PaymentStatus[] = ['due_on_arrival', 'awaiting_payment'];

/** Whether a payment's status may move from one state to another (see paymentTransitions). */
export const canMovePayment = (from: PaymentStatus, to: PaymentStatus) => paymentTransitions[from].includes(to);

/** Every state a payment's status may move to `to` from: what a conditional UPDATE to `to` expects. */
export const paymentStatesBefore = (to: PaymentStatus): PaymentStatus[] => paymentStatuses.filter((from) => canMovePayment(from, to));

/** The money was taken at some point (captured, and perhaps refunded since): what the guest paid is the stay's total. */
export const paymentWasTaken = (status: PaymentStatus) => status === 'captured' || status === 'refunded' || status === 'partially_refunded';

/**
 * The rows of the payments table (docs/decisions/053-payments-as-rows.md), one per movement of money
 * with the provider, keyed per payment so a stay can have several (the next issue's monthly payments):
 *
 * - authorization: the card held through Stripe Checkout for a stay (its status follows the hold:
 *   awaiting_payment → authorized → captured, or released);
 * - capture: the held money taken (a child of its authorization);
 * - refund: money sent back to the card, one row per part of a refund (decision 061), each a child of
 *   the charge it gives back from (a capture, a paid period, a charge), 'processing' until the
 *   provider took it, then 'succeeded'; one from before refunds were split is a child of its authorization;
 * - charge: money taken at once without a hold (none yet);
 * - payout: money sent to a host by bank transfer (no booking; the payouts row of the same id);
 * - period: one payment of a long stay's schedule (issue 37, decision 054): its nights
 *   (period_start/end), sequence, due day, amount and fee; a card period after the first is charged
 *   off-session by the job under its own id, a direct one is marked received by the host.
 */
export const paymentKinds = ['authorization', 'capture', 'refund', 'charge', 'payout', 'period'] as const;
export type PaymentKind = (typeof paymentKinds)[number];

/**
 * A payment row's status: an authorization's follows its hold; a capture or payout is recorded once it
 * succeeded; a refund part is written processing when planned and succeeds when the provider took it.
 */
export const paymentRowStatuses = [
  'awaiting_payment',
  'authorized',
  'captured',
  'released',
  'succeeded',
  'scheduled',
  'processing',
  'failed',
  'action_required',
  'cancelled',
] as const;
export type PaymentRowStatus = (typeof paymentRowStatuses)[number];

/** The statuses of a long stay's period row (kind 'period'). */
export const periodStatuses = ['scheduled', 'processing', 'succeeded', 'failed', 'action_required', 'cancelled'] as const;
export type PeriodStatus = (typeof periodStatuses)[number];

/**
 * How a period moves (decision 054); the repository's conditional UPDATEs expect exactly these:
 *
 * - scheduled → processing: the charge job claimed a due card period (one instance wins);
 * - scheduled → succeeded: the first card period's hold was captured, or a direct period was marked
 *   received by the host, or a pay-now Checkout for it completed;
 * - scheduled → cancelled: the stay ended before this period was paid (or it was rebuilt);
 * - processing → succeeded: the off-session charge went through;
 * - processing → failed: the card was declined (retried on days 0, 2, 4 after its due day);
 * - processing → action_required: the bank wants the guest (authentication required);
 * - failed / action_required → processing: the job retries on the next retry day;
 * - failed / action_required → succeeded: the guest paid it through the pay-now Checkout, or a
 *   direct period the host marked received late;
 * - failed / action_required → cancelled: the host ended the stay after the grace period;
 * - processing → scheduled / failed / action_required: a try left processing by a crash that never
 *   reached the provider goes back to the state it was claimed from (the recovery job, decision 062);
 * - processing → cancelled: the same, for a stay that ended meanwhile.
 *
 * succeeded and cancelled are final.
 */
export const periodTransitions: Record<PeriodStatus, readonly PeriodStatus[]> = {
  scheduled: ['processing', 'succeeded', 'cancelled'],
  processing: ['succeeded', 'failed', 'action_required', 'scheduled', 'cancelled'],
  failed: ['processing', 'succeeded', 'cancelled'],
  action_required: ['processing', 'succeeded', 'cancelled'],
  succeeded: [],
  cancelled: [],
};

/** Whether a period may move from one status to another (see periodTransitions). */
export const canMovePeriod = (from: PeriodStatus, to: PeriodStatus) => periodTransitions[from].includes(to);

/** Every status a period may move to `to` from: what a conditional UPDATE to `to` expects. */
export const periodStatesBefore = (to: PeriodStatus): PeriodStatus[] => periodStatuses.filter((from) => canMovePeriod(from, to));

/** Days after its due day a declined card period is tried again (0 is the due day itself). */
export const retryDays = [0, 2, 4] as const;

/** The day after `dueOn` to try again after `attempts` tries, or null when the tries are spent. */
export function nextRetryDay(dueOn: string, attempts: number, addDays: (day: string, days: number) => string): string | null {
  const offset = retryDays[attempts];
  return offset === undefined ? null : addDays(dueOn, offset);
}

/**
 * How long a card period may stay `processing` before the recovery job asks the provider what became
 * of it (decision 062). The charge job refreshes the row's time just before each provider call, and
 * one call lasts at most about a minute (20 s timeout, two retries), so a row untouched for 15
 * minutes belongs to no live run: its instance died between the claim and the result.
 */
export const stuckProcessingMinutes = 15;

/**
 * The state a period was claimed from, for a try that never reached the provider: its first try
 * (attempts before the claim 0) was scheduled; a retry came from failed or action_required, told
 * apart by the code the last refusal left.
 */
export function periodStatusBeforeClaim(attemptsBefore: number, failureCode: string | null): 'scheduled' | 'failed' | 'action_required' {
  if (attemptsBefore <= 0) return 'scheduled';
  return failureCode === 'authentication_required' || failureCode?.startsWith('requires_') ? 'action_required' : 'failed';
}

/**
 * Days after an unpaid period's due day that the host may end the stay: the platform's setting until
 * an admin changes it (within core/constants.ts graceDaysBounds; decision 060); applied as it is on
 * the day the host acts, to every stay.
 */
export const defaultGraceDays = 5;

/** What a period shows on both sides: overdue is a period not paid by its due day (computed, not stored). */
export type PeriodDisplayStatus = PeriodStatus | 'overdue';

/** A period's status as shown on `today` (ISO): scheduled past its due day is overdue. */
export function periodDisplayStatus(status: PeriodStatus, dueOn: string, today: string): PeriodDisplayStatus {
  if ((status === 'scheduled' || status === 'failed' || status === 'action_required') && dueOn < today) return 'overdue';
  return status;
}

/** Whether the host may end a stay whose period is unpaid since `dueOn` (grace days after it). */
export function graceOver(
  status: PeriodStatus,
  dueOn: string,
  today: string,
  graceDays: number,
  addDays: (day: string, days: number) => string,
) {
  return status !== 'succeeded' && status !== 'cancelled' && addDays(dueOn, graceDays) <= today;
}
