import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../core/contracts/common.ts';
import { hostPayoutSettingsSchema, payoutMethodResponseSchema, type PlatformBankAccount } from '../../../core/contracts/payout-methods.ts';
import { feePaymentReference, israeliBankCodes, payoutMethodBodySchema } from '../../../core/payout-methods.ts';
import type { Database } from '../../db/database.ts';
import { markAccess } from '../../http/openapi.ts';
import { requireUser } from '../../http/request-user.ts';
import { findPayoutMethod, savePayoutMethod } from './payout-methods-repository.ts';

const tags = ['host listings'];

/** PLATFORM_BANK_ACCOUNT ("12-600-123456") as an account, or null when unset or naming an unknown bank. */
export function platformBankAccount(account: string | undefined, holder: string): PlatformBankAccount | null {
  const [bankCode, branch, accountNumber] = account?.split('-') ?? [];
  if (!bankCode || !branch || !accountNumber || !israeliBankCodes.includes(bankCode)) return null;
  return { bankCode: bankCode as PlatformBankAccount['bankCode'], branch, accountNumber, accountHolder: holder };
}

/**
 * A host's money settings (docs/decisions/057-host-money.md): the bank account their payouts go to,
 * which only they (here) and admins (Finance) see in full, and where and with which reference to
 * pay the fees they owe for stays paid to them directly.
 */
export const payoutMethodsRoutes: FastifyPluginAsyncZod<{ db: Database; payTo: PlatformBankAccount | null }> = async (
  app,
  { db, payTo },
) => {
  markAccess(app, 'user', () => true);
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });

  app.get(
    '/api/host/payout-method',
    {
      schema: {
        tags,
        summary: "The signed-in host's bank account for payouts, and the platform's account and reference for paying the fees they owe",
        response: { 200: hostPayoutSettingsSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('Cache-Control', 'no-store');
      return { payoutMethod: await findPayoutMethod(db, user.id), feePayment: { reference: feePaymentReference(user.id), payTo } };
    },
  );

  app.put(
    '/api/host/payout-method',
    {
      schema: {
        tags,
        summary: 'Add or change the signed-in host’s bank account for payouts (an Israeli bank, a 3-digit branch, the account number)',
        body: payoutMethodBodySchema,
        response: { 200: payoutMethodResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('Cache-Control', 'no-store');
      return { payoutMethod: await savePayoutMethod(db, user.id, request.body) };
    },
  );
};
