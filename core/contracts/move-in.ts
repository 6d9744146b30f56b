import { z } from 'zod';
import { paymentMethods } from '../payment-states.ts';
import { moveInDecisions, moveInReasons, moveInReportStatuses, moveInTextLimits } from '../move-in-rules.ts';

/** Move-in protection's requests and answers (docs/decisions/056-move-in-protection.md). */

const text = (limits: { min: number; max: number }) => z.string().trim().min(limits.min).max(limits.max);

/** The guest's report: why, and what they found. Photos follow, one request each. */
export const moveInReportBodySchema = z.object({
  reason: z.enum(moveInReasons),
  description: text(moveInTextLimits.description),
});
export type MoveInReportBody = z.infer<typeof moveInReportBodySchema>;

/** The host's answer to a report (once; a second answer replaces the first while the report is open). */
export const moveInAnswerBodySchema = z.object({ answer: text(moveInTextLimits.answer) });

/** An admin's decision; `amount` (whole shekels) for a partial refund only. */
export const moveInDecisionBodySchema = z.object({
  decision: z.enum(moveInDecisions),
  amount: z.number().int().min(1).max(10_000_000).optional(),
});
export type MoveInDecisionBody = z.infer<typeof moveInDecisionBodySchema>;

export const moveInPhotoParamsSchema = z.object({ id: z.uuid(), photoId: z.uuid() });

export const moveInReportSchema = z.object({
  id: z.uuid(),
  bookingId: z.uuid(),
  reason: z.enum(moveInReasons),
  description: z.string(),
  status: z.enum(moveInReportStatuses),
  hostAnswer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  decision: z.enum(moveInDecisions).nullable(),
  /** Whole shekels the decision gives back. */
  refundAmount: z.number().int(),
  decidedAt: z.string().nullable(),
  /** Whether the decided refund has reached the card and the ledger. */
  refundSent: z.boolean(),
  createdAt: z.string(),
  /** Each photo's private address (for the stay's guest, its host and admins). */
  photos: z.array(z.object({ id: z.uuid(), url: z.string(), width: z.number().int(), height: z.number().int() })),
});
export type MoveInReport = z.infer<typeof moveInReportSchema>;

/** A stay's report as its guest or host sees it, and whether the guest may report now. */
export const bookingMoveInSchema = z.object({
  report: moveInReportSchema.nullable(),
  /** The stay is confirmed and within 24 hours of its check-in (core/move-in-rules.ts). */
  windowOpen: z.boolean(),
  windowClosesAt: z.string(),
  /** Who is looking: the guest reports, the host answers. */
  viewer: z.enum(['guest', 'host', 'admin']),
});
export type BookingMoveIn = z.infer<typeof bookingMoveInSchema>;

/** A report in the admin's queue, with the stay it is about. */
export const adminMoveInReportSchema = moveInReportSchema.extend({
  propertyId: z.number().int(),
  propertyTitle: z.string(),
  guestEmail: z.string(),
  hostEmail: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  bookingStatus: z.string(),
  paymentMethod: z.enum(paymentMethods),
  total: z.number().int(),
  /** What a refund may give back now: what the guest paid through us, less refunds (0 when paid on arrival). */
  refundable: z.number().int(),
});
export type AdminMoveInReport = z.infer<typeof adminMoveInReportSchema>;

export const adminMoveInListSchema = z.object({ reports: z.array(adminMoveInReportSchema) });
