import { z } from 'zod';
import { signupTypes } from './constants.ts';

/** The landing page's two sign-up cards (property owner, discount seeker). */
export const landingSignupSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().min(1, 'Last name is required').max(100),
  email: z.string().trim().toLowerCase().min(1, 'Email is required').max(254).pipe(z.email('Please enter a valid email address')),
  signupType: z.enum(signupTypes),
  language: z.enum(['en', 'he']).default('en'),
});
export type LandingSignup = z.infer<typeof landingSignupSchema>;
