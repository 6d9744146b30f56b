import { desc, eq } from 'drizzle-orm';
import type { Language } from '../../../core/languages.ts';
import type { Database } from '../../db/database.ts';
import { jobApplications } from '../../db/schema.ts';

export async function insertJobApplication(
  db: Database,
  application: { positionSlug: string; name: string; email: string; cvKey: string; cvBytes: number; language: Language },
) {
  const [row] = await db.insert(jobApplications).values(application).returning({ id: jobApplications.id });
  return row!.id;
}

export async function listJobApplications(db: Database, limit: number, offset: number) {
  return db.select().from(jobApplications).orderBy(desc(jobApplications.createdAt), desc(jobApplications.id)).limit(limit).offset(offset);
}

export async function findCvKey(db: Database, id: number): Promise<string | null> {
  const [row] = await db.select({ cvKey: jobApplications.cvKey }).from(jobApplications).where(eq(jobApplications.id, id));
  return row?.cvKey ?? null;
}
