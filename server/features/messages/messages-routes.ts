import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParamsSchema } from '../../../core/contracts/common.ts';
import {
  bookingMessageSchema,
  bookingMessagesResponseSchema,
  postMessageBodySchema,
  unreadMessageCountsSchema,
} from '../../../core/contracts/messages.ts';
import { localizePath } from '../../../core/languages.ts';
import type { Database } from '../../db/database.ts';
import { requireUser } from '../../http/request-user.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { postMessage, readThread, recipientOf, threadFor, unreadMessageCounts } from './messages-repository.ts';

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
      if (!recipientAlreadyNotified) {
        const toHost = user.id === thread.guestId;
        try {
          const recipient = await recipientOf(db, toHost ? thread.hostId : thread.guestId);
          if (recipient) {
            const page = toHost ? '/host/bookings' : '/my-bookings';
            await queueMail(db, {
              to: recipient.email,
              language: recipient.language,
              template: 'bookingMessage',
              params: {
                firstName: recipient.firstName,
                otherName: message.senderFirstName,
                title: recipient.language === 'he' ? thread.titleHe : thread.titleEn,
                body: message.body,
              },
              link: `${siteUrl}${localizePath(page, recipient.language)}?thread=${thread.bookingId}`,
            });
          }
        } catch (error) {
          // The message is stored and shown in the thread; only the nudge by mail is lost.
          request.log.error({ err: error, bookingId: thread.bookingId }, 'message mail could not be queued');
        }
      }
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
