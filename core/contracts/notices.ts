import { z } from 'zod';
import { languages } from '../languages.ts';
import { noticeKinds, noticeLimits } from '../notice-kinds.ts';

/**
 * The notification centre's routes (issue 37, docs/decisions/063-notices.md): a member's own notices,
 * newest first, page by page; how many are unread; marking one or all read.
 */

/** One notice, its text written in the language asked for (or the member's own). */
export const noticeSchema = z.object({
  id: z.uuid(),
  kind: z.enum(noticeKinds),
  /** A few words: "Payment declined". */
  title: z.string(),
  /** One sentence with the stay's name and what to do. */
  body: z.string(),
  /** A path inside the app, without the language prefix ('/my-bookings?pay=…'). */
  link: z.string(),
  createdAt: z.string(),
  /** Null while unread. */
  readAt: z.string().nullable(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** GET /api/notices: `before` is the last notice of the page already shown (the next page starts after it). */
export const noticesQuerySchema = z.object({
  lang: z.enum(languages).optional(),
  before: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(noticeLimits.maxPageSize).default(noticeLimits.pageSize),
});
export type NoticesQuery = z.input<typeof noticesQuerySchema>;

export const noticesResponseSchema = z.object({
  notices: z.array(noticeSchema),
  /** The `before` of the next page; null on the last. */
  nextBefore: z.uuid().nullable(),
  /** Unread notices, up to noticeLimits.unreadCap. */
  unread: z.number().int().min(0),
});
export type NoticesResponse = z.infer<typeof noticesResponseSchema>;

/** GET /api/notices/unread-count, and what POST /api/notices/read-all and /:id/read answer. */
export const unreadNoticesSchema = z.object({ unread: z.number().int().min(0) });
export type UnreadNotices = z.infer<typeof unreadNoticesSchema>;
