import { z } from 'zod';
import { editableMailTemplates } from './admin-rules.ts';
import { dueDaysBeforeBounds, graceDaysBounds, launchModes, reportReasons, reportTargets } from './constants.ts';
import { serialIdSchema } from './ids.ts';

/** The platform settings and the admin's and reporters' requests, checked on the server (core/contracts/admin.ts). */

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
  /** Sublets and rentals may take bookings before an admin verified their place (issue 39); on unless the admin turns it off. */
  unverifiedPlacesMayBook: z.boolean(),
  /** Days before each later month of a long stay its payment is due, for stays booked from now on (decision 060). */
  longStayDueDaysBefore: z.number().int().min(dueDaysBeforeBounds.min).max(dueDaysBeforeBounds.max),
  /** Days after an unpaid month's due day that its host may end the stay (decision 060). */
  longStayGraceDays: z.number().int().min(graceDaysBounds.min).max(graceDaysBounds.max),
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;

export const settingsUpdateSchema = platformSettingsSchema.partial();

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
