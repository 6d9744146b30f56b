import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarFeedAddRateLimits, normalizeFeedUrl } from '../../../core/calendar-sync-rules.ts';
import { errorResponseSchema, languageQuerySchema, serialIdParamsSchema } from '../../../core/contracts/common.ts';
import {
  addCalendarFeedBodySchema,
  adminCalendarConflictsSchema,
  calendarFeedParamsSchema,
  calendarSyncSchema,
  icalFeedParamsSchema,
} from '../../../core/contracts/calendar-sync.ts';
import { addDaysIso, today } from '../../../core/dates.ts';
import { buildIcalFeed } from '../../../core/ical-export.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { requireRole, requireUser } from '../../http/request-user.ts';
import { enforceRateLimit } from '../../rate-limit/enforce-rate-limit.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { syncFeed, type CalendarSyncSettings } from './calendar-sync-job.ts';
import {
  addFeed,
  allOpenConflicts,
  calendarSyncErrors,
  calendarSyncView,
  claimFeedNow,
  exportEvents,
  listingOfExportToken,
  ownedListing,
  removeFeed,
  rotateExportToken,
} from './calendar-sync-repository.ts';

export interface CalendarSyncRoutesOptions {
  db: Database;
  /** The configured site address (PUBLIC_URL): the export address is built from it, never from request headers. */
  siteUrl: string;
  sync: Omit<CalendarSyncSettings, 'db' | 'log' | 'siteUrl'>;
  rateLimiter: RateLimiter;
}

/** Tokens are 43 URL-safe characters; anything else is no token of ours. */
const tokenPattern = /^([A-Za-z0-9_-]{43})(?:\.ics)?$/;

/** How far back the export shows stays and blocks: sites that import it keep recent history. */
const exportPastDays = 30;

const signedIn = async (request: FastifyRequest) => {
  requireUser(request);
};

/**
 * Calendar sync with other sites (docs/decisions/016-calendar-sync.md): each listing's private iCal
 * export, and the other sites' calendars a host imports into it.
 */
export const calendarSyncRoutes: FastifyPluginAsyncZod<CalendarSyncRoutesOptions> = async (app, { db, siteUrl, sync, rateLimiter }) => {
  const exportUrlOf = (token: string) => `${siteUrl}/api/ical/${token}.ics`;
  const view = (propertyId: number) => calendarSyncView(db, propertyId, exportUrlOf, today());
  const host = { tags: ['calendar sync'] };

  app.get(
    '/api/ical/:file',
    {
      schema: {
        ...host,
        summary: "A listing's private iCal feed (<token>.ics): its stays and blocks as all-day events, for other sites to import",
        params: icalFeedParamsSchema,
        response: { 200: z.string(), 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const token = tokenPattern.exec(request.params.file)?.[1];
      const listing = token ? await listingOfExportToken(db, token) : undefined;
      reply.header('Cache-Control', 'private, no-store');
      reply.header('X-Robots-Tag', 'noindex');
      if (!listing) throw new HttpError(404, 'not_found', 'No calendar here');
      const events = await exportEvents(db, listing.propertyId, addDaysIso(today(), -exportPastDays), 'Not available');
      const body = buildIcalFeed({
        host: new URL(siteUrl).hostname,
        name: `Lina: ${listing.titleEn || listing.titleHe || `#${listing.propertyId}`}`,
        events,
        now: new Date(),
      });
      reply.header('Content-Type', 'text/calendar; charset=utf-8');
      reply.header('Content-Disposition', 'inline; filename="calendar.ics"');
      return body;
    },
  );

  app.get(
    '/api/host/listings/:id/calendar-sync',
    {
      preValidation: signedIn,
      schema: {
        ...host,
        summary: "The listing's private export address, the other sites' calendars it imports and the stays they overlap",
        params: serialIdParamsSchema,
        response: { 200: calendarSyncSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const listing = await ownedListing(db, requireUser(request).id, request.params.id);
      reply.header('Cache-Control', 'no-store');
      return view(listing.id);
    },
  );

  app.post(
    '/api/host/listings/:id/calendar-sync/rotate',
    {
      preValidation: signedIn,
      schema: {
        ...host,
        summary: 'A new private export address; the old one stops answering at once',
        params: serialIdParamsSchema,
        response: { 200: calendarSyncSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const listing = await ownedListing(db, requireUser(request).id, request.params.id);
      await rotateExportToken(db, listing.id);
      return view(listing.id);
    },
  );

  app.post(
    '/api/host/listings/:id/calendar-feeds',
    {
      preValidation: signedIn,
      schema: {
        ...host,
        summary:
          "Import another site's calendar (http or https iCal address) into the listing; synced at once and then on a schedule. Rate-limited per account and IP (each add fetches the address).",
        params: serialIdParamsSchema,
        body: addCalendarFeedBodySchema,
        response: {
          201: calendarSyncSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // Every attempt counts, before anything is looked up: each add fetches an address someone chose.
      const { perAccount, perIp } = calendarFeedAddRateLimits;
      await enforceRateLimit(rateLimiter, reply, `calendar-feed-add:account:${user.id}`, perAccount, 'too_many_calendar_feeds');
      await enforceRateLimit(rateLimiter, reply, `calendar-feed-add:ip:${request.ip}`, perIp, 'too_many_calendar_feeds');
      const listing = await ownedListing(db, user.id, request.params.id);
      const address = normalizeFeedUrl(request.body.url);
      if ('problem' in address) throw calendarSyncErrors.invalidUrl();
      const feedId = await addFeed(db, listing.id, request.body.name, address.url);
      // The first sync runs at once, so the host sees straight away whether the address works. A
      // runner that took the new feed first (it is due at once) syncs it instead.
      const feed = await claimFeedNow(db, listing.id, feedId).catch((error: unknown) => {
        if (error instanceof HttpError && error.code === 'sync_in_progress') return undefined;
        throw error;
      });
      if (feed) await syncFeed({ ...sync, db, log: request.log, siteUrl }, feed);
      return reply.status(201).send(await view(listing.id));
    },
  );

  app.delete(
    '/api/host/listings/:id/calendar-feeds/:feedId',
    {
      preValidation: signedIn,
      schema: {
        ...host,
        summary: 'Disconnect an imported calendar: the dates it blocked open again',
        params: calendarFeedParamsSchema,
        response: { 200: calendarSyncSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const listing = await ownedListing(db, requireUser(request).id, request.params.id);
      await removeFeed(db, listing.id, request.params.feedId);
      return view(listing.id);
    },
  );

  app.post(
    '/api/host/listings/:id/calendar-feeds/:feedId/sync',
    {
      preValidation: signedIn,
      schema: {
        ...host,
        summary: 'Sync an imported calendar now (once a minute at most)',
        params: calendarFeedParamsSchema,
        response: {
          200: calendarSyncSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const listing = await ownedListing(db, requireUser(request).id, request.params.id);
      const feed = await claimFeedNow(db, listing.id, request.params.feedId);
      await syncFeed({ ...sync, db, log: request.log, siteUrl }, feed);
      return view(listing.id);
    },
  );

  app.get(
    '/api/admin/calendar-conflicts',
    {
      preValidation: async (request) => {
        requireRole(request, 'admin');
      },
      schema: {
        tags: ['admin'],
        summary: 'Stays that a calendar imported from another site overlaps (double bookings across sites), on every listing',
        querystring: languageQuerySchema,
        response: { 200: adminCalendarConflictsSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return {
        conflicts: (await allOpenConflicts(db, today(), request.query.lang)).map(({ propertyId, ...rest }) => ({ propertyId, ...rest })),
      };
    },
  );
};
