import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../project-root.ts';
import { testDriver } from '../test/test-app.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { releaseMigrations } from './migrations.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lina-db-migrate-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** npm run db:migrate as an operator runs it, on the embedded database in a temporary DATA_DIR. */
function runMigrate() {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development' };
  delete env.DATABASE_URL;
  return spawnSync(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'scripts/db-migrate.ts')], {
    cwd: projectRoot,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe.runIf(testDriver === 'pglite')('npm run db:migrate', { timeout: 90_000 }, () => {
  it('refuses while a server holds the data folder', async () => {
    const lock = await lockDataDir(dataDir);
    try {
      const run = runMigrate();
      expect(run.status).toBe(75);
      expect(run.stderr).toContain('Another Lina server is already using the data folder');
    } finally {
      await lock.release();
    }
  });

  it('applies the migrations and lists them, then has nothing to do', () => {
    const first = runMigrate();
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toContain(`applied ${releaseMigrations().length} migrations to the embedded database`);
    expect(first.stdout).toContain(releaseMigrations().at(-1)?.tag);
    const second = runMigrate();
    expect(second.status).toBe(0);
    expect(second.stdout).toContain('is up to date');
  });
});
