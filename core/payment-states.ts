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
 * - refund: money sent back from a capture (a child of the authorization it came from);
 * - charge: money taken at once without a hold (none yet);
 * - payout: money sent to a host by bank transfer (no booking; the payouts row of the same id).
 */
export const paymentKinds = ['authorization', 'capture', 'refund', 'charge', 'payout'] as const;
export type PaymentKind = (typeof paymentKinds)[number];

/** A payment row's status: an authorization's follows its hold; a capture, refund or payout is recorded once it succeeded. */
export const paymentRowStatuses = ['awaiting_payment', 'authorized', 'captured', 'released', 'succeeded'] as const;
export type PaymentRowStatus = (typeof paymentRowStatuses)[number];
