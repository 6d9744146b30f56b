import { z } from 'zod';
import { languages } from '../languages.ts';
import { alertFrequencies, maxSavedSearchNameLength, maxSavedSearchQueryLength } from '../search-alerts.ts';

/** A member's saved search (issue 38, item 4; decision 048). */
export const savedSearchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The canonical /results query string, without page and sort (core/search-alerts.ts savedSearchQuery). */
  query: z.string(),
  frequency: z.enum(alertFrequencies),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchesResponseSchema = z.object({ searches: z.array(savedSearchSchema) });
export type SavedSearchesResponse = z.infer<typeof savedSearchesResponseSchema>;

const nameSchema = z.string().trim().min(1, 'name is required').max(maxSavedSearchNameLength);

/** POST /api/saved-searches: the query string of a /results URL (a leading '?' is allowed), checked as GET /api/search checks it. */
export const createSavedSearchSchema = z.object({
  name: nameSchema,
  query: z.string().max(maxSavedSearchQueryLength),
  frequency: z.enum(alertFrequencies).default('daily'),
  /** The page's language: the alert mails are written in it. */
  language: z.enum(languages).default('en'),
});
export type CreateSavedSearch = z.input<typeof createSavedSearchSchema>;

/** PATCH /api/saved-searches/:id: rename it, or change how often it mails. */
export const updateSavedSearchSchema = z
  .object({ name: nameSchema.optional(), frequency: z.enum(alertFrequencies).optional() })
  .refine((body) => body.name !== undefined || body.frequency !== undefined, { message: 'name or frequency is required' });
export type UpdateSavedSearch = z.infer<typeof updateSavedSearchSchema>;

/** POST /api/alerts/unsubscribe: the token of an alert mail's link; no session needed. */
export const unsubscribeSchema = z.object({ token: z.string().min(1).max(200) });
export const unsubscribeResponseSchema = z.object({
  /** A saved search's alerts, or a saved listing's price-drop mails. */
  kind: z.enum(['search', 'price']),
  /** The saved search's name, or the listing's title in the member's language. */
  name: z.string(),
});
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;
