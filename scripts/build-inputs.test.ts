import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module the build script shares, without types.
import { buildInputsHash } from './build-inputs.mjs';

/** `npm start` builds again exactly when a build input changed (issue 40: start without rebuilding). */
describe('the build inputs hash', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'lina-build-inputs-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write('web/app/page.tsx', 'export const page = 1;');
  write('core/rule.ts', 'export const rule = 1;');
  write('server/main.ts', 'listen();');
  write('package-lock.json', '{}');
  write('docs/readme.md', 'notes');
  const hash = () => buildInputsHash(root) as string;

  it('is the same for the same files, and changes with any source, a new file or the lock file', () => {
    const first = hash();
    expect(hash()).toBe(first);
    for (const [file, text] of [
      ['web/app/page.tsx', 'export const page = 2;'],
      ['core/rule.ts', 'export const rule = 2;'],
      ['server/main.ts', 'listen(); // changed'],
      ['server/new-file.ts', 'new'],
      ['package-lock.json', '{"changed":true}'],
    ] as const) {
      const before = hash();
      write(file, text);
      expect(hash(), file).not.toBe(before);
    }
  });

  it('ignores what no build reads (documentation)', () => {
    const before = hash();
    write('docs/readme.md', 'other notes');
    expect(hash()).toBe(before);
  });
});
