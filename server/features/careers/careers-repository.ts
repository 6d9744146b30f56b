import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { jobApplicationFieldsSchema } from '../../../core/career-schemas.ts';
import type { jobApplicationRecordSchema } from '../../../core/contracts/careers.ts';
import type { Database } from '../../db/database.ts';
import { jobApplications } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { sniffFileType } from '../../storage/sniff-file-type.ts';
import type { Storage } from '../../storage/storage.ts';

/**
 * Files a job application: the CV must be a PDF (its first bytes decide, whatever type the browser
 * claimed; 400 invalid_cv otherwise). It is stored outside public/, since only admins read CVs.
 */
export async function submitJobApplication(
  db: Database,
  storage: Storage,
  fields: z.infer<typeof jobApplicationFieldsSchema>,
  cv: unknown,
) {
  if (!Buffer.isBuffer(cv) || sniffFileType(cv)?.mime !== 'application/pdf') {
    throw new HttpError(400, 'invalid_cv', 'Please attach your CV as a PDF file of up to 10MB.');
  }
  const key = `private/job-applications/${new Date().toISOString().slice(0, 7)}/${randomUUID()}.pdf`;
  await storage.put(key, cv, 'application/pdf');
  const { position, name, email, language } = fields;
  const [row] = await db
    .insert(jobApplications)
    .values({ positionSlug: position, name, email, cvKey: key, cvBytes: cv.length, language })
    .returning({ id: jobApplications.id });
  return row!.id;
}

/** The applications, newest first, each with the address its CV is read from (admins only). */
export async function listJobApplications(
  db: Database,
  limit: number,
  offset: number,
): Promise<z.infer<typeof jobApplicationRecordSchema>[]> {
  const rows = await db
    .select()
    .from(jobApplications)
    .orderBy(desc(jobApplications.createdAt), desc(jobApplications.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ cvKey: _key, ...row }) => ({ ...row, cvUrl: `/api/admin/job-applications/${row.id}/cv` }));
}

export async function findCvKey(db: Database, id: number): Promise<string | null> {
  const [row] = await db.select({ cvKey: jobApplications.cvKey }).from(jobApplications).where(eq(jobApplications.id, id));
  return row?.cvKey ?? null;
}
