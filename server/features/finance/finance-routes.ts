import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toCsv } from '../../../core/csv.ts';
import { recordSecurityEvent } from '../../audit/security-events-repository.ts';
import type { Database } from '../../db/database.ts';
import { markAccess } from '../../http/openapi.ts';
import { clientInfo, requireRole } from '../../http/request-user.ts';
import { financeMonths, markPayout, payoutsDue, recordFeePayment, upcomingPayouts } from './finance-repository.ts';
import { route } from '../../http/route.ts';

function sendCsv(reply: FastifyReply, filename: string, header: string[], lines: unknown[][]) {
  reply.header('Content-Type', 'text/csv; charset=utf-8');
  reply.header('Content-Disposition', `attachment; filename="${filename}"`);
  reply.header('Cache-Control', 'no-store');
  return reply.send(toCsv(header, lines));
}

/** The admin's Finance tab: the books per month, what each host is owed, and payouts (docs/decisions/025-receipts-and-payouts.md). */
export const financeRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // Admins only, checked before the body is even validated.
  markAccess(app, 'role', () => true);
  app.addHook('preValidation', async (request) => {
    requireRole(request, 'admin');
  });

  route(app, 'GET /api/admin/finance/months', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { months: await financeMonths(db) };
  });

  route(app, 'GET /api/admin/finance/months.csv', async (_request, reply) => {
    const months = await financeMonths(db);
    return sendCsv(
      reply,
      'finance-months.csv',
      ['month', 'charges', 'refunds', 'service_fees', 'on_arrival_fees', 'payouts', 'fees_received'],
      months.map((m) => [m.month, m.charges, m.refunds, m.serviceFees, m.onArrivalFees, m.payouts, m.feesReceived]),
    );
  });

  route(app, 'GET /api/admin/finance/payouts-due', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { hosts: await payoutsDue(db) };
  });

  route(app, 'GET /api/admin/finance/upcoming-payouts', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { payouts: await upcomingPayouts(db) };
  });

  route(app, 'GET /api/admin/finance/payouts-due.csv', async (_request, reply) => {
    const hosts = await payoutsDue(db);
    return sendCsv(
      reply,
      'payouts-due.csv',
      ['host_id', 'email', 'name', 'payable', 'fees_owed', 'due', 'owes', 'last_payout_at'],
      hosts.map((h) => [h.hostId, h.email, h.name, h.payable, h.feesOwed, h.due, h.owes, h.lastPayoutAt]),
    );
  });

  route(app, 'POST /api/admin/finance/payouts', async (request, reply) => {
    const admin = requireRole(request, 'admin');
    const { email, ...payout } = await markPayout(db, { ...request.body, sentBy: admin.id });
    void recordSecurityEvent(db, request.log, {
      userId: admin.id,
      eventType: 'ADMIN_ACTION',
      description: `Payout ${payout.id} to ${email}: ₪${payout.amount} (fees settled ₪${payout.settledFees}), reference ${payout.reference}`,
      ...clientInfo(request),
    });
    return reply.status(201).send(payout);
  });

  route(app, 'POST /api/admin/finance/fee-payments', async (request, reply) => {
    const admin = requireRole(request, 'admin');
    const { email, ...payment } = await recordFeePayment(db, request.body);
    void recordSecurityEvent(db, request.log, {
      userId: admin.id,
      eventType: 'ADMIN_ACTION',
      description: `Fee payment from ${email}: ₪${payment.amount} received, reference ${payment.reference}; still owed ₪${payment.feesOwed}`,
      ...clientInfo(request),
    });
    return reply.status(201).send(payment);
  });
};
