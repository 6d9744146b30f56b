import { z } from 'zod';
import { launchModes, reportReasons, reportTargets, type reportStatuses } from './constants.ts';
import { serialIdSchema } from './ids.ts';

/** Mails an admin may reword (settings); their {{placeholders}} are filled when a mail is sent. */
export const editableMailTemplates = ['verificationApproved', 'verificationRejected', 'listingApproved', 'listingRejected'] as const;
export type EditableMailTemplate = (typeof editableMailTemplates)[number];

/** The placeholders each editable mail offers, with the sample values the preview uses. */
export const mailTemplateSamples: Record<EditableMailTemplate, Record<string, string>> = {
  verificationApproved: { firstName: 'Dana' },
  verificationRejected: { firstName: 'Dana', reason: 'The photo is blurred' },
  listingApproved: { firstName: 'Dana', title: 'Sunny loft by the sea' },
  listingRejected: { firstName: 'Dana', title: 'Sunny loft by the sea', reason: 'Photos are missing' },
};

export const mailTextSchema = z.object({
  subject: z.string().trim().min(1).max(200),
  body: z.string().trim().min(1).max(4000),
});
export type MailText = z.infer<typeof mailTextSchema>;

const mailOverrideSchema = z.object({ en: mailTextSchema.optional(), he: mailTextSchema.optional() });
export const mailOverridesSchema = z.partialRecord(z.enum(editableMailTemplates), mailOverrideSchema);
export type MailOverrides = z.infer<typeof mailOverridesSchema>;

/** A commission is a share of the subtotal: 0.12 = 12 %. */
export const commissionRateSchema = z.number().min(0).max(0.5);

export const platformSettingsSchema = z.object({
  autoApproveVerifiedHosts: z.boolean(),
  commissionRates: z.object({ hotel: commissionRateSchema, sublet: commissionRateSchema, rental: commissionRateSchema }),
  mailTemplates: mailOverridesSchema,
  launchMode: z.enum(launchModes),
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;

export const settingsUpdateSchema = platformSettingsSchema.partial();

/** Which way a report may move: pending → investigating → resolved or dismissed (also straight from pending). */
type ReportStatus = (typeof reportStatuses)[number];
export const reportTransitions: Record<ReportStatus, readonly Exclude<ReportStatus, 'pending'>[]> = {
  pending: ['investigating', 'resolved', 'dismissed'],
  investigating: ['resolved', 'dismissed'],
  resolved: [],
  dismissed: [],
};

/** Whether a report may move from one status to another (see reportTransitions). */
export const canMoveReport = (from: ReportStatus, to: ReportStatus) => (reportTransitions[from] as readonly ReportStatus[]).includes(to);

/** Nobody reports themself or their own listing: such reports are mistakes or attempts to game the queue. */
export function reportTargetProblem(reporterId: string, target: { reportedUserId: string | null; hostId: string | null }) {
  if (target.reportedUserId === reporterId) return 'cannot_report_self' as const;
  if (target.hostId === reporterId) return 'cannot_report_own_listing' as const;
  return null;
}

export const reportCreateSchema = z
  .object({
    targetType: z.enum(reportTargets),
    propertyId: serialIdSchema.optional(),
    userId: z.uuid().optional(),
    conversationId: z.uuid().optional(),
    reason: z.enum(reportReasons),
    details: z.string().trim().max(2000).optional(),
  })
  .refine(
    (r) =>
      r.targetType === 'property'
        ? r.propertyId !== undefined
        : r.targetType === 'user'
          ? r.userId !== undefined
          : r.conversationId !== undefined,
    {
      message: 'The reported listing, user or conversation is required',
      path: ['targetType'],
    },
  );
export type ReportCreate = z.infer<typeof reportCreateSchema>;

export const rejectionSchema = z.object({ reason: z.string().trim().min(3).max(1000) });

/** Change from last month as a whole percentage; null when last month was zero (no base to compare). */
export function percentChange(current: number, lastMonth: number): number | null {
  if (lastMonth === 0) return null;
  return Math.round(((current - lastMonth) / lastMonth) * 100);
}
