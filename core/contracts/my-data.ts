import { z } from 'zod';
import type { JsonOf } from '../api-types.ts';
import { roles } from '../constants.ts';

/** The "your data" routes' shapes (docs/decisions/050-your-data.md). */

export const dataExportStatuses = ['queued', 'running', 'ready', 'failed', 'expired'] as const;
export type DataExportStatus = (typeof dataExportStatuses)[number];

/** One of the member's export requests; `downloadUrl` is set while the archive may be downloaded. */
export const dataExportSchema = z.object({
  id: z.uuid(),
  status: z.enum(dataExportStatuses),
  createdAt: z.date(),
  readyAt: z.date().nullable(),
  expiresAt: z.date().nullable(),
  bytes: z.number().int().nullable(),
  downloadUrl: z.string().nullable(),
});
export type DataExport = JsonOf<z.infer<typeof dataExportSchema>>;
export const dataExportsResponseSchema = z.object({ exports: z.array(dataExportSchema) });
export type DataExports = JsonOf<z.infer<typeof dataExportsResponseSchema>>;

export const dataExportParamsSchema = z.object({ id: z.uuid() });

export const closeAccountBodySchema = z.object({ password: z.string().min(1).max(200) });
export type CloseAccountBody = z.infer<typeof closeAccountBodySchema>;
export const closeAccountResponseSchema = z.object({ closed: z.literal(true), eraseAfter: z.date() });
export type CloseAccountResponse = JsonOf<z.infer<typeof closeAccountResponseSchema>>;

export const accountDeletionStatuses = ['closed', 'erasing', 'erased'] as const;
export type AccountDeletionStatus = (typeof accountDeletionStatuses)[number];

/** A closed account as admins see it: its name and e-mail until erasure, then only the id and state. */
export const accountDeletionSchema = z.object({
  id: z.number().int(),
  userId: z.uuid(),
  role: z.enum(roles),
  status: z.enum(accountDeletionStatuses),
  name: z.string().nullable(),
  email: z.string().nullable(),
  requestedAt: z.date(),
  eraseAfter: z.date(),
  erasedAt: z.date().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
});
export type AccountDeletion = JsonOf<z.infer<typeof accountDeletionSchema>>;
export const accountDeletionsResponseSchema = z.object({ deletions: z.array(accountDeletionSchema) });
export type AccountDeletions = JsonOf<z.infer<typeof accountDeletionsResponseSchema>>;
