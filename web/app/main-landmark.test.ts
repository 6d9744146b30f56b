// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function componentFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return componentFiles(full);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [full] : [];
  });
}

describe('the main landmark', () => {
  // Every page sits inside the root layout's <main id="main"> (the skip link's target): a page that
  // opened its own would give screen readers two main landmarks.
  it('is rendered by the root layout only', () => {
    const withMain = componentFiles(webDir)
      .filter((file) => /<main[\s>]|role=["']main["']/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(webDir, file));
    expect(withMain).toEqual([path.join('app', 'root-layout.tsx')]);
  });
});
