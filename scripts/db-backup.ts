/**
 * Backs up the database and the local files into a new folder.
 *
 *   npm run db:backup -- --out backups/2026-11-23
 *
 * PostgreSQL (DATABASE_URL): pg_dump, taken while the servers keep serving. Embedded (DATA_DIR): the
 * PGlite data folder, refused while a server runs on it. Files in DATA_DIR/storage are copied too;
 * S3 storage is not (the bucket keeps its own versions). See README, "Operations".
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.ts';
import { backupDatabase } from '../server/db/backup.ts';
import { runOperation, usesLocalStorage } from './db-operation.ts';

const { values: args } = parseArgs({ options: { out: { type: 'string' } } });

await runOperation('db:backup', async () => {
  if (!args.out) {
    console.error('usage: npm run db:backup -- --out <new folder>');
    return 2;
  }
  const config = loadConfig();
  const outDir = path.resolve(args.out);
  const manifest = await backupDatabase(
    { databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, localStorage: usesLocalStorage(config) },
    outDir,
  );
  const database = manifest.files.map((file) => `${file.path} (${(file.bytes / 1e6).toFixed(1)} MB)`).join(', ');
  console.log(
    `backed up the ${manifest.driver === 'postgres' ? 'PostgreSQL' : 'embedded'} database to ${outDir}: ${database}, ${manifest.migrations} migrations applied`,
  );
  console.log(
    manifest.storage.kind === 'local'
      ? `  files: ${manifest.storage.files} (${(manifest.storage.bytes / 1e6).toFixed(1)} MB) from ${path.join(config.dataDir, 'storage')}`
      : '  files: in S3, not copied (back the bucket up with its own versioning)',
  );
  return 0;
});
