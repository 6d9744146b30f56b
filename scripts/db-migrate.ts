/**
 * Applies the pending migrations in drizzle/ and says which ones it applied.
 *
 *   npm run db:migrate
 *
 * Against DATABASE_URL when set (safe while the previous release still serves, and safe to run twice at
 * once: docs/decisions/010-migrations.md), otherwise against the embedded database in DATA_DIR, which
 * it refuses to touch while a server runs on that folder.
 */
import path from 'node:path';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { lockDataDir, type DataDirLock } from '../server/db/data-dir-lock.ts';
import { changedMigrations, migrateWithLock, releaseMigrations } from '../server/db/migrations.ts';
import { runOperation } from './db-operation.ts';

await runOperation('db:migrate', async () => {
  const config = loadConfig();
  let lock: DataDirLock | undefined;
  if (!config.DATABASE_URL) lock = await lockDataDir(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.join(config.dataDir, 'pglite') });
  try {
    const where = config.DATABASE_URL ? 'the PostgreSQL database' : `the embedded database in ${config.dataDir}`;
    const applied = await migrateWithLock(database);
    const total = releaseMigrations().length;
    if (applied.length === 0) {
      console.log(`${where} is up to date (${total} migrations); nothing to apply.`);
    } else {
      console.log(`applied ${applied.length} migration${applied.length === 1 ? '' : 's'} to ${where}:`);
      for (const migration of applied) console.log(`  ${migration.tag}`);
    }
    for (const migration of await changedMigrations(database)) {
      console.warn(
        `  warning: ${migration.tag}.sql differs from the file this database ran; published migrations must not be edited (write a new one)`,
      );
    }
    return 0;
  } finally {
    await database.close();
    await lock?.release();
  }
});
