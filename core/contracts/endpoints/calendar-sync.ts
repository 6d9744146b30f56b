import {
  addCalendarFeedBodySchema,
  adminCalendarConflictsSchema,
  calendarFeedParamsSchema,
  calendarSyncSchema,
  icalFeedParamsSchema,
} from '../calendar-sync.ts';
import { errorResponseSchema, languageQuerySchema, serialIdParamsSchema } from '../common.ts';
import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';

export const calendarSyncEndpoints = defineEndpoints('calendar sync', {
  'GET /api/ical/:file': {
    summary: "A listing's private iCal feed (<token>.ics): its stays and blocks as all-day events, for other sites to import",
    params: icalFeedParamsSchema,
    responses: { 200: z.string(), 404: errorResponseSchema },
  },
  'GET /api/host/listings/:id/calendar-sync': {
    summary: "The listing's private export address, the other sites' calendars it imports and the stays they overlap",
    params: serialIdParamsSchema,
    responses: { 200: calendarSyncSchema, 401: errorResponseSchema, 404: errorResponseSchema },
  },
  'POST /api/host/listings/:id/calendar-sync/rotate': {
    summary: 'A new private export address; the old one stops answering at once',
    params: serialIdParamsSchema,
    responses: { 200: calendarSyncSchema, 401: errorResponseSchema, 404: errorResponseSchema },
  },
  'POST /api/host/listings/:id/calendar-feeds': {
    summary:
      "Import another site's calendar (http or https iCal address) into the listing; synced at once and then on a schedule. Rate-limited per account and IP (each add fetches the address).",
    params: serialIdParamsSchema,
    body: addCalendarFeedBodySchema,
    responses: {
      201: calendarSyncSchema,
      400: errorResponseSchema,
      401: errorResponseSchema,
      404: errorResponseSchema,
      409: errorResponseSchema,
      429: errorResponseSchema,
    },
  },
  'DELETE /api/host/listings/:id/calendar-feeds/:feedId': {
    summary: 'Disconnect an imported calendar: the dates it blocked open again',
    params: calendarFeedParamsSchema,
    responses: { 200: calendarSyncSchema, 401: errorResponseSchema, 404: errorResponseSchema },
  },
  'POST /api/host/listings/:id/calendar-feeds/:feedId/sync': {
    summary: 'Sync an imported calendar now (once a minute at most)',
    params: calendarFeedParamsSchema,
    responses: {
      200: calendarSyncSchema,
      401: errorResponseSchema,
      404: errorResponseSchema,
      409: errorResponseSchema,
      429: errorResponseSchema,
    },
  },
  'GET /api/admin/calendar-conflicts': {
    tags: ['admin'],
    summary: 'Stays that a calendar imported from another site overlaps (double bookings across sites), on every listing',
    query: languageQuerySchema,
    responses: { 200: adminCalendarConflictsSchema, 401: errorResponseSchema, 403: errorResponseSchema },
  },
});
