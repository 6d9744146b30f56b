/**
 * Backs up the database and the local files into a new folder, or into the S3 bucket.
 *
 *   npm run db:backup -- --out backups/2026-11-23
 *   npm run db:backup -- --s3          # an archive under BACKUP_S3_PREFIX, then the BACKUP_KEEP_* retention
 *
 * PostgreSQL (DATABASE_URL): pg_dump, taken while the servers keep serving. Embedded (DATA_DIR): the
 * PGlite data folder, refused while a server runs on it. Files in DATA_DIR/storage are copied too;
 * S3 storage is not (the bucket keeps its own versions). See docs/deploy.md, "Backups".
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.ts';
import { backupDatabase, type BackupManifest } from '../server/db/backup.ts';
import { backupToStore } from '../server/db/backup-schedule.ts';
import { backupStoreOf, retentionOf, runOperation, usesLocalStorage } from './db-operation.ts';

const { values: args } = parseArgs({ options: { out: { type: 'string' }, s3: { type: 'boolean' } } });

await runOperation('db:backup', async () => {
  if (!args.out === !args.s3) {
    console.error('usage: npm run db:backup -- --out <new folder>   or   npm run db:backup -- --s3');
    return 2;
  }
  const config = loadConfig();
  const target = { databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, localStorage: usesLocalStorage(config) };
  let manifest: BackupManifest;
  let where: string;
  if (args.s3) {
    const stored = await backupToStore({ target, store: await backupStoreOf(config), retention: retentionOf(config) });
    manifest = stored.manifest;
    where = `s3://${config.S3_BUCKET}/${config.BACKUP_S3_PREFIX}${stored.name}/`;
    for (const name of stored.deleted) console.log(`  deleted ${name} (past the BACKUP_KEEP_* retention)`);
  } else {
    where = path.resolve(args.out!);
    manifest = await backupDatabase(target, where);
  }
  const database = manifest.files.map((file) => `${file.path} (${(file.bytes / 1e6).toFixed(1)} MB)`).join(', ');
  console.log(
    `backed up the ${manifest.driver === 'postgres' ? 'PostgreSQL' : 'embedded'} database to ${where}: ${database}, ${manifest.migrations} migrations applied`,
  );
  console.log(
    manifest.storage.kind === 'local'
      ? `  files: ${manifest.storage.files} (${(manifest.storage.bytes / 1e6).toFixed(1)} MB) from ${path.join(config.dataDir, 'storage')}`
      : '  files: in S3, not copied (back the bucket up with its own versioning)',
  );
  return 0;
});
