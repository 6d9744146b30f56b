import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, serialIdParamsSchema } from '../../../core/contracts/common.ts';
import { addPriceRuleBodySchema, priceRuleParamsSchema, priceRulesSchema } from '../../../core/contracts/price-rules.ts';
import { today } from '../../../core/dates.ts';
import type { Database } from '../../db/database.ts';
import { requireUser } from '../../http/request-user.ts';
import { ownListing } from './host-listing-edits.ts';
import { addPriceRule, listPriceRules, removePriceRule, ruleOfBody } from './price-rules-repository.ts';

type HostListingsApp = Parameters<FastifyPluginAsyncZod>[0];

/** A listing's seasonal prices and stay limits; registered by hostListingsRoutes, whose signed-in hook they share. */
export function registerPriceRuleRoutes(app: HostListingsApp, { db }: { db: Database }) {
  app.get(
    '/api/host/listings/:id/price-rules',
    {
      schema: {
        tags: ['host listings'],
        summary: "A listing's seasonal price rules not ended yet, in date order",
        params: serialIdParamsSchema,
        response: { 200: priceRulesSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const row = await ownListing(db, requireUser(request).id, request.params.id);
      reply.header('Cache-Control', 'no-store');
      return listPriceRules(db, row.id, today());
    },
  );

  app.post(
    '/api/host/listings/:id/price-rules',
    {
      schema: {
        tags: ['host listings'],
        summary:
          'Add a seasonal rule over a holiday season or [startDate, endDate): a percentage or a price per unit, and/or a minimum stay. Applies at once',
        params: serialIdParamsSchema,
        body: addPriceRuleBodySchema,
        response: {
          201: priceRulesSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const row = await ownListing(db, requireUser(request).id, request.params.id);
      const day = today();
      await addPriceRule(db, row.id, ruleOfBody(request.body, day), day);
      return reply.status(201).send(await listPriceRules(db, row.id, day));
    },
  );

  app.delete(
    '/api/host/listings/:id/price-rules/:ruleId',
    {
      schema: {
        tags: ['host listings'],
        summary: 'Remove a seasonal rule',
        params: priceRuleParamsSchema,
        response: { 200: priceRulesSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const row = await ownListing(db, requireUser(request).id, request.params.id);
      await removePriceRule(db, row.id, request.params.ruleId);
      return listPriceRules(db, row.id, today());
    },
  );
}
