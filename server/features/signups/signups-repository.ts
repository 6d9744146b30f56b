import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { userSignups, users } from '../../db/schema.ts';

/** Returns false when this e-mail already signed up for this type. */
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

export async function listSignups(db: Database, limit: number, offset: number) {
  return db.select().from(userSignups).orderBy(desc(userSignups.createdAt), desc(userSignups.id)).limit(limit).offset(offset);
}
