import { z } from 'zod';
import { positionSlugs } from './careers.ts';

/** The text fields of a job application, sent as query parameters beside the PDF body. */
export const jobApplicationFieldsSchema = z.object({
  position: z.enum(positionSlugs, { error: 'required' }),
  name: z.string({ error: 'required' }).trim().min(1, 'required').max(100, 'too_long'),
  email: z.string({ error: 'required' }).trim().toLowerCase().min(1, 'required').max(254, 'too_long').pipe(z.email('invalid_email')),
  language: z.enum(['en', 'he']).default('en'),
});
export type JobApplicationFields = z.input<typeof jobApplicationFieldsSchema>;
