/**
 * Replaces the database and the local files with a backup made by db:backup. Stop the servers first.
 *
 *   npm run db:restore -- --from backups/2026-11-23
 *
 * What was there before is renamed (…before-restore-<time>), not deleted. See README, "Operations".
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.ts';
import { restoreDatabase } from '../server/db/backup.ts';
import { runOperation, usesLocalStorage } from './db-operation.ts';

const { values: args } = parseArgs({ options: { from: { type: 'string' } } });

await runOperation('db:restore', async () => {
  if (!args.from) {
    console.error('usage: npm run db:restore -- --from <backup folder>');
    return 2;
  }
  const config = loadConfig();
  const fromDir = path.resolve(args.from);
  const { manifest, setAside, warnings } = await restoreDatabase(
    { databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, localStorage: usesLocalStorage(config) },
    fromDir,
  );
  console.log(`restored the backup of ${manifest.createdAt} (${manifest.migrations} migrations) from ${fromDir}`);
  for (const folder of setAside) console.log(`  the previous data is in ${folder}: delete it once the restored site checks out`);
  for (const warning of warnings) console.warn(`  warning: ${warning}`);
  console.log('  start the server (or run npm run db:migrate first in production) to bring the schema up to this release');
  return 0;
});
