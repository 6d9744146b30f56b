import { z } from 'zod';
import type { JsonOf } from '../api-types.ts';
import { serialIdParamSchema } from '../ids.ts';
import { languages } from '../languages.ts';
import { recordsResponseSchema } from './admin.ts';

/** The careers routes; the application's fields are jobApplicationFieldsSchema (core/careers.ts), shared with the form. */

export const jobApplicationParamsSchema = z.object({ id: serialIdParamSchema });
export const applyResponseSchema = z.object({ id: z.number() });
export type ApplyResponse = z.infer<typeof applyResponseSchema>;

/** A job application as the operators see it (Records tab), with the address of its CV. */
export const jobApplicationRecordSchema = z.object({
  id: z.number(),
  positionSlug: z.string(),
  name: z.string(),
  email: z.string(),
  cvBytes: z.number(),
  language: z.enum(languages),
  cvUrl: z.string(),
  createdAt: z.date(),
});
export const jobApplicationsResponseSchema = recordsResponseSchema(jobApplicationRecordSchema);
export type JobApplicationRecord = JsonOf<z.infer<typeof jobApplicationRecordSchema>>;
