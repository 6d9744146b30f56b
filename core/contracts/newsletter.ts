import { z } from 'zod';
import type { JsonOf } from '../api-types.ts';
import { emailSchema } from '../auth-schemas.ts';
import { newsletterSources } from '../constants.ts';
import { languages } from '../languages.ts';
import { recordsResponseSchema } from './admin.ts';

/** The newsletter's routes: subscribing, the confirmation link, and the operators' list. */

export const subscribeBodySchema = z.object({
  email: emailSchema,
  language: z.enum(languages).default('en'),
  source: z.enum(newsletterSources).default('footer'),
});
export type SubscribeBody = z.input<typeof subscribeBodySchema>;
export const subscribeResponseSchema = z.object({ ok: z.literal(true) });

export const confirmSubscriptionQuerySchema = z.object({ token: z.string().max(200).default('') });

/** A subscription as the operators see it (Records tab), confirmed or not. */
export const subscriptionRecordSchema = z.object({
  id: z.number(),
  email: z.string(),
  language: z.enum(languages),
  source: z.string(),
  confirmedAt: z.date().nullable(),
  createdAt: z.date(),
});
export const subscriptionsResponseSchema = recordsResponseSchema(subscriptionRecordSchema);
export type SubscriptionRecord = JsonOf<z.infer<typeof subscriptionRecordSchema>>;
