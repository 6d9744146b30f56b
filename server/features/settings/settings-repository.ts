import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { platformSettings } from '../../db/schema.ts';

export async function readSetting(db: Database, key: string): Promise<unknown> {
  const [row] = await db.select({ value: platformSettings.value }).from(platformSettings).where(eq(platformSettings.key, key));
  return row?.value;
}
