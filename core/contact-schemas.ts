import { z } from 'zod';
import { contactCategories, contactLimits } from './constants.ts';

/** Problems a contact field can have; the web shows each as a translated message (contact.errors.*). */
export const contactFieldProblems = ['required', 'invalid_email', 'too_long'] as const;
export type ContactFieldProblem = (typeof contactFieldProblems)[number];

const required = (max: number) => z.string({ error: 'required' }).trim().min(1, 'required').max(max, 'too_long');

/**
 * name, e-mail, subject and message required, category optional. Shared by the form and
 * the server; the messages are problem codes so both answer in the visitor's language.
 */
export const contactMessageSchema = z.object({
  name: required(contactLimits.name),
  email: required(contactLimits.email).toLowerCase().pipe(z.email('invalid_email')),
  subject: required(contactLimits.subject),
  category: z.enum(contactCategories, { error: 'required' }).or(z.literal('')).optional(),
  message: required(contactLimits.message),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
