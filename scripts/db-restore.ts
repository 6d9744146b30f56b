/**
 * Replaces the database and the local files with a backup made by db:backup. Stop the servers first.
 *
 *   npm run db:restore -- --from backups/2026-11-23
 *   npm run db:restore -- --from-s3 latest                  # or an archive's name, e.g. 2026-11-27T03-00-00Z
 *
 * What was there before is renamed (…before-restore-<time>), not deleted. See docs/deploy.md, "Backups".
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.ts';
import { restoreDatabase } from '../server/db/backup.ts';
import { backupStoreOf, runOperation, usesLocalStorage } from './db-operation.ts';

const { values: args } = parseArgs({ options: { from: { type: 'string' }, 'from-s3': { type: 'string' } } });

await runOperation('db:restore', async () => {
  const fromS3 = args['from-s3'];
  if (!args.from === !fromS3) {
    console.error('usage: npm run db:restore -- --from <backup folder>   or   npm run db:restore -- --from-s3 <name|latest>');
    return 2;
  }
  const config = loadConfig();
  const target = { databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, localStorage: usesLocalStorage(config) };
  let fromDir = path.resolve(args.from ?? '.');
  let downloaded: string | undefined;
  if (fromS3) {
    downloaded = await mkdtemp(path.join(os.tmpdir(), 'lina-restore-'));
    const name = await (await backupStoreOf(config)).download(fromS3, downloaded);
    console.log(`downloaded s3://${config.S3_BUCKET}/${config.BACKUP_S3_PREFIX}${name}/`);
    fromDir = downloaded;
  }
  try {
    const { manifest, setAside, warnings } = await restoreDatabase(target, fromDir);
    console.log(`restored the backup of ${manifest.createdAt} (${manifest.migrations} migrations) from ${fromS3 ? 'S3' : fromDir}`);
    for (const folder of setAside) console.log(`  the previous data is in ${folder}: delete it once the restored site checks out`);
    for (const warning of warnings) console.warn(`  warning: ${warning}`);
    console.log('  start the server (or run npm run db:migrate first in production) to bring the schema up to this release');
    return 0;
  } finally {
    if (downloaded) await rm(downloaded, { recursive: true, force: true });
  }
});
