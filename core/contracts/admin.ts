import { z } from 'zod';
import { apiErrorBodySchema, type JsonOf } from '../api-types.ts';
import { editableMailTemplates } from '../admin-rules.ts';
import { mailTextSchema, platformSettingsSchema, rejectionSchema, settingsUpdateSchema } from '../admin-schemas.ts';
import {
  listingStatuses,
  placeDocumentKinds,
  propertyTypes,
  reportStatuses,
  reportTargets,
  roles,
  securityEventTypes,
  verificationStatuses,
} from '../constants.ts';
import { serialIdParamSchema } from '../ids.ts';
import { languages } from '../languages.ts';

/** The request and response shapes of the admin routes (/api/admin/…, and POST /api/reports). */

export const okSchema = z.object({ ok: z.literal(true) });

// ---------------------------------------------------------------- dashboard

export const statSchema = z.object({ value: z.number(), lastMonth: z.number() });
export const statsResponseSchema = z.object({
  totalUsers: statSchema,
  activeListings: statSchema,
  monthlyRevenue: statSchema,
  pendingReviews: statSchema,
});
export type Stat = z.infer<typeof statSchema>;
export type Stats = z.infer<typeof statsResponseSchema>;

// ---------------------------------------------------------------- verifications

const hostSchema = z.object({ id: z.uuid(), email: z.string(), firstName: z.string(), lastName: z.string() });

export const idDocumentSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  submittedAt: z.date().nullable(),
  status: z.enum(verificationStatuses),
  documentUrl: z.string(),
});
/**
 * A photo of the listing that is a near-copy of another listing's (server/storage/photo-hash.ts): the
 * two are shown side by side, with the other listing, for the admin to judge.
 */
export const photoMatchSchema = z.object({
  photoUrl: z.string(),
  /** How many of the 64 bits of the two photos' hashes differ (0 = the same picture). */
  distance: z.number().int(),
  matched: z.object({
    id: z.number().int(),
    titleEn: z.string(),
    titleHe: z.string(),
    status: z.enum(listingStatuses),
    hostEmail: z.string(),
    photoUrl: z.string(),
  }),
});
export type PhotoMatch = JsonOf<z.infer<typeof photoMatchSchema>>;
export const pendingListingSchema = z.object({
  id: z.number().int(),
  titleEn: z.string(),
  titleHe: z.string(),
  propertyType: z.enum(propertyTypes),
  status: z.enum(listingStatuses),
  submittedAt: z.date(),
  host: hostSchema,
  /** Photos copied from other listings: they hold the listing until an admin decides it. */
  photoMatches: z.array(photoMatchSchema),
});
/** A listing's proof of the right to let it, waiting for a decision; the document is served to admins only. */
export const pendingPlaceSchema = z.object({
  id: z.number().int(),
  titleEn: z.string(),
  titleHe: z.string(),
  propertyType: z.enum(propertyTypes),
  status: z.enum(listingStatuses),
  kind: z.enum(placeDocumentKinds).nullable(),
  submittedAt: z.date().nullable(),
  host: hostSchema,
  documentUrl: z.string(),
});
export const changeValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);
/** A host's edits of a published listing, waiting for a decision: guests see the approved version meanwhile. */
export const listingChangeSchema = z.object({
  id: z.number().int(),
  titleEn: z.string(),
  titleHe: z.string(),
  propertyType: z.enum(propertyTypes),
  status: z.enum(listingStatuses),
  submittedAt: z.date().nullable(),
  host: hostSchema,
  /** The changed fields, in the wizard's order: the approved value and the edited one (a place by its name). */
  changes: z.array(z.object({ field: z.string(), before: changeValueSchema, after: changeValueSchema })),
  /** The photo lists (gallery addresses, cover first) when the photos changed. */
  photos: z.object({ before: z.array(z.string()), after: z.array(z.string()) }).nullable(),
  /** Sent back on approval: the change is published only if the host has not edited it since. */
  version: z.string(),
  photoMatches: z.array(photoMatchSchema),
});
export const verificationsResponseSchema = z.object({
  idDocuments: z.array(idDocumentSchema),
  listings: z.array(pendingListingSchema),
  listingChanges: z.array(listingChangeSchema),
  places: z.array(pendingPlaceSchema),
});
export type ChangeValue = z.infer<typeof changeValueSchema>;
export type IdDocument = JsonOf<z.infer<typeof idDocumentSchema>>;
export type PendingListing = JsonOf<z.infer<typeof pendingListingSchema>>;
export type ListingChange = JsonOf<z.infer<typeof listingChangeSchema>>;
export type PendingPlace = JsonOf<z.infer<typeof pendingPlaceSchema>>;
export type Verifications = JsonOf<z.infer<typeof verificationsResponseSchema>>;

export const userIdParamsSchema = z.object({ userId: z.uuid() });
export const listingIdParamsSchema = z.object({ id: serialIdParamSchema });
export const rejectBodySchema = rejectionSchema;
export const approveListingChangesBodySchema = z.object({ version: z.string().max(40) });

// ---------------------------------------------------------------- reports

export const reportSchema = z.object({
  id: z.number().int(),
  targetType: z.enum(reportTargets),
  propertyId: z.number().int().nullable(),
  propertyTitleEn: z.string().nullable(),
  propertyTitleHe: z.string().nullable(),
  reportedUserId: z.string().nullable(),
  reportedEmail: z.string().nullable(),
  /** A reported conversation: its messages, oldest first, for the admin to judge. */
  conversationId: z.string().nullable(),
  conversationMessages: z.array(z.object({ senderEmail: z.string(), body: z.string(), createdAt: z.date() })),
  reporterId: z.string(),
  reporterEmail: z.string(),
  reason: z.string(),
  details: z.string().nullable(),
  status: z.enum(reportStatuses),
  notes: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export const reportsResponseSchema = z.array(reportSchema);
export type Report = JsonOf<z.infer<typeof reportSchema>>;
export type ReportStatus = (typeof reportStatuses)[number];
export const createReportResponseSchema = z.object({ id: z.number().int(), status: z.enum(reportStatuses) });
export const reportsQuerySchema = z.object({ status: z.enum(reportStatuses).optional() });
export const reportIdParamsSchema = z.object({ id: serialIdParamSchema });
export const moveReportBodySchema = z.object({ status: z.enum(reportStatuses), notes: z.string().trim().max(2000).optional() });
export type MoveReportBody = z.infer<typeof moveReportBodySchema>;

// ---------------------------------------------------------------- users

export const userStatuses = ['active', 'suspended'] as const;
export type UserStatus = (typeof userStatuses)[number];
export const adminUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(roles),
  status: z.enum(userStatuses),
  idVerificationStatus: z.enum(verificationStatuses),
  createdAt: z.date(),
  /** Confirmed stays at the user's listings that they cancelled as the host. */
  hostCancellations: z.number().int(),
  /** How often masking hid contact details or payment outside the site in what they wrote (decision 049). */
  maskings: z.number().int(),
  /** Confirmed stays at the user's listings that have not ended: what a suspension leaves for the admin to settle. */
  staysAhead: z.array(
    z.object({
      bookingId: z.uuid(),
      propertyId: z.number().int(),
      title: z.string(),
      checkIn: z.string(),
      checkOut: z.string(),
      guestEmail: z.string(),
    }),
  ),
});
export const usersResponseSchema = z.array(adminUserSchema);
export type AdminUser = JsonOf<z.infer<typeof adminUserSchema>>;
export const usersQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  role: z.enum(roles).optional(),
  status: z.enum(userStatuses).optional(),
});
export type UsersQuery = z.infer<typeof usersQuerySchema>;
export const userParamsSchema = z.object({ id: z.uuid() });
export const changeRoleBodySchema = z.object({ role: z.enum(roles) });

// ---------------------------------------------------------------- settings

export const mailDefaultsSchema = z.record(z.enum(editableMailTemplates), z.record(z.enum(languages), mailTextSchema));
export const adminSettingsResponseSchema = platformSettingsSchema.extend({ mailDefaults: mailDefaultsSchema });
export type MailDefaults = z.infer<typeof mailDefaultsSchema>;
export type AdminSettings = z.infer<typeof adminSettingsResponseSchema>;
export const updateSettingsBodySchema = settingsUpdateSchema;
export type UpdateSettingsBody = z.infer<typeof updateSettingsBodySchema>;
export const mailPreviewBodySchema = z.object({
  template: z.enum(editableMailTemplates),
  language: z.enum(languages),
  text: mailTextSchema,
});
export const mailPreviewResponseSchema = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export type MailPreviewBody = z.infer<typeof mailPreviewBodySchema>;
export type MailPreview = z.infer<typeof mailPreviewResponseSchema>;

// ---------------------------------------------------------------- audit trail

export const auditEventSchema = z.object({
  id: z.number().int(),
  createdAt: z.date(),
  eventType: z.string(),
  userId: z.string().nullable(),
  email: z.string().nullable(),
  description: z.string().nullable(),
  /** The description as a code and parameters, for the page to translate (core/audit-descriptions.ts); null on older entries. */
  descriptionCode: z.string().nullable(),
  descriptionParams: z.record(z.string(), z.string()).nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export const auditResponseSchema = z.array(auditEventSchema);
export type AuditEvent = JsonOf<z.infer<typeof auditEventSchema>>;
export const auditQuerySchema = z.object({
  user: z.string().trim().max(200).optional(),
  eventType: z.enum(securityEventTypes).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

// ---------------------------------------------------------------- records (contact messages, job applications, newsletter, sign-ups)

/** Paging for the operators' record lists: newest first, 50 at a time, 200 at most. */
export const recordsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type RecordsQuery = z.infer<typeof recordsQuerySchema>;
/** A page of one record list; each feature's contract names its record's shape. */
export const recordsResponseSchema = <Item extends z.ZodType>(item: Item) => z.object({ items: z.array(item) });

/** The answer a visitor (401) or a non-admin (403) gets from an admin route. */
export const adminErrorResponses = {
  401: apiErrorBodySchema,
  403: apiErrorBodySchema,
};

/**
 * An entry of the endpoints map (core/contracts/endpoints.ts) for one of the operators' record
 * lists (contact messages, job applications, …): GET, admins only, a page at a time.
 */
export const adminRecordListEndpoint = <Item extends z.ZodType>(summary: string, item: Item) => ({
  tags: ['admin'],
  summary,
  query: recordsQuerySchema,
  responses: { 200: recordsResponseSchema(item), ...adminErrorResponses },
});
