import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { signupRecordSchema } from '../../../core/contracts/signups.ts';
import type { Database } from '../../db/database.ts';
import { userSignups, users } from '../../db/schema.ts';

/** Adds a sign-up; an e-mail signs up once per type. Returns false when it was already on that list. */
export async function insertSignup(
  db: Database,
  signup: { firstName: string; lastName: string; email: string; signupType: 'property_owner' | 'discount_seeker'; language: 'en' | 'he' },
) {
  const rows = await db.insert(userSignups).values(signup).onConflictDoNothing().returning({ id: userSignups.id });
  return rows.length > 0;
}

export async function operatorAddresses(db: Database) {
  const rows = await db.select({ email: users.email, language: users.language }).from(users).where(eq(users.role, 'admin'));
  return rows;
}

export async function listSignups(db: Database, limit: number, offset: number): Promise<z.infer<typeof signupRecordSchema>[]> {
  return db.select().from(userSignups).orderBy(desc(userSignups.createdAt), desc(userSignups.id)).limit(limit).offset(offset);
}
