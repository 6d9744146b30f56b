import { z } from 'zod';
import { messageRules } from '../booking-rules.ts';
import { maskKinds } from '../contact-masking.ts';
import { serialIdSchema } from '../ids.ts';
import { languages } from '../languages.ts';

/** One message of a conversation (GET /api/bookings/:id/messages, /api/conversations/:id/messages). */
export const bookingMessageSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  /** Whether the viewer wrote it. */
  mine: z.boolean(),
  senderFirstName: z.string(),
  createdAt: z.string(),
  /** When the other side opened it; null while unread. */
  readAt: z.string().nullable(),
  /**
   * What was hidden in it before a confirmed stay (core/contact-masking.ts): phone numbers, e-mail
   * addresses, links, requests to pay outside the site. Empty when nothing was; the web explains it.
   */
  maskedKinds: z.array(z.enum(maskKinds)),
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

// ---------------------------------------------------------------- conversations (Contact host)

/** A guest's question to the host of a listing, before any request: POST /api/conversations. */
export const startConversationBodySchema = z.object({
  propertyId: serialIdSchema,
  body: z.string().trim().min(1, 'Write a message first').max(messageRules.maxLength),
});
export type StartConversationBody = z.input<typeof startConversationBodySchema>;
export const startConversationResponseSchema = z.object({ conversationId: z.uuid(), message: bookingMessageSchema });
export type StartConversationResponse = z.infer<typeof startConversationResponseSchema>;

/** GET /api/properties/:id/conversation: the signed-in guest's thread with this listing's host, if any. */
export const listingConversationResponseSchema = z.object({
  conversationId: z.uuid().nullable(),
  messages: z.array(bookingMessageSchema),
});
export type ListingConversation = z.infer<typeof listingConversationResponseSchema>;

export const conversationListQuerySchema = z.object({
  /** Conversations about the user's own stays (guest) or at their listings (host). */
  as: z.enum(['guest', 'host']),
  lang: z.enum(languages).default('en'),
});

/** One conversation in a list (GET /api/conversations), newest message first. */
export const conversationSummarySchema = z.object({
  id: z.uuid(),
  propertyId: z.number().int(),
  /** In the language asked for. */
  propertyTitle: z.string(),
  guestFirstName: z.string(),
  hostFirstName: z.string(),
  lastMessage: z.string(),
  lastMessageAt: z.string(),
  /** Messages from the other side the viewer has not read yet. */
  unreadMessages: z.number().int(),
  /** The latest booking of the guest at the listing; null while it is only an inquiry. */
  bookingId: z.uuid().nullable(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
export const conversationListResponseSchema = z.object({ conversations: z.array(conversationSummarySchema) });
export type ConversationList = z.infer<typeof conversationListResponseSchema>;
