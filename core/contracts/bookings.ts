import { z } from 'zod';
import { bookingStatuses, propertyTypes, roomsPicker } from '../constants.ts';
import { horizonDateSchema } from '../date-schema.ts';
import { serialIdSchema } from '../ids.ts';
import { maxPartyChildren, maxPartyGuests } from '../party.ts';
import { photoSchema } from './common.ts';
import { bookingMoneySchema } from './money.ts';
import { guestReviewSchema, stayReviewSchema, stayReviewsStateSchema } from './reviews.ts';

/** A booking as its guest sees it (GET /api/bookings) and its host (GET /api/host/bookings). */
export const bookingSchema = z.object({
  id: z.string(),
  propertyId: z.number().int(),
  propertyType: z.enum(propertyTypes),
  /** Title and place in the language asked for (?lang=). */
  propertyTitle: z.string(),
  location: z.string(),
  photoUrl: z.string().nullable(),
  /** The listing's cover with its size, for responsive variants. */
  photo: photoSchema.nullable(),
  hostFirstName: z.string(),
  guestFirstName: z.string(),
  /** The two people, for their public profiles (/people/:id). */
  hostId: z.string(),
  guestId: z.string(),
  status: z.enum(bookingStatuses),
  checkIn: z.string(),
  checkOut: z.string(),
  rooms: z.number().int(),
  guests: z.number().int(),
  /** The ages of the children among the guests (core/party.ts). */
  childAges: z.array(z.number().int()),
  leaseOption: z.string().nullable(),
  subtotal: z.number().int(),
  serviceFee: z.number().int(),
  total: z.number().int(),
  /** When a pending request expires if the host does not answer. */
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  /** Messages from the other side the viewer has not read yet (in the guest and listing's conversation). */
  unreadMessages: z.number().int(),
  /** The conversation this booking's messages continue (guest and listing). */
  conversationId: z.string().nullable(),
  /** The guest's review of the stay: shown to the guest once written, to the host once published. */
  review: stayReviewSchema.nullable(),
  /** The host's review of the guest: shown to the host once written, to the guest once published. */
  guestReview: guestReviewSchema.nullable(),
  /** For a completed stay: who has reviewed, and when the review window closes; null otherwise. */
  reviews: stayReviewsStateSchema.nullable(),
  /** The stored quote, the policy, how it is paid and what came back. */
  money: bookingMoneySchema,
});
export type BookingView = z.infer<typeof bookingSchema>;

/** POST /api/bookings: the stay asked for; rooms and guests default to one. */
export const createBookingBodySchema = z
  .object({
    propertyId: serialIdSchema,
    checkIn: horizonDateSchema,
    checkOut: horizonDateSchema,
    rooms: z.number().int().min(1).max(roomsPicker.maxRooms).default(1),
    /** Everyone in the party, children included. */
    guests: z.number().int().min(1).max(maxPartyGuests).default(1),
    /** Each child's age (0-17), the children being among the guests; infants (under 2) take no place (core/party.ts). */
    children: z.array(z.number().int().min(roomsPicker.minChildAge).max(roomsPicker.maxChildAge)).max(maxPartyChildren).default([]),
    leaseOption: z.string().max(40).nullish(),
  })
  .refine((body) => body.children.length < body.guests, {
    path: ['children'],
    message: 'guests counts everyone, children included, and a party has an adult',
  });
/** What the web sends (defaults may be left out). */
export type CreateBookingBody = z.input<typeof createBookingBodySchema>;
/** What the server reads, defaults applied. */
export type BookingRequest = z.output<typeof createBookingBodySchema>;

/**
 * POST /api/bookings answers with the booking and, for a stay paid by card, the payment page to
 * send the guest to (Stripe Checkout): the card is held there, and the request reaches the host once
 * it is.
 */
export const createBookingResponseSchema = bookingSchema.extend({ checkoutUrl: z.url().optional() });
export type CreatedBooking = z.infer<typeof createBookingResponseSchema>;

/** An Idempotency-Key makes retries of a booking request safe. */
export const createBookingHeadersSchema = z.object({ 'idempotency-key': z.string().trim().min(8).max(100).optional() }).loose();

export const bookingActions = ['accept', 'decline', 'cancel'] as const;
export type BookingAction = (typeof bookingActions)[number];

export const changeBookingParamsSchema = z.object({ id: z.uuid(), action: z.enum(bookingActions) });

/** GET /api/bookings and GET /api/host/bookings. */
export const bookingListResponseSchema = z.object({ bookings: z.array(bookingSchema) });
export type BookingList = z.infer<typeof bookingListResponseSchema>;

/**
 * GET /api/bookings/:id/arrival: what the guest of a confirmed stay needs to arrive, in the language
 * asked for (?lang=; a text the host wrote only in the other language is shown in that one). Only the
 * stay's guest (while it is confirmed), its host and admins get it (docs/decisions/046-arrival-information.md).
 */
export const bookingArrivalSchema = z.object({
  bookingId: z.string(),
  title: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  /** 'HH:mm', Israel time: from when the guest may arrive. */
  checkInTime: z.string(),
  /** The street address in the language asked for (the English one when no Hebrew one was given), with the place. */
  address: z.string().nullable(),
  /** An https link to a map at the listing's exact pin; null when it has none. */
  mapUrl: z.url().nullable(),
  hostFirstName: z.string(),
  /** The host's phone from their profile; null when they gave none (the guest writes through the booking's messages). */
  hostPhone: z.string().nullable(),
  checkInInstructions: z.string(),
  houseManual: z.string(),
  wifiName: z.string(),
  wifiPassword: z.string(),
});
export type BookingArrival = z.infer<typeof bookingArrivalSchema>;
