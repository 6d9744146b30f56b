import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PlatformBankAccount } from '../../../core/contracts/payout-methods.ts';
import { feePaymentReference, israeliBankCodes } from '../../../core/payout-methods.ts';
import type { Database } from '../../db/database.ts';
import { markAccess } from '../../http/openapi.ts';
import { requireUser } from '../../http/request-user.ts';
import { findPayoutMethod, savePayoutMethod } from './payout-methods-repository.ts';
import { route } from '../../http/route.ts';

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

  route(app, 'GET /api/host/payout-method', async (request, reply) => {
    const user = requireUser(request);
    reply.header('Cache-Control', 'no-store');
    return { payoutMethod: await findPayoutMethod(db, user.id), feePayment: { reference: feePaymentReference(user.id), payTo } };
  });

  route(app, 'PUT /api/host/payout-method', async (request, reply) => {
    const user = requireUser(request);
    reply.header('Cache-Control', 'no-store');
    return { payoutMethod: await savePayoutMethod(db, user.id, request.body) };
  });
};
