import { z } from 'zod';
import { bookingStatuses } from '../constants.ts';
import { languages } from '../languages.ts';

/** A SHA-256 as 64 lower-case hex digits. */
export const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 in hex');

const agreementTextSchema = z.object({
  /** The exact text, as stored and accepted (core/stay-agreement.ts parseAgreementText lays it out). */
  text: z.string(),
  sha256: sha256Schema,
});

const acceptanceSchema = z.object({
  acceptedAt: z.string(),
  language: z.enum(languages),
  sha256: sha256Schema,
  /** The address it was accepted from: shown to admins only, null for the parties. */
  ip: z.string().nullable(),
});

/** GET /api/bookings/:id/agreement: the stay's current agreement and who has accepted it. */
export const stayAgreementSchema = z.object({
  bookingId: z.uuid(),
  version: z.number().int().min(1),
  createdAt: z.string(),
  status: z.enum(bookingStatuses),
  viewerRole: z.enum(['guest', 'host', 'admin']),
  /** The viewer is a party, has not accepted this version, and the stay is still pending or confirmed. */
  canAccept: z.boolean(),
  /** The guest's and the host's languages: the page shows the agreement in both. */
  languages: z.object({ guest: z.enum(languages), host: z.enum(languages) }),
  texts: z.object({ en: agreementTextSchema, he: agreementTextSchema }),
  acceptances: z.object({ guest: acceptanceSchema.nullable(), host: acceptanceSchema.nullable() }),
});
export type StayAgreement = z.infer<typeof stayAgreementSchema>;

/** POST /api/bookings/:id/agreement/accept: the SHA-256 of the text the party read (409 when it is no longer current). */
export const acceptAgreementBodySchema = z.object({ sha256: sha256Schema });
export type AcceptAgreementBody = z.infer<typeof acceptAgreementBodySchema>;
