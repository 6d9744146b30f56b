import { z } from 'zod';
import { messageRules } from '../booking-rules.ts';

/** One message of a booking's thread (GET /api/bookings/:id/messages). */
export const bookingMessageSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  /** Whether the viewer wrote it. */
  mine: z.boolean(),
  senderFirstName: z.string(),
  createdAt: z.string(),
  /** When the other side opened it; null while unread. */
  readAt: z.string().nullable(),
});
export type BookingMessage = z.infer<typeof bookingMessageSchema>;

export const bookingMessagesResponseSchema = z.object({ messages: z.array(bookingMessageSchema) });
export type BookingMessages = z.infer<typeof bookingMessagesResponseSchema>;

export const postMessageBodySchema = z.object({ body: z.string().trim().min(1, 'Write a message first').max(messageRules.maxLength) });
export type PostMessageBody = z.input<typeof postMessageBodySchema>;

/** GET /api/messages/unread-count: unread messages addressed to the signed-in user. */
export const unreadMessageCountsSchema = z.object({
  /** About the user's own stays (My Bookings). */
  asGuest: z.number().int(),
  /** About stays at the user's listings (Hosting). */
  asHost: z.number().int(),
});
export type UnreadMessageCounts = z.infer<typeof unreadMessageCountsSchema>;
