import { serialIdParamsSchema, uuidParamsSchema } from '../common.ts';
import {
  bookingMessageSchema,
  bookingMessagesResponseSchema,
  conversationListQuerySchema,
  conversationListResponseSchema,
  listingConversationResponseSchema,
  postMessageBodySchema,
  startConversationBodySchema,
  startConversationResponseSchema,
  unreadMessageCountsSchema,
} from '../messages.ts';
import { defineEndpoints } from '../endpoint.ts';

export const messagesEndpoints = defineEndpoints('messages', {
  'GET /api/bookings/:id/messages': {
    summary: "A booking's messages (its guest and listing's conversation), oldest first; marks nothing read",
    params: uuidParamsSchema,
    responses: { 200: bookingMessagesResponseSchema },
  },
  'POST /api/bookings/:id/messages/read': {
    summary: "Open a booking's thread: marks the other side's messages read and returns the messages, oldest first",
    params: uuidParamsSchema,
    responses: { 200: bookingMessagesResponseSchema },
  },
  'POST /api/bookings/:id/messages': {
    summary: 'Write to the other side of a booking (rate-limited per account)',
    params: uuidParamsSchema,
    body: postMessageBodySchema,
    responses: { 201: bookingMessageSchema },
  },
  'GET /api/properties/:id/conversation': {
    summary: "The signed-in guest's conversation with this listing's host (null before the first message); marks nothing read",
    params: serialIdParamsSchema,
    responses: { 200: listingConversationResponseSchema },
  },
  'POST /api/properties/:id/conversation/read': {
    summary:
      "Open the signed-in guest's conversation with this listing's host: marks the host's messages read and returns it (null before the first message)",
    params: serialIdParamsSchema,
    responses: { 200: listingConversationResponseSchema },
  },
  'POST /api/conversations': {
    summary:
      "Contact host: a question about a published listing before any request, in the guest's conversation with its host (opened if new). New conversations are rate-limited per account and IP per day.",
    body: startConversationBodySchema,
    responses: { 201: startConversationResponseSchema },
  },
  'GET /api/conversations': {
    summary: "The signed-in user's conversations as a guest or as a host, newest message first",
    query: conversationListQuerySchema,
    responses: { 200: conversationListResponseSchema },
  },
  'GET /api/conversations/:id/messages': {
    summary: "A conversation's messages, oldest first; marks nothing read",
    params: uuidParamsSchema,
    responses: { 200: bookingMessagesResponseSchema },
  },
  'POST /api/conversations/:id/messages/read': {
    summary: "Open a conversation: marks the other side's messages read and returns the messages, oldest first",
    params: uuidParamsSchema,
    responses: { 200: bookingMessagesResponseSchema },
  },
  'POST /api/conversations/:id/messages': {
    summary: 'Write to the other side of a conversation (rate-limited per account)',
    params: uuidParamsSchema,
    body: postMessageBodySchema,
    responses: { 201: bookingMessageSchema },
  },
  'GET /api/messages/unread-count': {
    summary: 'Unread messages addressed to the signed-in user: about their stays and questions (asGuest) and at their listings (asHost)',
    responses: { 200: unreadMessageCountsSchema },
  },
});
