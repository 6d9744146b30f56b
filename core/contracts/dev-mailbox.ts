import { z } from 'zod';

/** One mail the app wrote, as the development mailbox lists it (GET /api/dev/mailbox, not in production). */
export const devMailSchema = z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string(), createdAt: z.date() });
export const devMailboxResponseSchema = z.array(devMailSchema);
export type DevMail = z.infer<typeof devMailSchema>;
