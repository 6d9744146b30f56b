import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calendarFeedAddRateLimits, normalizeFeedUrl } from '../../../core/calendar-sync-rules.ts';
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
import { route } from '../../http/route.ts';

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

  route(app, 'GET /api/ical/:file', async (request, reply) => {
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
  });

  route(app, 'GET /api/host/listings/:id/calendar-sync', { preValidation: signedIn }, async (request, reply) => {
    const listing = await ownedListing(db, requireUser(request).id, request.params.id);
    reply.header('Cache-Control', 'no-store');
    return view(listing.id);
  });

  route(app, 'POST /api/host/listings/:id/calendar-sync/rotate', { preValidation: signedIn }, async (request) => {
    const listing = await ownedListing(db, requireUser(request).id, request.params.id);
    await rotateExportToken(db, listing.id);
    return view(listing.id);
  });

  route(app, 'POST /api/host/listings/:id/calendar-feeds', { preValidation: signedIn }, async (request, reply) => {
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
  });

  route(app, 'DELETE /api/host/listings/:id/calendar-feeds/:feedId', { preValidation: signedIn }, async (request) => {
    const listing = await ownedListing(db, requireUser(request).id, request.params.id);
    await removeFeed(db, listing.id, request.params.feedId);
    return view(listing.id);
  });

  route(app, 'POST /api/host/listings/:id/calendar-feeds/:feedId/sync', { preValidation: signedIn }, async (request) => {
    const listing = await ownedListing(db, requireUser(request).id, request.params.id);
    const feed = await claimFeedNow(db, listing.id, request.params.feedId);
    await syncFeed({ ...sync, db, log: request.log, siteUrl }, feed);
    return view(listing.id);
  });

  route(
    app,
    'GET /api/admin/calendar-conflicts',
    {
      preValidation: async (request) => {
        requireRole(request, 'admin');
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
