// What `node scripts/build.mjs --if-changed` compares to decide whether `npm start` must build again.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * A hash of everything a build reads: the sources the bundles come from, and the files that decide
 * how they are built. Rule: `npm start` on an unchanged checkout starts the last build; any change
 * to one of these files, or a missing output, builds again. Why: building took 9 of the 12 s before
 * the server served (issue 40), and a stale build served would be worse than a slow start.
 */
export function buildInputsHash(root) {
  const hash = createHash('sha256');
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.isFile()) hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  };
  for (const dir of ['web', 'core', 'server', 'scripts']) if (existsSync(path.join(root, dir))) walk(path.join(root, dir));
  for (const file of ['package.json', 'package-lock.json', 'vite.config.ts', 'tsconfig.json']) {
    const full = path.join(root, file);
    if (existsSync(full)) hash.update(file).update('\0').update(readFileSync(full)).update('\0');
  }
  return hash.digest('hex');
}
