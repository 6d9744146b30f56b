import { z } from 'zod';
import { minimumAge, type VerificationStatus } from './constants.ts';
import { ageOn } from './sign-up-rules.ts';

/** Profile edits; the e-mail is not here because it cannot be changed. */
export const profileUpdateSchema = z.object({
  firstName: z.string().trim().min(1, 'All fields are required').max(100),
  lastName: z.string().trim().min(1, 'All fields are required').max(100),
  phone: z
    .string()
    .trim()
    .max(30)
    .regex(/^[+\d][\d\s-]*$/, 'Please enter a valid phone number')
    .or(z.literal(''))
    .nullish(),
  bio: z.string().trim().max(1000).nullish(),
  dateOfBirth: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine((value) => (ageOn(value, new Date()) ?? -1) >= minimumAge, 'Age requirement not met')
    .or(z.literal(''))
    .nullish(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** A new ID document is taken only when none is under review and the user is not verified yet. */
export const mayUploadIdDocument = (status: VerificationStatus | undefined) => status !== 'pending' && status !== 'verified';
