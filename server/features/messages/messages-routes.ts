import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParamsSchema } from '../../../core/contracts/common.ts';
import {
  bookingMessageSchema,
  bookingMessagesResponseSchema,
  postMessageBodySchema,
  unreadMessageCountsSchema,
} from '../../../core/contracts/messages.ts';
import type { Database } from '../../db/database.ts';
import { requireUser } from '../../http/request-user.ts';
import { mailNewMessage } from './message-mail.ts';
import { postMessage, readThread, threadFor, unreadMessageCounts } from './messages-repository.ts';

/** A thread per booking between its guest and its host; nobody else can read or write it. */
export const messagesRoutes: FastifyPluginAsyncZod<{ db: Database; siteUrl: string }> = async (app, { db, siteUrl }) => {
  app.get(
    '/api/bookings/:id/messages',
    {
      schema: {
        tags: ['messages'],
        summary: "A booking's messages, oldest first; marks the other side's messages read",
        params: uuidParamsSchema,
        response: { 200: bookingMessagesResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await threadFor(db, request.params.id, user.id);
      return { messages: await readThread(db, request.params.id, user.id) };
    },
  );

  app.post(
    '/api/bookings/:id/messages',
    {
      schema: {
        tags: ['messages'],
        summary: 'Write to the other side of a booking',
        params: uuidParamsSchema,
        body: postMessageBodySchema,
        response: { 201: bookingMessageSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const thread = await threadFor(db, request.params.id, user.id);
      const { message, recipientAlreadyNotified } = await postMessage(db, thread.bookingId, user.id, request.body.body);
      // Only the first unread message of a run is mailed, not every line of a chat.
      if (!recipientAlreadyNotified) await mailNewMessage(db, request.log, siteUrl, thread, user.id, message);
      return reply.status(201).send(message);
    },
  );

  app.get(
    '/api/messages/unread-count',
    {
      schema: {
        tags: ['messages'],
        summary: 'Unread messages addressed to the signed-in user: about their stays (asGuest) and at their listings (asHost)',
        response: { 200: unreadMessageCountsSchema },
      },
    },
    async (request) => unreadMessageCounts(db, requireUser(request).id),
  );
};
