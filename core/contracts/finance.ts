import { z } from 'zod';
import { israeliBankCodes } from '../payout-methods.ts';

const int = z.number().int();

/** One month of the platform's books (GET /api/admin/finance/months), from the ledger; docs/decisions/025-receipts-and-payouts.md. */
export const financeMonthSchema = z.object({
  /** yyyy-MM of the ledger transactions, on Israel's clock. */
  month: z.string(),
  /** Card payments captured (provider_balance in). */
  charges: int,
  /** Refunds sent back to cards. */
  refunds: int,
  /** The platform's service fees earned that month, net of what refunds and cancellations gave back. */
  serviceFees: int,
  /** The part of those fees owed by hosts for stays paid on arrival. */
  onArrivalFees: int,
  /** Bank transfers sent to hosts. */
  payouts: int,
  /** Fees hosts paid the platform by bank transfer (decision 057). */
  feesReceived: int,
});
export type FinanceMonth = z.infer<typeof financeMonthSchema>;
export const financeMonthsResponseSchema = z.object({ months: z.array(financeMonthSchema) });
export type FinanceMonths = z.infer<typeof financeMonthsResponseSchema>;

/** A host's bank account for payouts (core/payout-methods.ts), in full: only the host and admins see this. */
export const payoutMethodSchema = z.object({
  bankCode: z.enum(israeliBankCodes),
  branch: z.string(),
  accountNumber: z.string(),
  accountHolder: z.string(),
  updatedAt: z.string(),
});
export type PayoutMethod = z.infer<typeof payoutMethodSchema>;

/** A host's balance with the platform (GET /api/admin/finance/payouts-due). */
export const payoutDueSchema = z.object({
  hostId: z.uuid(),
  email: z.string(),
  name: z.string(),
  /** Owed to the host for card stays (−host_payable). */
  payable: int,
  /** Fees the host owes for stays paid on arrival (host_owes_fees). */
  feesOwed: int,
  /** What may be sent now: payable less the fees owed (never below 0). */
  due: int,
  /** What the host owes the platform after netting what is owed to them: fees less payable (never below 0). */
  owes: int,
  /** The last payout marked as sent, if any (ISO time). */
  lastPayoutAt: z.string().nullable(),
  /** The reference the host writes on a transfer of the fees they owe (core/payout-methods.ts). */
  feeReference: z.string(),
  /** Where to send the host's payouts; null until the host adds it. The table shows it masked. */
  payoutMethod: payoutMethodSchema.nullable(),
});
export type PayoutDue = z.infer<typeof payoutDueSchema>;
export const payoutsDueResponseSchema = z.object({ hosts: z.array(payoutDueSchema) });

/**
 * A long stay's period paid through us whose host share is not payable yet (decision 054): it becomes
 * payable 24 hours after the period starts, or when an admin decides the stay's move-in report (056).
 */
export const upcomingPayoutSchema = z.object({
  hostId: z.uuid(),
  email: z.string(),
  name: z.string(),
  bookingId: z.uuid(),
  sequence: int,
  periodStart: z.string(),
  /** When the share becomes payable (ISO time): 24 hours after the period starts, Israel's time. */
  payableAt: z.string(),
  /** The host's share of the period (what the guest paid less the service fee). */
  amount: int,
  /** 'waiting' until payableAt; 'held' while the stay has an open move-in report. */
  state: z.enum(['waiting', 'held']),
});
export type UpcomingPayout = z.infer<typeof upcomingPayoutSchema>;
/** GET /api/admin/finance/upcoming-payouts: by the date each becomes payable, soonest first. */
export const upcomingPayoutsResponseSchema = z.object({ payouts: z.array(upcomingPayoutSchema) });
export type UpcomingPayouts = z.infer<typeof upcomingPayoutsResponseSchema>;
export type PayoutsDue = z.infer<typeof payoutsDueResponseSchema>;

/** POST /api/admin/finance/payouts: the admin sent `amount` to the host by bank transfer. */
export const markPayoutBodySchema = z.object({
  hostId: z.uuid(),
  amount: int.min(1).max(10_000_000),
  /** The bank transfer's reference, as the bank shows it. */
  reference: z.string().trim().min(1).max(100),
});
export type MarkPayoutBody = z.infer<typeof markPayoutBodySchema>;

export const payoutSchema = z.object({
  id: z.uuid(),
  hostId: z.uuid(),
  amount: int,
  reference: z.string(),
  /** The fees owed for stays paid on arrival that the payout settled. */
  settledFees: int,
  createdAt: z.string(),
});
export type Payout = z.infer<typeof payoutSchema>;

/** POST /api/admin/finance/fee-payments: the platform received `amount` of the fees a host owes, by bank transfer. */
export const recordFeePaymentBodySchema = z.object({
  hostId: z.uuid(),
  amount: int.min(1).max(10_000_000),
  /** The bank transfer's reference, as the bank shows it. */
  reference: z.string().trim().min(1).max(100),
});
export type RecordFeePaymentBody = z.infer<typeof recordFeePaymentBodySchema>;

export const feePaymentSchema = z.object({
  /** The ledger transaction's key (fee_payment:<uuid>). */
  key: z.string(),
  hostId: z.uuid(),
  amount: int,
  reference: z.string(),
  /** What the host still owes after it. */
  feesOwed: int,
  createdAt: z.string(),
});
export type FeePayment = z.infer<typeof feePaymentSchema>;
