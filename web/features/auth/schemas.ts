import { z } from 'zod';
import { emailSchema } from '../../../core/auth-schemas.ts';
import { formEmailSchema as email } from '../../lib/sign-in-form-schema.ts';
import { signUpFieldProblems } from '../../../core/sign-up-rules.ts';
import { fieldMessages, toasts, type SignUpCheck, type SignUpForm } from './sign-up-problems.ts';

/**
 * The browser's form checks that need zod (the e-mail's format), loaded on a form's first submit, not
 * with the page (zod is about 25 KB). The rules live in core/sign-up-rules.ts (shared with the server),
 * how they are shown in sign-up-problems.ts. Zod messages are translation keys.
 */

export const resetRequestFormSchema = z.object({ email });
export type ResetRequestForm = z.infer<typeof resetRequestFormSchema>;

/**
 * Every field's problem at once, in the form's order (the core rules, the e-mail's format, then
 * consent to the terms); the toast tells the first of them. Null when the form may be sent.
 */
export function checkSignUp(values: SignUpForm, today: Date = new Date()): SignUpCheck | null {
  const problems = signUpFieldProblems(values, today);
  const fields: SignUpCheck['fields'] = {};
  for (const name of ['firstName', 'lastName', 'dateOfBirth', 'email', 'password'] as const) {
    const problem = problems[name];
    if (problem) fields[name] = fieldMessages[problem];
    else if (name === 'email' && !emailSchema.safeParse(values.email).success) fields.email = 'auth.errors.emailInvalid';
  }
  if (!values.acceptTerms) fields.acceptTerms = 'auth.errors.termsRequired';
  const first = Object.values(fields)[0];
  return first ? { ...toasts[first], fields } : null;
}
