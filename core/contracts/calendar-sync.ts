import { z } from 'zod';
import { calendarSyncErrors, calendarSyncLimits } from '../calendar-sync-rules.ts';
import { serialIdParamSchema } from '../ids.ts';
import { serialIdParamsSchema } from './common.ts';

const int = z.number().int();

/** One calendar of another site, connected to a listing, with how its last sync went. */
export const calendarFeedSchema = z.object({
  id: int,
  name: z.string(),
  url: z.string(),
  lastSyncedAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  eventCount: int,
  lastError: z.enum(calendarSyncErrors).nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** A stay that an imported event overlaps: flagged, never cancelled by us. */
export const calendarConflictSchema = z.object({
  bookingId: z.string(),
  feedName: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  status: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});
export type CalendarConflict = z.infer<typeof calendarConflictSchema>;

/** GET /api/host/listings/:id/calendar-sync: the private export address, the imported calendars and the conflicts. */
export const calendarSyncSchema = z.object({
  exportUrl: z.string(),
  feeds: z.array(calendarFeedSchema),
  conflicts: z.array(calendarConflictSchema),
});
export type CalendarSync = z.infer<typeof calendarSyncSchema>;

/** POST /api/host/listings/:id/calendar-feeds: connect another site's calendar. */
export const addCalendarFeedBodySchema = z.object({
  name: z.string().trim().min(1).max(calendarSyncLimits.nameMax),
  url: z.string().max(calendarSyncLimits.urlMax),
});
export type AddCalendarFeedBody = z.infer<typeof addCalendarFeedBodySchema>;

export const calendarFeedParamsSchema = serialIdParamsSchema.extend({ feedId: serialIdParamSchema });

/** GET /api/ical/:file: `<token>.ics`. */
export const icalFeedParamsSchema = z.object({ file: z.string().max(200) });

/** GET /api/admin/calendar-conflicts: stays that imported calendars overlap, on every listing. */
export const adminCalendarConflictsSchema = z.object({
  conflicts: z.array(calendarConflictSchema.extend({ propertyId: int, listingTitle: z.string(), hostEmail: z.string() })),
});
export type AdminCalendarConflicts = z.infer<typeof adminCalendarConflictsSchema>;
