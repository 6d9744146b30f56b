import { uuidParamsSchema } from '../common.ts';
import { defineEndpoints } from '../endpoint.ts';
import { noticesQuerySchema, noticesResponseSchema, unreadNoticesSchema } from '../notices.ts';

/** The notification centre (decision 063): the signed-in member's own notices and nobody else's. */
export const noticesEndpoints = defineEndpoints('notices', {
  'GET /api/notices': {
    summary: "The signed-in member's notices, newest first, a page at a time, in the language asked for (or theirs)",
    query: noticesQuerySchema,
    responses: { 200: noticesResponseSchema },
  },
  'GET /api/notices/unread-count': {
    summary: "How many of the signed-in member's notices are unread (up to 100)",
    responses: { 200: unreadNoticesSchema },
  },
  'POST /api/notices/:id/read': {
    summary: 'Mark one of the member’s notices read (opening it); answers the unread count left',
    params: uuidParamsSchema,
    responses: { 200: unreadNoticesSchema },
    errors: ['notice_not_found'],
  },
  'POST /api/notices/read-all': {
    summary: 'Mark every notice of the member read',
    responses: { 200: unreadNoticesSchema },
  },
});
