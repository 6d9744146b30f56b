import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inquiryRateLimits } from '../../../core/booking-rules.ts';
import { maskContactDetails } from '../../../core/contact-masking.ts';
import { serialIdParamsSchema, uuidParamsSchema } from '../../../core/contracts/common.ts';
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
} from '../../../core/contracts/messages.ts';
import { recordContactMasking } from '../../db/contact-masking-events.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { requireUser } from '../../http/request-user.ts';
import { enforceRateLimit } from '../../rate-limit/enforce-rate-limit.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { mailNewMessage } from './message-mail.ts';
import {
  guestConversationId,
  inquiryThread,
  listConversations,
  postMessage,
  markThreadRead,
  stayConfirmed,
  threadOfBooking,
  threadMessages,
  threadOfConversation,
  unreadMessageCounts,
  type ThreadParties,
} from './messages-repository.ts';

/**
 * A conversation per guest and listing, between the guest and the listing's host; nobody else can
 * read or write it. A guest opens it with a question (Contact host) or a booking; the booking's
 * thread is the same conversation (docs/decisions/020-conversations.md).
 */
export const messagesRoutes: FastifyPluginAsyncZod<{ db: Database; rateLimiter: RateLimiter; siteUrl: string }> = async (
  app,
  { db, rateLimiter, siteUrl },
) => {
  /** Writes as the signed-in user; only the first unread message of a run is mailed, not every line of a chat. */
  const write = async (
    request: { log: Parameters<typeof mailNewMessage>[1] },
    thread: ThreadParties,
    senderId: string,
    body: string,
    newInquiry = false,
  ) => {
    // A suspended host's listings are down, so a new question to them is refused (404 listing_not_found);
    // writing on in a conversation opened before is refused the same way.
    if (thread.hostSuspended && senderId !== thread.hostId) {
      throw new HttpError(404, 'listing_not_found', 'This listing does not exist');
    }
    // Until a stay is confirmed, phone numbers, e-mail addresses, links and requests to pay outside
    // the site are masked, here on the server whoever calls it; only the masked text is stored, and
    // the masking is counted for the admins (decision 049). The answer's maskedKinds tells the sender.
    const masked = (await stayConfirmed(db, thread)) ? { text: body, kinds: [] } : maskContactDetails(body);
    const { message, recipientAlreadyNotified } = await postMessage(db, thread, senderId, masked.text, masked.kinds);
    await recordContactMasking(db, { userId: senderId, source: 'message', propertyId: thread.propertyId, kinds: masked.kinds });
    if (!recipientAlreadyNotified) await mailNewMessage(db, request.log, siteUrl, thread, senderId, message, { newInquiry });
    return message;
  };
  const messagesPerAccount = (userId: string, reply: Parameters<typeof enforceRateLimit>[1]) =>
    enforceRateLimit(rateLimiter, reply, `messages:account:${userId}`, inquiryRateLimits.messagesPerAccount);

  app.get(
    '/api/bookings/:id/messages',
    {
      schema: {
        tags: ['messages'],
        summary: "A booking's messages (its guest and listing's conversation), oldest first; marks nothing read",
        params: uuidParamsSchema,
        response: { 200: bookingMessagesResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const thread = await threadOfBooking(db, request.params.id, user.id);
      return { messages: await threadMessages(db, thread.conversationId, user.id) };
    },
  );

  // Reading (marking the other side's messages read) is a POST: a GET anyone's page can make.
  app.post(
    '/api/bookings/:id/messages/read',
    {
      schema: {
        tags: ['messages'],
        summary: "Open a booking's thread: marks the other side's messages read and returns the messages, oldest first",
        params: uuidParamsSchema,
        response: { 200: bookingMessagesResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const thread = await threadOfBooking(db, request.params.id, user.id);
      await markThreadRead(db, thread.conversationId, user.id);
      return { messages: await threadMessages(db, thread.conversationId, user.id) };
    },
  );

  app.post(
    '/api/bookings/:id/messages',
    {
      schema: {
        tags: ['messages'],
        summary: 'Write to the other side of a booking (rate-limited per account)',
        params: uuidParamsSchema,
        body: postMessageBodySchema,
        response: { 201: bookingMessageSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const thread = await threadOfBooking(db, request.params.id, user.id);
      await messagesPerAccount(user.id, reply);
      return reply.status(201).send(await write(request, thread, user.id, request.body.body));
    },
  );

  app.get(
    '/api/properties/:id/conversation',
    {
      schema: {
        tags: ['messages'],
        summary: "The signed-in guest's conversation with this listing's host (null before the first message); marks nothing read",
        params: serialIdParamsSchema,
        response: { 200: listingConversationResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const conversationId = await guestConversationId(db, request.params.id, user.id);
      return { conversationId, messages: conversationId ? await threadMessages(db, conversationId, user.id) : [] };
    },
  );

  app.post(
    '/api/properties/:id/conversation/read',
    {
      schema: {
        tags: ['messages'],
        summary:
          "Open the signed-in guest's conversation with this listing's host: marks the host's messages read and returns it (null before the first message)",
        params: serialIdParamsSchema,
        response: { 200: listingConversationResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const conversationId = await guestConversationId(db, request.params.id, user.id);
      if (conversationId === null) return { conversationId, messages: [] };
      await markThreadRead(db, conversationId, user.id);
      return { conversationId, messages: await threadMessages(db, conversationId, user.id) };
    },
  );

  app.post(
    '/api/conversations',
    {
      schema: {
        tags: ['messages'],
        summary:
          "Contact host: a question about a published listing before any request, in the guest's conversation with its host (opened if new). New conversations are rate-limited per account and IP per day.",
        body: startConversationBodySchema,
        response: { 201: startConversationResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { propertyId, body } = request.body;
      const existing = await guestConversationId(db, propertyId, user.id);
      if (existing === null) {
        // Only new conversations count against the day's inquiries: answering a host is never limited by them.
        await enforceRateLimit(rateLimiter, reply, `inquiry:account:${user.id}`, inquiryRateLimits.perAccount, 'too_many_inquiries');
        await enforceRateLimit(rateLimiter, reply, `inquiry:ip:${request.ip}`, inquiryRateLimits.perIp, 'too_many_inquiries');
      }
      await messagesPerAccount(user.id, reply);
      const { thread, isNew } = await inquiryThread(db, propertyId, user.id);
      const message = await write(request, thread, user.id, body, isNew);
      return reply.status(201).send({ conversationId: thread.conversationId, message });
    },
  );

  app.get(
    '/api/conversations',
    {
      schema: {
        tags: ['messages'],
        summary: "The signed-in user's conversations as a guest or as a host, newest message first",
        querystring: conversationListQuerySchema,
        response: { 200: conversationListResponseSchema },
      },
    },
    async (request) => ({
      conversations: await listConversations(db, requireUser(request).id, request.query.as, request.query.lang),
    }),
  );

  app.get(
    '/api/conversations/:id/messages',
    {
      schema: {
        tags: ['messages'],
        summary: "A conversation's messages, oldest first; marks nothing read",
        params: uuidParamsSchema,
        response: { 200: bookingMessagesResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const thread = await threadOfConversation(db, request.params.id, user.id);
      return { messages: await threadMessages(db, thread.conversationId, user.id) };
    },
  );

  app.post(
    '/api/conversations/:id/messages/read',
    {
      schema: {
        tags: ['messages'],
        summary: "Open a conversation: marks the other side's messages read and returns the messages, oldest first",
        params: uuidParamsSchema,
        response: { 200: bookingMessagesResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const thread = await threadOfConversation(db, request.params.id, user.id);
      await markThreadRead(db, thread.conversationId, user.id);
      return { messages: await threadMessages(db, thread.conversationId, user.id) };
    },
  );

  app.post(
    '/api/conversations/:id/messages',
    {
      schema: {
        tags: ['messages'],
        summary: 'Write to the other side of a conversation (rate-limited per account)',
        params: uuidParamsSchema,
        body: postMessageBodySchema,
        response: { 201: bookingMessageSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const thread = await threadOfConversation(db, request.params.id, user.id);
      await messagesPerAccount(user.id, reply);
      return reply.status(201).send(await write(request, thread, user.id, request.body.body));
    },
  );

  app.get(
    '/api/messages/unread-count',
    {
      schema: {
        tags: ['messages'],
        summary:
          'Unread messages addressed to the signed-in user: about their stays and questions (asGuest) and at their listings (asHost)',
        response: { 200: unreadMessageCountsSchema },
      },
    },
    async (request) => unreadMessageCounts(db, requireUser(request).id),
  );
};
