import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactMessageSchema } from '../../../core/contact-schemas.ts';
import type { Database } from '../../db/database.ts';
import { adminErrorResponses, adminListQuery } from '../../http/admin-list.ts';
import { requireRole } from '../../http/request-user.ts';
import { enforceRateLimit } from '../../rate-limit/enforce-rate-limit.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { insertContactMessage, listContactMessages } from './contact-repository.ts';

// Generous for people, tight enough that a script cannot fill the operators' inbox.
const contactPerIp = { limit: 10, windowMs: 60 * 60 * 1000 };

const contactMessageView = z.object({
  id: z.number(),
  userId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  category: z.string().nullable(),
  message: z.string(),
  createdAt: z.date(),
});

export const contactRoutes: FastifyPluginAsyncZod<{ db: Database; rateLimiter: RateLimiter }> = async (app, { db, rateLimiter }) => {
  app.post(
    '/api/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the Lina team (name, e-mail, subject and message required)',
        body: contactMessageSchema,
        response: { 201: z.object({ id: z.number() }) },
      },
    },
    async (request, reply) => {
      await enforceRateLimit(rateLimiter, reply, `contact:ip:${request.ip}`, contactPerIp);
      const body = request.body;
      const id = await insertContactMessage(db, {
        userId: request.user?.id ?? null,
        name: body.name,
        email: body.email,
        subject: body.subject,
        category: body.category || null,
        message: body.message,
      });
      return reply.status(201).send({ id });
    },
  );

  app.get(
    '/api/admin/contact-messages',
    {
      schema: {
        tags: ['admin'],
        summary: 'Contact messages, newest first (admins only)',
        querystring: adminListQuery,
        response: { 200: z.object({ items: z.array(contactMessageView) }), ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      reply.header('Cache-Control', 'no-store');
      return { items: await listContactMessages(db, request.query.limit, request.query.offset) };
    },
  );
};
