import { z } from 'zod';
import type { JsonOf } from '../api-types.ts';
import { recordsResponseSchema } from './admin.ts';

/** The contact form's routes; the request body is contactMessageSchema (core/contact-schemas.ts), shared with the form. */

export const sendContactMessageResponseSchema = z.object({ id: z.number() });

/** A contact message as the operators see it (Records tab). */
export const contactMessageRecordSchema = z.object({
  id: z.number(),
  userId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  category: z.string().nullable(),
  message: z.string(),
  createdAt: z.date(),
});
export const contactMessagesResponseSchema = recordsResponseSchema(contactMessageRecordSchema);
export type ContactMessageRecord = JsonOf<z.infer<typeof contactMessageRecordSchema>>;
