import { z } from 'zod';
import { languages } from './languages.ts';
import { maxEventsPerBatch } from './analytics.ts';

/** One first-party analytics event; paths are app paths without the /he prefix, the language travels apart. */
export const analyticsEventSchema = z.object({
  name: z.string().regex(/^[a-z][a-z0-9_.-]{0,63}$/, 'invalid_name'),
  path: z.string().max(500).regex(/^\//, 'invalid_path'),
  language: z.enum(languages).optional(),
  properties: z
    .record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
    .refine((value) => Object.keys(value).length <= 20, 'too_many_properties')
    .optional(),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

export const analyticsBatchSchema = z.object({
  /** A random id kept in the browser's local storage: counts visitors without cookies or IP addresses. */
  visitorId: z
    .string()
    .regex(/^[\w-]{8,64}$/)
    .optional(),
  events: z.array(analyticsEventSchema).min(1).max(maxEventsPerBatch),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;
