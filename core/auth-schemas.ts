import { z } from 'zod';

export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(200),
});
export type SignInInput = z.infer<typeof signInSchema>;
