import { z } from 'zod';

/** An e-mail address as the forms take it; messages are translation keys. */
export const formEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'auth.errors.emailRequired')
  .pipe(z.email('auth.errors.emailInvalid'));

/** The sign-in form, shared by the sign-in page and the landing's admin entrance. */
export const signInFormSchema = z.object({
  email: formEmailSchema,
  password: z.string().min(1, 'auth.errors.passwordRequired'),
});
export type SignInForm = z.infer<typeof signInFormSchema>;
