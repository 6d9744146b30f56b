import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';
import { projectRoot } from './project-root.ts';

/**
 * The file a worker thread runs. From a build it is dist/server/<name>.js (scripts/build.mjs bundles
 * every worker entry there), also for the bundled scripts in dist/scripts. From sources (tsx,
 * vitest) the entry is bundled with esbuild (a development dependency) into node_modules/.cache, where
 * its imports still resolve, once per content: Node 20 could not run a .ts file in a thread (tsx's
 * loader hooks did not reach workers). Node 24 strips types itself and could load the .ts entry as it
 * is; starting it directly is a possible simplification, not yet made (docs/decisions/037-pinned-node.md).
 *
 * `source` is the entry's path from the project root (server/db/pglite-worker.ts), `name` its
 * built file's name without .js (pglite-worker).
 */
const files = new Map<string, Promise<string>>();
export function workerFile(source: string, name: string): Promise<string> {
  let file = files.get(name);
  if (!file) {
    file = locate(source, name);
    files.set(name, file);
  }
  return file;
}

async function locate(source: string, name: string): Promise<string> {
  if (!fileURLToPath(import.meta.url).endsWith('.ts')) return path.join(projectRoot, 'dist', 'server', `${name}.js`);
  const { build } = await import('esbuild');
  const output = await build({
    entryPoints: [path.join(projectRoot, source)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    write: false,
    logLevel: 'error',
  });
  const code = output.outputFiles[0]!.contents;
  const folder = path.join(projectRoot, 'node_modules', '.cache', 'lina');
  const file = path.join(folder, `${name}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  if (!existsSync(file)) {
    // Test files start workers in parallel: each writes its own copy, then renames it into place.
    await mkdir(folder, { recursive: true });
    const partial = `${file}.${process.pid}.${threadId}.tmp`;
    await writeFile(partial, code);
    await rename(partial, file);
  }
  return file;
}
