import { z } from 'zod';

/** Paging for the operators' list endpoints: newest first, 50 at a time. */
export const adminListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

/** The answer a visitor (401) or a non-admin (403) gets from an admin route. */
export const adminErrorResponses = {
  401: z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
  403: z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
};
