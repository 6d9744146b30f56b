import { differenceInYears, format, isValid, parseISO, startOfToday, subYears } from 'date-fns';
import { z } from 'zod';
import { dateFormats, minimumAge, minimumPasswordLength } from '../../../core/constants.ts';

/** Zod messages are translation keys; the form translates them when it shows them. */
const email = z.string().trim().toLowerCase().min(1, 'auth.errors.emailRequired').pipe(z.email('auth.errors.emailInvalid'));

export const signInFormSchema = z.object({
  email,
  password: z.string().min(1, 'auth.errors.passwordRequired'),
});
export type SignInForm = z.infer<typeof signInFormSchema>;

/** Sign-up password rule (spec §5): 8+ characters with lower, upper, digit and one of @$!%*?&. */
export const strongPassword = z
  .string()
  .min(1, { message: 'auth.errors.passwordRequired', abort: true })
  .min(minimumPasswordLength, { message: 'auth.errors.passwordTooShort', abort: true })
  .regex(/[a-z]/, 'auth.errors.passwordWeak')
  .regex(/[A-Z]/, 'auth.errors.passwordWeak')
  .regex(/\d/, 'auth.errors.passwordWeak')
  .regex(/[@$!%*?&]/, 'auth.errors.passwordWeak');

/** The latest date of birth allowed: today minus 18 years, as yyyy-MM-dd. */
export function latestBirthDate(today: Date = startOfToday()): string {
  return format(subYears(today, minimumAge), dateFormats.stored);
}

export function isOldEnough(dateOfBirth: string, today: Date = startOfToday()): boolean {
  const date = parseISO(dateOfBirth);
  return isValid(date) && differenceInYears(today, date) >= minimumAge;
}

export const signUpFormSchema = z.object({
  firstName: z.string().trim().min(1, 'auth.requiredField').max(100),
  lastName: z.string().trim().min(1, 'auth.requiredField').max(100),
  dateOfBirth: z
    .string()
    .min(1, { message: 'auth.requiredField', abort: true })
    .refine((value) => isValid(parseISO(value)), { message: 'auth.requiredField', abort: true })
    .refine((value) => isOldEnough(value), 'auth.errors.ageNotMet'),
  email,
  password: strongPassword,
});
export type SignUpForm = z.infer<typeof signUpFormSchema>;
