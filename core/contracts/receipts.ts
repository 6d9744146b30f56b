import { z } from 'zod';
import { cancellationPolicyNames } from '../cancellation-policies.ts';
import { bookingStatuses, propertyTypes } from '../constants.ts';
import { paymentMethods, paymentStatuses } from '../payment-states.ts';
import { stayQuoteSchema } from './money.ts';

const int = z.number().int();

/** Money that moved through the platform for a stay, from the ledger: a card charge or a refund (positive amounts). */
export const receiptMovementSchema = z.object({
  kind: z.enum(['charge', 'refund']),
  amount: int,
  /** When the ledger recorded it (ISO time). */
  at: z.string(),
});
export type ReceiptMovement = z.infer<typeof receiptMovementSchema>;

/**
 * A stay's receipt (GET /api/bookings/:id/receipt; docs/decisions/025-receipts-and-payouts.md): for its
 * guest, the listing's host and admins, once the stay has a receipt number (it was confirmed).
 */
export const receiptSchema = z.object({
  bookingId: z.uuid(),
  receiptNumber: int,
  /** When the stay was confirmed (ISO time): the receipt's date. */
  issuedAt: z.string(),
  status: z.enum(bookingStatuses),
  propertyId: int,
  propertyType: z.enum(propertyTypes),
  /** Title and place in the language asked for (?lang=). */
  propertyTitle: z.string(),
  location: z.string(),
  hostName: z.string(),
  guestName: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  nights: int,
  rooms: int,
  guests: int,
  /** The price lines stored when booked; null for stays booked before quotes were stored (the three columns below still say it). */
  quote: stayQuoteSchema.nullable(),
  subtotal: int,
  serviceFee: int,
  total: int,
  cancellationPolicy: z.enum(cancellationPolicyNames),
  paymentMethod: z.enum(paymentMethods),
  paymentStatus: z.enum(paymentStatuses),
  /** What the guest got back, shekels. */
  refunded: int,
  /** Charges and refunds of a card stay, oldest first; none for a stay paid on arrival. */
  movements: z.array(receiptMovementSchema),
  /** Whether the host cancelled the stay (everything comes back). */
  cancelledByHost: z.boolean(),
});
export type Receipt = z.infer<typeof receiptSchema>;
