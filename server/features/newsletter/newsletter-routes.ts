import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailSchema } from '../../../core/auth-schemas.ts';
import { languages } from '../../../core/languages.ts';
import type { Database } from '../../db/database.ts';
import { subscribe } from './newsletter-repository.ts';

export const newsletterRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/api/newsletter',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an e-mail address to the newsletter',
        body: z.object({
          email: emailSchema,
          language: z.enum(languages).default('en'),
          source: z.enum(['footer', 'blog']).default('footer'),
        }),
        response: { 201: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      await subscribe(db, request.body);
      return reply.status(201).send({ ok: true });
    },
  );
};
