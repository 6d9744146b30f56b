import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {} from '../../../core/contracts/contact.ts';
import type { Database } from '../../db/database.ts';
import { adminRecordList } from '../../http/admin-list.ts';
import { enforceRateLimit } from '../../rate-limit/enforce-rate-limit.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { insertContactMessage, listContactMessages } from './contact-repository.ts';
import { route } from '../../http/route.ts';

// Generous for people, tight enough that a script cannot fill the operators' inbox.
const contactPerIp = { limit: 10, windowMs: 60 * 60 * 1000 };

export const contactRoutes: FastifyPluginAsyncZod<{ db: Database; rateLimiter: RateLimiter }> = async (app, { db, rateLimiter }) => {
  route(app, 'POST /api/contact', async (request, reply) => {
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
  });

  route(
    app,
    'GET /api/admin/contact-messages',
    adminRecordList(({ limit, offset }) => listContactMessages(db, limit, offset)),
  );
};
