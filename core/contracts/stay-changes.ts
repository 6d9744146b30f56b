import { z } from 'zod';
import { roomsPicker } from '../constants.ts';
import { availabilityDateSchema, horizonDateSchema } from '../date-schema.ts';
import { maxPartyChildren, maxPartyGuests } from '../party.ts';
import { stayChangeAnswers, stayChangeRoles, stayChangeStatuses } from '../stay-change-states.ts';
import { stayQuoteSchema } from './money.ts';

/*
 * Changing a confirmed stay (docs/decisions/058-stay-changes.md): the guest or the host proposes new
 * dates or guests, the other side accepts or declines within 24 hours.
 */

/** POST /api/bookings/:id/changes (and …/changes/quote to price it first): the new stay. */
export const stayChangeBodySchema = z
  .object({
    /** A stay under way keeps its check-in, which may be long past: any real day (the use case checks the rest). */
    checkIn: availabilityDateSchema,
    checkOut: horizonDateSchema,
    /** Everyone in the party, children included. */
    guests: z.number().int().min(1).max(maxPartyGuests),
    children: z.array(z.number().int().min(roomsPicker.minChildAge).max(roomsPicker.maxChildAge)).max(maxPartyChildren).default([]),
  })
  .refine((body) => body.children.length < body.guests, {
    path: ['children'],
    message: 'guests counts everyone, children included, and a party has an adult',
  });
export type StayChangeBody = z.input<typeof stayChangeBodySchema>;

/** The money of a change (core/stay-change-pricing.ts StayChangePrice). */
export const stayChangePriceSchema = z.object({
  kind: z.enum(['extension', 'shortening', 'guests', 'other']),
  quote: stayQuoteSchema,
  subtotal: z.number().int(),
  serviceFee: z.number().int(),
  total: z.number().int(),
  difference: z.number().int(),
  charge: z.number().int(),
  chargeServiceFee: z.number().int(),
  refund: z.number().int(),
  refundSubtotal: z.number().int(),
  refundServiceFee: z.number().int(),
  moneyBack: z.number().int(),
  keptByPolicy: z.number().int(),
});
export type StayChangePriceView = z.infer<typeof stayChangePriceSchema>;

/** A proposal as either side sees it. */
export const stayChangeSchema = z.object({
  id: z.uuid(),
  bookingId: z.uuid(),
  role: z.enum(stayChangeRoles),
  /** Whether the viewer sent it (then they may withdraw it) or is to answer it. */
  mine: z.boolean(),
  status: z.enum(stayChangeStatuses),
  checkIn: z.string(),
  checkOut: z.string(),
  guests: z.number().int(),
  childAges: z.array(z.number().int()),
  price: stayChangePriceSchema,
  expiresAt: z.string(),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StayChangeView = z.infer<typeof stayChangeSchema>;

/** GET /api/bookings/:id/changes: the booking's proposals, newest first, and whether "Extend your stay" is offered. */
export const stayChangeListSchema = z.object({
  changes: z.array(stayChangeSchema),
  /** A sublet guest in the last month of the stay (core/stay-change-pricing.ts offersExtension). */
  offersExtension: z.boolean(),
  /** The check-out "Extend your stay" proposes (a month later), when offered. */
  extensionCheckOut: z.string().nullable(),
  /** For the guest of a card stay: the payment page of an accepted extension's difference not paid yet. */
  payUrl: z.url().nullable(),
});
export type StayChangeList = z.infer<typeof stayChangeListSchema>;

export const stayChangeAnswerParamsSchema = z.object({ id: z.uuid(), answer: z.enum(stayChangeAnswers) });

/** POST /api/stay-changes/:id/:answer: the proposal answered, and for an accepted card extension the payment page of the difference. */
export const stayChangeAnswerResponseSchema = z.object({ change: stayChangeSchema, checkoutUrl: z.url().optional() });
export type StayChangeAnswerResult = z.infer<typeof stayChangeAnswerResponseSchema>;
