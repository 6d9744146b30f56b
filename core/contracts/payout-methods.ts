import { z } from 'zod';
import { israeliBankCodes } from '../payout-methods.ts';
import { payoutMethodSchema } from './finance.ts';

/** The platform's account a host transfers the fees they owe into (decision 057); null when not configured. */
export const platformBankAccountSchema = z.object({
  bankCode: z.enum(israeliBankCodes),
  branch: z.string(),
  accountNumber: z.string(),
  accountHolder: z.string(),
});
export type PlatformBankAccount = z.infer<typeof platformBankAccountSchema>;

/** GET /api/host/payout-method: the host's own bank account for payouts, and how to pay the fees they owe. */
export const hostPayoutSettingsSchema = z.object({
  payoutMethod: payoutMethodSchema.nullable(),
  feePayment: z.object({
    /** The reference to write on the transfer (core/payout-methods.ts feePaymentReference). */
    reference: z.string(),
    payTo: platformBankAccountSchema.nullable(),
  }),
});
export type HostPayoutSettings = z.infer<typeof hostPayoutSettingsSchema>;

export const payoutMethodResponseSchema = z.object({ payoutMethod: payoutMethodSchema });
