import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.ts';
import { projectRoot } from '../project-root.ts';
import { testDriver } from '../test/test-app.ts';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const folders: string[] = [];
const children: ChildProcess[] = [];
const newDataDir = () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'lina-lock-'));
  folders.push(folder);
  return folder;
};

/** Runs TypeScript from the repository in a child process, as `npm run dev` does. */
function runTs(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const printed = async (text: string, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!output.includes(text)) {
      if (Date.now() > deadline) throw new Error(`no "${text}" within ${timeoutMs} ms; output: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { child, exited, printed, output: () => output };
}

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

// Only the embedded database has a data folder; the PostgreSQL run of the API suite has nothing to add here.
describe.skipIf(testDriver === 'postgres')('one server per embedded data folder', () => {
  it('refuses a second holder while the first lives, and frees the folder on release', async () => {
    const dataDir = newDataDir();
    const first = await lockDataDir(dataDir);
    await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
    await first.release();
    const again = await lockDataDir(dataDir);
    await again.release();
  });

  it('a lock left by a crashed process does not block the next start', async () => {
    const dataDir = newDataDir();
    const holder = runTs([
      '-e',
      `import('./server/db/data-dir-lock.ts').then((m) => m.lockDataDir(${JSON.stringify(dataDir)})).then(() => { console.log('locked'); setInterval(() => {}, 1000); });`,
    ]);
    await holder.printed('locked');
    // Held by another live process.
    await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
    holder.child.kill('SIGKILL');
    await holder.exited;
    const lock = await lockDataDir(dataDir);
    await lock.release();
  });

  it('a second server on the same DATA_DIR exits with a message saying another server uses it', async () => {
    const dataDir = newDataDir();
    const env = { DATA_DIR: dataDir, SEED_DEMO_DATA: 'never', HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'development' };
    const first = runTs(['server/main.ts'], { ...env, PORT: String(await freePort()) });
    await first.printed('"msg":"ready"', 60_000);
    const second = runTs(['server/main.ts'], { ...env, PORT: String(await freePort()) });
    expect(await second.exited).toBe(75);
    expect(second.output()).toContain('Another Lina server is already using the data folder');
    // The first one is untouched and still serving.
    expect(first.child.exitCode).toBeNull();
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  }, 90_000);
});
