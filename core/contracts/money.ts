import { z } from 'zod';
import { cancellationPolicyNames } from '../cancellation-policies.ts';
import { paymentMethods, paymentStatuses, periodStatuses } from '../payment-states.ts';
import { priceRuleSchema } from './price-rules.ts';

/** A stay's price lines (core/quote.ts StayQuote), as a booking stores and shows them. */
export const stayQuoteSchema = z.object({
  unit: z.enum(['night', 'week', 'month']),
  /** Whole nights or weeks; months in hundredths from 28 nights (a last part-month pro rata). */
  units: z.number(),
  rate: z.number().int(),
  rooms: z.number().int(),
  nights: z.number().int(),
  seasonal: z.array(z.object({ rule: priceRuleSchema, nights: z.number().int(), amount: z.number().int() })),
  stayPrice: z.number().int(),
  discount: z.object({ kind: z.enum(['weekly', 'monthly']), percent: z.number().int(), amount: z.number().int() }).nullable(),
  extraGuests: z.object({ guests: z.number().int(), nights: z.number().int(), fee: z.number().int(), amount: z.number().int() }).nullable(),
  cleaningFee: z.number().int(),
  subtotal: z.number().int(),
  serviceFeeRate: z.number(),
  serviceFee: z.number().int(),
  total: z.number().int(),
  deposit: z.number().int(),
  /** A long stay's payments as quoted when booked (core/payment-schedule.ts); the booking's `schedule` says where each stands. */
  schedule: z
    .array(
      z.object({
        sequence: z.number().int(),
        start: z.string(),
        end: z.string(),
        nights: z.number().int(),
        dueOn: z.string(),
        stay: z.number().int(),
        cleaningFee: z.number().int(),
        serviceFee: z.number().int(),
        amount: z.number().int(),
      }),
    )
    .optional(),
  /** Days before each later period its payment is due, as set when booked (decision 060); absent on older quotes (3). */
  dueDaysBefore: z.number().int().optional(),
});

/** One payment of a long stay's schedule as both sides see it (decision 054). */
export const schedulePaymentSchema = z.object({
  id: z.string(),
  sequence: z.number().int(),
  /** The nights it pays for: [start, end). */
  start: z.string(),
  end: z.string(),
  /** The day it is charged (card) or due to the host (direct). */
  dueOn: z.string(),
  amount: z.number().int(),
  /** Its status; 'overdue' when not paid by its due day (core/payment-states.ts periodDisplayStatus). */
  status: z.enum([...periodStatuses, 'overdue']),
  /** 'stripe': charged to the saved card; 'direct': paid to the host, who marks it received. */
  provider: z.enum(['stripe', 'direct']),
  /** Unpaid past the grace period: the host may end the stay. */
  graceOver: z.boolean(),
  receiptNumber: z.number().int().nullable(),
});
export type SchedulePayment = z.infer<typeof schedulePaymentSchema>;

/** How a booking is paid and what came back (docs/decisions/023-money.md). */
export const bookingMoneySchema = z.object({
  /** The price lines when booked; null for stays booked before quotes were stored (subtotal, fee and total still say it). */
  quote: stayQuoteSchema.nullable(),
  cancellationPolicy: z.enum(cancellationPolicyNames),
  paymentMethod: z.enum(paymentMethods),
  paymentStatus: z.enum(paymentStatuses),
  /** What the guest got back, shekels. */
  refunded: z.number().int(),
  /** The receipt's number once the stay is confirmed; null before. */
  receiptNumber: z.number().int().nullable(),
  /** A long stay's payments, in order (empty for a stay paid at once). */
  schedule: z.array(schedulePaymentSchema),
});

/**
 * GET /api/bookings/:id/cancellation: what cancelling now would give back under the stay's policy
 * (core/cancellation-policies.ts cancellationRefund), shown before the guest or host confirms.
 */
export const cancellationPreviewSchema = z.object({
  policy: z.enum(cancellationPolicyNames),
  /** Who would cancel: the viewer. A host who cancels refunds everything. */
  by: z.enum(['guest', 'host']),
  paymentMethod: z.enum(paymentMethods),
  paymentStatus: z.enum(paymentStatuses),
  /** What has been taken from the guest's card (0 when paid on arrival or only held). */
  paid: z.number().int(),
  tier: z.enum(['host', 'grace', 'full', 'partial', 'none']),
  /** What the policy gives back of the stay's total, shekels (sent back only when it was paid). */
  refund: z.number().int(),
  /** What the guest does not get back. */
  kept: z.number().int(),
  /** ISO instant: the last moment to cancel with everything back; null when the policy has none. */
  freeCancellationUntil: z.string().nullable(),
});
export type CancellationPreview = z.infer<typeof cancellationPreviewSchema>;
