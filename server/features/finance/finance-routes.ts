import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../core/contracts/common.ts';
import {
  feePaymentSchema,
  financeMonthsResponseSchema,
  markPayoutBodySchema,
  recordFeePaymentBodySchema,
  payoutSchema,
  payoutsDueResponseSchema,
  upcomingPayoutsResponseSchema,
} from '../../../core/contracts/finance.ts';
import { toCsv } from '../../../core/csv.ts';
import { recordSecurityEvent } from '../../audit/security-events-repository.ts';
import type { Database } from '../../db/database.ts';
import { markAccess } from '../../http/openapi.ts';
import { clientInfo, requireRole } from '../../http/request-user.ts';
import { financeMonths, markPayout, payoutsDue, recordFeePayment, upcomingPayouts } from './finance-repository.ts';

const tags = ['admin'];

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

  app.get(
    '/api/admin/finance/months',
    {
      schema: {
        tags,
        summary: 'Card charges, refunds, service fees and payouts per month of the ledger, newest first',
        response: { 200: financeMonthsResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { months: await financeMonths(db) };
    },
  );

  app.get(
    '/api/admin/finance/months.csv',
    { schema: { tags, summary: 'The monthly summary as a CSV file (text/csv), in shekels', produces: ['text/csv'] } },
    async (_request, reply) => {
      const months = await financeMonths(db);
      return sendCsv(
        reply,
        'finance-months.csv',
        ['month', 'charges', 'refunds', 'service_fees', 'on_arrival_fees', 'payouts', 'fees_received'],
        months.map((m) => [m.month, m.charges, m.refunds, m.serviceFees, m.onArrivalFees, m.payouts, m.feesReceived]),
      );
    },
  );

  app.get(
    '/api/admin/finance/payouts-due',
    {
      schema: {
        tags,
        summary: 'Each host with money on the books: owed to them, fees they owe for stays paid on arrival, and what may be sent now',
        response: { 200: payoutsDueResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { hosts: await payoutsDue(db) };
    },
  );

  app.get(
    '/api/admin/finance/upcoming-payouts',
    {
      schema: {
        tags,
        summary: "Long stays' periods paid through us whose host share is not payable yet, by the date it becomes payable (decision 054)",
        response: { 200: upcomingPayoutsResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { payouts: await upcomingPayouts(db) };
    },
  );

  app.get(
    '/api/admin/finance/payouts-due.csv',
    { schema: { tags, summary: 'The payouts due as a CSV file (text/csv), in shekels', produces: ['text/csv'] } },
    async (_request, reply) => {
      const hosts = await payoutsDue(db);
      return sendCsv(
        reply,
        'payouts-due.csv',
        ['host_id', 'email', 'name', 'payable', 'fees_owed', 'due', 'owes', 'last_payout_at'],
        hosts.map((h) => [h.hostId, h.email, h.name, h.payable, h.feesOwed, h.due, h.owes, h.lastPayoutAt]),
      );
    },
  );

  app.post(
    '/api/admin/finance/payouts',
    {
      schema: {
        tags,
        summary:
          'Mark a payout as sent by bank transfer: never more than is due (409), and two marks at once never pay twice. Recorded in the audit trail.',
        body: markPayoutBodySchema,
        response: { 201: payoutSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const admin = requireRole(request, 'admin');
      const { email, ...payout } = await markPayout(db, { ...request.body, sentBy: admin.id });
      void recordSecurityEvent(db, request.log, {
        userId: admin.id,
        eventType: 'ADMIN_ACTION',
        description: `Payout ${payout.id} to ${email}: ₪${payout.amount} (fees settled ₪${payout.settledFees}), reference ${payout.reference}`,
        ...clientInfo(request),
      });
      return reply.status(201).send(payout);
    },
  );

  app.post(
    '/api/admin/finance/fee-payments',
    {
      schema: {
        tags,
        summary:
          'Record fees a host paid the platform by bank transfer (decision 057): never more than the host owes (409), once per transfer reference (409). Recorded in the audit trail.',
        body: recordFeePaymentBodySchema,
        response: { 201: feePaymentSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const admin = requireRole(request, 'admin');
      const { email, ...payment } = await recordFeePayment(db, request.body);
      void recordSecurityEvent(db, request.log, {
        userId: admin.id,
        eventType: 'ADMIN_ACTION',
        description: `Fee payment from ${email}: ₪${payment.amount} received, reference ${payment.reference}; still owed ₪${payment.feesOwed}`,
        ...clientInfo(request),
      });
      return reply.status(201).send(payment);
    },
  );
};
