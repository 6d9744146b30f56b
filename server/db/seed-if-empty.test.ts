import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../storage/storage.ts';
import { openTestDatabase } from '../test/test-app.ts';
import type { DatabaseHandle } from './database.ts';
import { users } from './schema.ts';
import { seedDemoDataIfEmpty } from './seed-if-empty.ts';

describe('seeding an empty database at start', { timeout: 60_000 }, () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let storageDir: string;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    storageDir = await mkdtemp(path.join(tmpdir(), 'lina-seed-once-'));
  });
  afterAll(async () => {
    await drop();
    await rm(storageDir, { recursive: true, force: true });
  });

  it('seeds once when several instances start together on it', async () => {
    const storage = createLocalStorage(storageDir);
    const results = await Promise.all([seedDemoDataIfEmpty(database.db, storage), seedDemoDataIfEmpty(database.db, storage)]);
    expect(results.filter((result) => result === null)).toHaveLength(1);
    const seeded = results.find((result) => result !== null)!;
    const [row] = await database.db.select({ users: count() }).from(users);
    expect(row?.users).toBe(seeded.users);
    expect(await seedDemoDataIfEmpty(database.db, storage)).toBeNull();
  });
});
