import { desc } from 'drizzle-orm';
import type { z } from 'zod';
import type { contactMessageRecordSchema } from '../../../core/contracts/contact.ts';
import type { Database } from '../../db/database.ts';
import { contactMessages } from '../../db/schema.ts';

export async function insertContactMessage(
  db: Database,
  message: { userId: string | null; name: string; email: string; subject: string; category: string | null; message: string },
) {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  return row!.id;
}

export async function listContactMessages(
  db: Database,
  limit: number,
  offset: number,
): Promise<z.infer<typeof contactMessageRecordSchema>[]> {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(limit).offset(offset);
}
