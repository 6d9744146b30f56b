/**
 * Makes an existing, confirmed account an admin: the way to get the first admin of a new deployment.
 *
 *   npm run admin:grant -- you@your.domain        (or: node dist/scripts/grant-admin.js you@your.domain)
 *
 * Sign up on the site and confirm the e-mail first. Works on DATABASE_URL, or on the embedded
 * database in DATA_DIR while no server runs on it.
 */
import path from 'node:path';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { lockDataDir, type DataDirLock } from '../server/db/data-dir-lock.ts';
import { grantAdminByEmail } from '../server/features/admin/admin-users-repository.ts';
import { runOperation } from './db-operation.ts';

const messages = {
  granted: (email: string) => `${email} is now an admin.`,
  already_admin: (email: string) => `${email} is already an admin; nothing changed.`,
  not_found: (email: string) => `No account uses ${email}. Sign up on the site first, then run this again.`,
  not_eligible: (email: string) => `${email} has not confirmed its e-mail address, or is suspended; confirm it first.`,
};

await runOperation('admin:grant', async () => {
  const email = process.argv[2];
  if (!email || !email.includes('@')) {
    console.error('usage: npm run admin:grant -- <e-mail of an existing account>');
    return 64; // EX_USAGE
  }
  const config = loadConfig();
  let lock: DataDirLock | undefined;
  if (!config.DATABASE_URL) lock = await lockDataDir(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.join(config.dataDir, 'pglite') });
  try {
    const outcome = await grantAdminByEmail(database.db, email);
    (outcome === 'granted' || outcome === 'already_admin' ? console.log : console.error)(messages[outcome](email));
    return outcome === 'granted' || outcome === 'already_admin' ? 0 : 1;
  } finally {
    await database.close();
    await lock?.release();
  }
});
