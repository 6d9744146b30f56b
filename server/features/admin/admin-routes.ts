import type { FastifyRequest } from 'fastify';
import { today } from '../../../core/dates.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  editableMailTemplates,
  mailTemplateSamples,
  mailTextSchema,
  platformSettingsSchema,
  rejectionSchema,
  reportCreateSchema,
  reportTransitions,
  settingsUpdateSchema,
} from '../../../core/admin-rules.ts';
import { toCsv } from '../../../core/csv.ts';
import { languages, localizePath, type Language } from '../../../core/languages.ts';
import { listingStatuses, propertyTypes, reportStatuses, roles, securityEventTypes, verificationStatuses, type SecurityEventType } from '../../../core/constants.ts';
import { recordSecurityEvent } from '../../audit/security-events-repository.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { clientInfo, requireRole, requireUser } from '../../http/request-user.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { renderMail } from '../../mail/mail-templates.ts';
import type { LaunchModeReader } from '../../settings/launch-mode.ts';
import { listingDraftSchema } from '../../../core/host-listing-rules.ts';
import { placeLabel } from '../../../core/format.ts';
import { publicUrlOf } from '../../storage/public-url.ts';
import type { Storage } from '../../storage/storage.ts';
import {
  contactOf,
  dashboardStats,
  decideIdDocument,
  decideListing,
  findUser,
  insertReport,
  listReports,
  listSecurityEvents,
  moveReport,
  pendingIdDocuments,
  reportStatus,
  searchUsers,
  setRole,
  setUserStatus,
  declinedRequestParties,
  staysAheadOf,
  approveListingChanges,
  listingChangesQueue,
  placeNames,
  rejectListingChanges,
  submittedListings,
  reportTarget,
} from './admin-repository.ts';
import { readPlatformSettings, writePlatformSettings } from '../../settings/platform-settings.ts';
import { serialIdParamSchema } from '../../../core/ids.ts';

const stat = z.object({ value: z.number(), lastMonth: z.number() });
const statsSchema = z.object({ totalUsers: stat, activeListings: stat, monthlyRevenue: stat, pendingReviews: stat });

const idDocumentSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  submittedAt: z.date().nullable(),
  status: z.enum(verificationStatuses),
  documentUrl: z.string(),
});
const pendingListingSchema = z.object({
  id: z.number().int(),
  titleEn: z.string(),
  titleHe: z.string(),
  propertyType: z.enum(propertyTypes),
  status: z.enum(listingStatuses),
  submittedAt: z.date(),
  host: z.object({ id: z.uuid(), email: z.string(), firstName: z.string(), lastName: z.string() }),
});
const changeValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);
const listingChangeSchema = z.object({
  id: z.number().int(),
  titleEn: z.string(),
  titleHe: z.string(),
  propertyType: z.enum(propertyTypes),
  status: z.enum(listingStatuses),
  submittedAt: z.date().nullable(),
  host: z.object({ id: z.uuid(), email: z.string(), firstName: z.string(), lastName: z.string() }),
  /** The changed fields, in the wizard's order: the approved value and the edited one (a place by its name). */
  changes: z.array(z.object({ field: z.string(), before: changeValue, after: changeValue })),
  /** The photo lists (gallery addresses, cover first) when the photos changed. */
  photos: z.object({ before: z.array(z.string()), after: z.array(z.string()) }).nullable(),
  /** Sent back on approval: the change is published only if the host has not edited it since. */
  version: z.string(),
});
const reportSchema = z.object({
  id: z.number().int(),
  targetType: z.enum(['property', 'user']),
  propertyId: z.number().int().nullable(),
  propertyTitleEn: z.string().nullable(),
  propertyTitleHe: z.string().nullable(),
  reportedUserId: z.string().nullable(),
  reportedEmail: z.string().nullable(),
  reporterId: z.string(),
  reporterEmail: z.string(),
  reason: z.string(),
  details: z.string().nullable(),
  status: z.enum(reportStatuses),
  notes: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
const userStatuses = ['active', 'suspended'] as const;
const adminUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(roles),
  status: z.enum(userStatuses),
  idVerificationStatus: z.enum(verificationStatuses),
  createdAt: z.date(),
  /** Confirmed stays at the user's listings that have not ended: what a suspension leaves for the admin to settle. */
  staysAhead: z.array(
    z.object({ bookingId: z.uuid(), propertyId: z.number().int(), title: z.string(), checkIn: z.string(), checkOut: z.string(), guestEmail: z.string() }),
  ),
});
const auditEventSchema = z.object({
  id: z.number().int(),
  createdAt: z.date(),
  eventType: z.string(),
  userId: z.string().nullable(),
  email: z.string().nullable(),
  description: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
const auditQuerySchema = z.object({
  user: z.string().trim().max(200).optional(),
  eventType: z.enum(securityEventTypes).optional(),
});
const ok = z.object({ ok: z.literal(true) });
const tags = ['admin'];

export const adminRoutes: FastifyPluginAsyncZod<{ db: Database; storage: Storage; launchMode: LaunchModeReader; siteUrl: string }> = async (
  app,
  { db, storage, launchMode, siteUrl },
) => {
  // Every /api/admin route is for admins only, checked before the body is even validated.
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.url?.startsWith('/api/admin/')) requireRole(request, 'admin');
  });

  const linkTo = (language: Language, path: string) => `${siteUrl}${localizePath(path, language)}`;

  function audit(request: FastifyRequest, eventType: SecurityEventType, description: string) {
    void recordSecurityEvent(db, request.log, { userId: requireUser(request).id, eventType, description, ...clientInfo(request) });
  }

  /** Mails never block an admin's decision: the decision stands even when the queue is down. */
  function mailUser(request: FastifyRequest, userId: string, template: Parameters<typeof queueMail>[1]['template'], params: Record<string, string>, path: string) {
    void (async () => {
      const contact = await contactOf(db, userId);
      if (!contact) return;
      await queueMail(db, {
        to: contact.email,
        language: contact.language,
        template,
        params: { firstName: contact.firstName ?? '', ...params },
        link: linkTo(contact.language, path),
      });
    })().catch((error: unknown) => request.log.error({ err: error }, 'admin decision mail not queued'));
  }

  /** The usual "request declined" mail to each guest whose request a suspension declined. */
  function mailDeclinedRequests(request: FastifyRequest, bookingIds: string[]) {
    if (bookingIds.length === 0) return;
    void (async () => {
      for (const party of await declinedRequestParties(db, bookingIds)) {
        await queueMail(db, {
          to: party.email,
          language: party.language,
          template: 'bookingUpdate',
          params: {
            event: 'declined',
            firstName: party.firstName ?? '',
            otherName: party.hostFirstName ?? '',
            title: party.language === 'he' ? party.titleHe : party.titleEn,
            checkIn: party.checkIn,
            checkOut: party.checkOut,
            audience: 'guest',
          },
          link: linkTo(party.language, '/my-bookings'),
        });
      }
    })().catch((error: unknown) => request.log.error({ err: error }, 'declined request mail not queued'));
  }

  app.get('/api/admin/stats', { schema: { tags, summary: 'The four dashboard figures with last month’s', response: { 200: statsSchema } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return dashboardStats(db);
  });

  app.get(
    '/api/admin/verifications',
    {
      schema: {
        tags,
        summary: 'ID documents, listings and edits of published listings waiting for a decision, oldest first',
        response: {
          200: z.object({ idDocuments: z.array(idDocumentSchema), listings: z.array(pendingListingSchema), listingChanges: z.array(listingChangeSchema) }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const [documents, listings, changes] = [await pendingIdDocuments(db), await submittedListings(db), await listingChangesQueue(db)];
      return {
        listingChanges: await describeListingChanges(changes),
        idDocuments: documents.map((row) => ({ ...row, documentUrl: `/api/users/${row.userId}/id-document` })),
        listings: listings.map((row) => ({
          id: row.id,
          titleEn: row.titleEn,
          titleHe: row.titleHe,
          propertyType: row.propertyType,
          status: row.status,
          submittedAt: row.submittedAt,
          host: { id: row.hostId, email: row.hostEmail, firstName: row.hostFirstName ?? '', lastName: row.hostLastName ?? '' },
        })),
      };
    },
  );

  const notWaiting = () => new HttpError(409, 'already_decided', 'This was already decided');

  /** Each waiting edit as the admin compares it: changed fields before and after, and the photo lists. */
  async function describeListingChanges(rows: Awaited<ReturnType<typeof listingChangesQueue>>): Promise<z.infer<typeof listingChangeSchema>[]> {
    const placeIds = rows.flatMap(({ listing }) => [listing.placeId, listing.pendingChanges?.fields.placeId]).filter((id): id is number => typeof id === 'number');
    const found = await placeNames(db, [...new Set(placeIds)]);
    const parents = await placeNames(db, [...new Set(found.map((place) => place.parentId).filter((id): id is number => id !== null))]);
    const nameOf = (id: unknown) => {
      const place = found.find((candidate) => candidate.id === id);
      if (!place) return null;
      const city = place.kind === 'neighbourhood' ? parents.find((candidate) => candidate.id === place.parentId) : undefined;
      return placeLabel(place.nameEn, city?.nameEn ?? place.nameEn, !city);
    };
    const fieldOrder = Object.keys(listingDraftSchema.shape);
    const shown = (value: unknown): z.infer<typeof changeValue> =>
      value === undefined ? null : Array.isArray(value) ? value.map(String) : (value as z.infer<typeof changeValue>);
    return rows.map(({ listing, hostEmail, hostFirstName, hostLastName, livePhotoKeys }) => {
      const pending = listing.pendingChanges!;
      const changes = fieldOrder
        .filter((field) => field in pending.fields)
        .map((field) =>
          field === 'placeId'
            ? { field, before: nameOf(listing.placeId), after: nameOf(pending.fields.placeId) }
            : { field, before: shown((listing as Record<string, unknown>)[field]), after: shown(pending.fields[field]) },
        );
      const urls = (keys: string[]) => keys.map((key) => publicUrlOf(key) ?? '');
      return {
        id: listing.id,
        titleEn: listing.titleEn,
        titleHe: listing.titleHe,
        propertyType: listing.propertyType,
        status: listing.status,
        submittedAt: listing.changesSubmittedAt,
        host: { id: listing.hostId, email: hostEmail, firstName: hostFirstName ?? '', lastName: hostLastName ?? '' },
        changes,
        photos: pending.photos ? { before: urls(livePhotoKeys), after: urls(pending.photos.map((photo) => photo.storageKey)) } : null,
        version: listing.updatedAt.toISOString(),
      };
    });
  }

  /** Files of listing photos nothing points to any more; seeded photos are shared and stay. */
  async function removePhotoFiles(request: FastifyRequest, keys: string[]) {
    for (const key of keys.filter((candidate) => candidate.startsWith('public/listing-photos/'))) {
      const card = key.replace(/\.webp$/, '-card.webp');
      for (const file of key.endsWith('.webp') ? [key, card] : [key]) {
        await storage.remove(file).catch((error: unknown) => request.log.warn({ err: error }, 'listing photo not removed'));
      }
    }
  }

  app.post(
    '/api/admin/verifications/:userId/approve',
    { schema: { tags, summary: 'Approve a pending ID document: the user is verified', params: z.object({ userId: z.uuid() }), response: { 200: ok } } },
    async (request) => {
      const { userId } = request.params;
      if (!(await decideIdDocument(db, userId, 'verified', null))) throw notWaiting();
      audit(request, 'ADMIN_ACTION', `ID verification approved for user ${userId}`);
      mailUser(request, userId, 'verificationApproved', {}, '/profile');
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/verifications/:userId/reject',
    {
      schema: {
        tags,
        summary: 'Reject a pending ID document with a reason; the user is e-mailed and may upload again',
        params: z.object({ userId: z.uuid() }),
        body: rejectionSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const { reason } = request.body;
      if (!(await decideIdDocument(db, userId, 'rejected', reason))) throw notWaiting();
      audit(request, 'ADMIN_ACTION', `ID verification rejected for user ${userId}: ${reason}`);
      mailUser(request, userId, 'verificationRejected', { reason }, '/profile');
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/listings/:id/approve',
    { schema: { tags, summary: 'Approve a submitted listing: it is published', params: z.object({ id: serialIdParamSchema }), response: { 200: ok } } },
    async (request) => {
      const listing = await decideListing(db, request.params.id, 'approved', null);
      if (!listing) throw notWaiting();
      audit(request, 'ADMIN_ACTION', `Listing ${request.params.id} approved`);
      mailUser(request, listing.hostId, 'listingApproved', { title: listing.titleEn }, '/hosting');
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/listings/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reject a submitted listing with a reason the host sees',
        params: z.object({ id: serialIdParamSchema }),
        body: rejectionSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      const { reason } = request.body;
      const listing = await decideListing(db, request.params.id, 'rejected', reason);
      if (!listing) throw notWaiting();
      audit(request, 'ADMIN_ACTION', `Listing ${request.params.id} rejected: ${reason}`);
      mailUser(request, listing.hostId, 'listingRejected', { title: listing.titleEn, reason }, '/hosting');
      return { ok: true as const };
    },
  );

  const listingParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

  app.post(
    '/api/admin/listing-changes/:id/approve',
    {
      schema: {
        tags,
        summary:
          "Approve the host's edits of a published listing (the version the admin saw): guests see the edited version from now on. 409 changes_outdated when the host edited it since.",
        params: listingParams,
        body: z.object({ version: z.string().max(40) }),
        response: { 200: ok },
      },
    },
    async (request) => {
      const approved = await approveListingChanges(db, request.params.id, request.body.version);
      if (!approved) throw notWaiting();
      if (approved === 'outdated') throw new HttpError(409, 'changes_outdated', 'The host changed the listing again since; review the new version');
      await removePhotoFiles(request, approved.removedKeys);
      audit(request, 'ADMIN_ACTION', `Changes to listing ${request.params.id} approved`);
      mailUser(request, approved.hostId, 'listingChangesApproved', { title: approved.titleEn }, '/host/listings');
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/listing-changes/:id/reject',
    {
      schema: {
        tags,
        summary: "Turn the host's edits of a published listing down with a reason the host is mailed; the approved version stays",
        params: listingParams,
        body: rejectionSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      const { reason } = request.body;
      const rejected = await rejectListingChanges(db, request.params.id, reason);
      if (!rejected) throw notWaiting();
      await removePhotoFiles(request, rejected.discardedKeys);
      audit(request, 'ADMIN_ACTION', `Changes to listing ${request.params.id} rejected: ${reason}`);
      mailUser(request, rejected.hostId, 'listingChangesRejected', { title: rejected.titleEn, reason }, '/host/listings');
      return { ok: true as const };
    },
  );

  app.post(
    '/api/reports',
    {
      schema: {
        tags: ['reports'],
        summary: 'Report a listing or a user to the admins (any signed-in user)',
        body: reportCreateSchema,
        response: { 201: z.object({ id: z.number().int(), status: z.enum(reportStatuses) }) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const body = request.body;
      const target = body.targetType === 'property' ? { propertyId: body.propertyId ?? null, userId: null } : { propertyId: null, userId: body.userId ?? null };
      if (target.userId === user.id) throw new HttpError(400, 'cannot_report_self', 'You cannot report yourself');
      const found = await reportTarget(db, target);
      if (!found) throw new HttpError(404, 'not_found', 'Nothing to report there');
      if (found.hostId === user.id) throw new HttpError(400, 'cannot_report_own_listing', 'You cannot report your own listing');
      const report = await insertReport(db, {
        reporterId: user.id,
        targetType: body.targetType,
        propertyId: target.propertyId,
        reportedUserId: target.userId,
        reason: body.reason,
        details: body.details || null,
      });
      return reply.status(201).send({ id: report.id, status: report.status });
    },
  );

  app.get(
    '/api/admin/reports',
    {
      schema: {
        tags,
        summary: 'Reports filed by users, newest first',
        querystring: z.object({ status: z.enum(reportStatuses).optional() }),
        response: { 200: z.array(reportSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return listReports(db, request.query.status);
    },
  );

  app.patch(
    '/api/admin/reports/:id',
    {
      schema: {
        tags,
        summary: 'Move a report on (pending → investigating → resolved or dismissed), with notes',
        params: z.object({ id: serialIdParamSchema }),
        body: z.object({ status: z.enum(reportStatuses), notes: z.string().trim().max(2000).optional() }),
        response: { 200: ok },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { status, notes } = request.body;
      const from = await reportStatus(db, id);
      if (!from) throw new HttpError(404, 'not_found', 'No such report');
      if (!(reportTransitions[from] as readonly string[]).includes(status)) throw new HttpError(409, 'invalid_transition', 'A report cannot move that way');
      if (!(await moveReport(db, id, from, status, notes || null))) throw new HttpError(409, 'already_decided', 'This was already decided');
      audit(request, 'ADMIN_ACTION', `Report ${id}: ${from} → ${status}${notes ? ` (${notes})` : ''}`);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/users',
    {
      schema: {
        tags,
        summary: 'Search users by e-mail or name, filter by role and status',
        querystring: z.object({
          q: z.string().trim().max(200).optional(),
          role: z.enum(roles).optional(),
          status: z.enum(userStatuses).optional(),
        }),
        response: { 200: z.array(adminUserSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const rows = await searchUsers(db, request.query);
      const stays = await staysAheadOf(
        db,
        rows.filter((row) => row.role !== 'guest').map((row) => row.id),
        today(),
      );
      return rows.map((row) => ({
        ...row,
        firstName: row.firstName ?? '',
        lastName: row.lastName ?? '',
        idVerificationStatus: row.idVerificationStatus ?? 'unverified',
        staysAhead: stays.filter((stay) => stay.hostId === row.id).map(({ hostId: _hostId, ...stay }) => stay),
      }));
    },
  );

  /** An admin cannot lock themself out by demoting or suspending their own account. */
  async function otherUser(request: FastifyRequest, id: string) {
    if (id === requireUser(request).id) throw new HttpError(409, 'cannot_change_self', 'You cannot change your own account here');
    const user = await findUser(db, id);
    if (!user) throw new HttpError(404, 'not_found', 'No such user');
    return user;
  }

  app.patch(
    '/api/admin/users/:id/role',
    {
      schema: {
        tags,
        summary: "Change a user's role",
        params: z.object({ id: z.uuid() }),
        body: z.object({ role: z.enum(roles) }),
        response: { 200: ok },
      },
    },
    async (request) => {
      const user = await otherUser(request, request.params.id);
      if (user.role !== request.body.role) {
        await setRole(db, user.id, request.body.role);
        audit(request, 'ROLE_CHANGED', `${user.email}: ${user.role} → ${request.body.role}`);
      }
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/users/:id/suspend',
    {
      schema: {
        tags,
        summary:
          'Suspend a user: their sessions end, sign-in is refused, their published listings are taken down and the requests waiting at them are declined (the guests are e-mailed)',
        params: z.object({ id: z.uuid() }),
        response: { 200: ok },
      },
    },
    async (request) => {
      const user = await otherUser(request, request.params.id);
      const declined = await setUserStatus(db, user.id, 'suspended');
      audit(request, 'USER_SUSPENDED', `${user.email} suspended`);
      mailDeclinedRequests(request, declined);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/users/:id/reactivate',
    { schema: { tags, summary: 'Reactivate a suspended user; the listings the suspension took down are published again', params: z.object({ id: z.uuid() }), response: { 200: ok } } },
    async (request) => {
      const user = await otherUser(request, request.params.id);
      await setUserStatus(db, user.id, 'active');
      audit(request, 'USER_REACTIVATED', `${user.email} reactivated`);
      return { ok: true as const };
    },
  );

  const mailDefaultsSchema = z.record(z.enum(editableMailTemplates), z.record(z.enum(languages), mailTextSchema));
  /** Our own wording of each editable mail, with its placeholders showing, for the settings form to start from. */
  function mailDefaults() {
    return Object.fromEntries(
      editableMailTemplates.map((name) => {
        const placeholders = Object.fromEntries(Object.keys(mailTemplateSamples[name]).map((key) => [key, `{{${key}}}`]));
        const texts = Object.fromEntries(
          languages.map((language) => {
            const { subject, text } = renderMail(name, language, placeholders);
            return [language, { subject, body: text }];
          }),
        );
        return [name, texts];
      }),
    ) as z.infer<typeof mailDefaultsSchema>;
  }

  const settingsResponse = platformSettingsSchema.extend({ mailDefaults: mailDefaultsSchema });
  app.get('/api/admin/settings', { schema: { tags, summary: 'Platform settings', response: { 200: settingsResponse } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { ...(await readPlatformSettings(db)), mailDefaults: mailDefaults() };
  });

  app.patch(
    '/api/admin/settings',
    {
      schema: {
        tags,
        summary: 'Change platform settings (only the fields sent); a launch-mode change applies at once',
        body: settingsUpdateSchema,
        response: { 200: settingsResponse },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      await writePlatformSettings(db, request.body, admin.id);
      if (request.body.launchMode) launchMode.forget();
      audit(request, 'ADMIN_ACTION', `Settings changed: ${JSON.stringify(request.body).slice(0, 400)}`);
      return { ...(await readPlatformSettings(db)), mailDefaults: mailDefaults() };
    },
  );

  app.post(
    '/api/admin/settings/mail-preview',
    {
      schema: {
        tags,
        summary: 'Render a mail wording with sample values, as the recipient would see it',
        body: z.object({ template: z.enum(editableMailTemplates), language: z.enum(languages), text: mailTextSchema }),
        response: { 200: z.object({ subject: z.string(), text: z.string(), html: z.string() }) },
      },
    },
    async (request) => {
      const { template, language, text } = request.body;
      return renderMail(template, language, mailTemplateSamples[template], linkTo(language, '/profile'), text);
    },
  );

  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags,
        summary: 'The security audit trail, newest first (at most 500 entries)',
        querystring: auditQuerySchema,
        response: { 200: z.array(auditEventSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return listSecurityEvents(db, { ...request.query, limit: 500 });
    },
  );

  app.get(
    '/api/admin/audit.csv',
    {
      schema: {
        tags,
        summary: 'The filtered audit trail as a CSV file (text/csv, at most 10 000 entries)',
        querystring: auditQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const rows = await listSecurityEvents(db, { ...request.query, limit: 10_000 });
      const header = ['time', 'event', 'user_id', 'email', 'description', 'ip', 'user_agent'];
      const lines = rows.map((r) => [r.createdAt, r.eventType, r.userId, r.email, r.description, r.ip, r.userAgent]);
      reply.header('Content-Type', 'text/csv; charset=utf-8');
      reply.header('Content-Disposition', 'attachment; filename="audit-trail.csv"');
      reply.header('Cache-Control', 'no-store');
      return reply.send(toCsv(header, lines));
    },
  );
};
