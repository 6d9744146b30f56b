import { splitByWeights } from './payment-schedule.ts';

/*
 * A refund split over the card charges of one stay (issue 37, decision 061). A long stay paid by card
 * is charged month by month, each month on a PaymentIntent of its own, and a card network (Stripe)
 * sends back at most what one PaymentIntent took, less what was already sent back from it. So a
 * refund larger than one month's charge is sent in parts, one per charge. Pure, in whole shekels.
 *
 * Rules:
 * - The newest charge is refunded first: the latest month paid is the least used of the stay (the
 *   nights a policy keeps are the earliest ones), and the most recent charge is the one the guest's
 *   bank is surest to still take a refund on. Charges taken at the same moment go by id, so the same
 *   charges always give the same plan.
 * - Each part takes all that remains on its charge, or what is left of the refund, whichever is less;
 *   a charge with nothing left to give back is skipped. So the parts add up to the refund exactly,
 *   none is over what its charge can still give back, and a charge is touched only once every newer
 *   one is spent.
 * - A refund larger than everything the charges can still give back is not split at all (null): it
 *   is refused whole, never sent in part.
 */

export interface RefundableCharge {
  /** The payments row that took the money (a capture, a paid period, an extension's charge). */
  id: string;
  /** When the money was taken, in milliseconds since the epoch: the newest charge gives back first. */
  chargedAt: number;
  /** What it took, in whole shekels. */
  amount: number;
  /** What was sent back from it already, or is on its way. */
  refunded: number;
}

export interface RefundPart {
  /** The charge (payments row) this part is sent back from. */
  chargeId: string;
  amount: number;
}

/** What a charge can still give back. */
export const remainingOf = (charge: Pick<RefundableCharge, 'amount' | 'refunded'>) => Math.max(0, charge.amount - charge.refunded);

/** The charges in the order a refund takes them: newest first, then by id. */
export function refundOrder<T extends Pick<RefundableCharge, 'id' | 'chargedAt'>>(charges: readonly T[]): T[] {
  return [...charges].sort((a, b) => b.chargedAt - a.chargedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * The parts a refund of `amount` is sent in, over `charges` (in any order): newest charge first, each
 * part at most what remains on its charge. An empty list for nothing to refund; null when the charges
 * cannot give back that much in all.
 */
export function planRefundSplit(charges: readonly RefundableCharge[], amount: number): RefundPart[] | null {
  if (!Number.isInteger(amount) || amount < 0) throw new RangeError(`A refund is a whole, non-negative amount (got ${amount})`);
  const parts: RefundPart[] = [];
  let left = amount;
  for (const charge of refundOrder(charges)) {
    if (left === 0) break;
    const part = Math.min(left, remainingOf(charge));
    if (part === 0) continue;
    parts.push({ chargeId: charge.id, amount: part });
    left -= part;
  }
  return left === 0 ? parts : null;
}

/**
 * The platform's fee in each part: `serviceFee` (the refund's fee, at most its amount) shared by the
 * parts' amounts in whole shekels, adding up to it exactly (largest remainder), never more than a
 * part. The host gives back the rest of each part, so the parts' ledger movements add up to the
 * refund's.
 */
export function feesOfParts(parts: readonly RefundPart[], serviceFee: number): number[] {
  const total = parts.reduce((sum, part) => sum + part.amount, 0);
  return splitByWeights(
    Math.max(0, Math.min(serviceFee, total)),
    parts.map((part) => part.amount),
  );
}
