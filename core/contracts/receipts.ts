import { z } from 'zod';
import { cancellationPolicyNames } from '../cancellation-policies.ts';
import { bookingStatuses, propertyTypes } from '../constants.ts';
import { paymentMethods, paymentStatuses, periodStatuses } from '../payment-states.ts';
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

/** One payment of a long stay paid period by period (decision 054): what it pays for, its own receipt number once paid. */
export const receiptPeriodSchema = z.object({
  sequence: int,
  /** The nights it pays for: [start, end). */
  start: z.string(),
  end: z.string(),
  dueOn: z.string(),
  amount: int,
  status: z.enum(periodStatuses),
  /** Numbered in sequence with the stays' receipts when it was paid; null before. */
  receiptNumber: int.nullable(),
  paidAt: z.string().nullable(),
});
export type ReceiptPeriod = z.infer<typeof receiptPeriodSchema>;

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
  /** A long stay's payments, one per period, in order (issue 37 item 8); empty for a stay paid at once. */
  periods: z.array(receiptPeriodSchema),
  /** Whether the host cancelled the stay (everything comes back). */
  cancelledByHost: z.boolean(),
});
export type Receipt = z.infer<typeof receiptSchema>;
