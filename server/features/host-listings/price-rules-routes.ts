import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { today } from '../../../core/dates.ts';
import type { Database } from '../../db/database.ts';
import { requireUser } from '../../http/request-user.ts';
import { ownListing } from './host-listing-edits.ts';
import { addPriceRule, listPriceRules, removePriceRule, ruleOfBody } from './price-rules-repository.ts';
import { route } from '../../http/route.ts';

type HostListingsApp = Parameters<FastifyPluginAsyncZod>[0];

/** A listing's seasonal prices and stay limits; registered by hostListingsRoutes, whose signed-in hook they share. */
export function registerPriceRuleRoutes(app: HostListingsApp, { db }: { db: Database }) {
  route(app, 'GET /api/host/listings/:id/price-rules', async (request, reply) => {
    const row = await ownListing(db, requireUser(request).id, request.params.id);
    reply.header('Cache-Control', 'no-store');
    return listPriceRules(db, row.id, today());
  });

  route(app, 'POST /api/host/listings/:id/price-rules', async (request, reply) => {
    const row = await ownListing(db, requireUser(request).id, request.params.id);
    const day = today();
    await addPriceRule(db, row.id, ruleOfBody(request.body, day), day);
    return reply.status(201).send(await listPriceRules(db, row.id, day));
  });

  route(app, 'DELETE /api/host/listings/:id/price-rules/:ruleId', async (request) => {
    const row = await ownListing(db, requireUser(request).id, request.params.id);
    await removePriceRule(db, row.id, request.params.ruleId);
    return listPriceRules(db, row.id, today());
  });
}
