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
