import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inquiryRateLimits } from '../../../core/booking-rules.ts';
import { maskContactDetails } from '../../../core/contact-masking.ts';
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
import { route } from '../../http/route.ts';

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

  route(app, 'GET /api/bookings/:id/messages', async (request) => {
    const user = requireUser(request);
    const thread = await threadOfBooking(db, request.params.id, user.id);
    return { messages: await threadMessages(db, thread.conversationId, user.id) };
  });

  // Reading (marking the other side's messages read) is a POST: a GET anyone's page can make.
  route(app, 'POST /api/bookings/:id/messages/read', async (request) => {
    const user = requireUser(request);
    const thread = await threadOfBooking(db, request.params.id, user.id);
    await markThreadRead(db, thread.conversationId, user.id);
    return { messages: await threadMessages(db, thread.conversationId, user.id) };
  });

  route(app, 'POST /api/bookings/:id/messages', async (request, reply) => {
    const user = requireUser(request);
    const thread = await threadOfBooking(db, request.params.id, user.id);
    await messagesPerAccount(user.id, reply);
    return reply.status(201).send(await write(request, thread, user.id, request.body.body));
  });

  route(app, 'GET /api/properties/:id/conversation', async (request) => {
    const user = requireUser(request);
    const conversationId = await guestConversationId(db, request.params.id, user.id);
    return { conversationId, messages: conversationId ? await threadMessages(db, conversationId, user.id) : [] };
  });

  route(app, 'POST /api/properties/:id/conversation/read', async (request) => {
    const user = requireUser(request);
    const conversationId = await guestConversationId(db, request.params.id, user.id);
    if (conversationId === null) return { conversationId, messages: [] };
    await markThreadRead(db, conversationId, user.id);
    return { conversationId, messages: await threadMessages(db, conversationId, user.id) };
  });

  route(app, 'POST /api/conversations', async (request, reply) => {
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
  });

  route(app, 'GET /api/conversations', async (request) => ({
    conversations: await listConversations(db, requireUser(request).id, request.query.as, request.query.lang),
  }));

  route(app, 'GET /api/conversations/:id/messages', async (request) => {
    const user = requireUser(request);
    const thread = await threadOfConversation(db, request.params.id, user.id);
    return { messages: await threadMessages(db, thread.conversationId, user.id) };
  });

  route(app, 'POST /api/conversations/:id/messages/read', async (request) => {
    const user = requireUser(request);
    const thread = await threadOfConversation(db, request.params.id, user.id);
    await markThreadRead(db, thread.conversationId, user.id);
    return { messages: await threadMessages(db, thread.conversationId, user.id) };
  });

  route(app, 'POST /api/conversations/:id/messages', async (request, reply) => {
    const user = requireUser(request);
    const thread = await threadOfConversation(db, request.params.id, user.id);
    await messagesPerAccount(user.id, reply);
    return reply.status(201).send(await write(request, thread, user.id, request.body.body));
  });

  route(app, 'GET /api/messages/unread-count', async (request) => unreadMessageCounts(db, requireUser(request).id));
};
