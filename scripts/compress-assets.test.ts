import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module the build script uses, without types.
import { compressAssets as untypedCompressAssets } from './compress-assets.mjs';

const compressAssets = untypedCompressAssets as (dir: string, cacheDir: string) => Promise<{ files: number; reused: number }>;

describe('compressing the built assets', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const tempDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lina-compress-'));
    dirs.push(dir);
    return dir;
  };

  it('writes brotli and gzip beside each script and stylesheet, not beside fonts or maps, and reuses what it made before', async () => {
    const assets = tempDir();
    const cache = path.join(tempDir(), 'cache');
    mkdirSync(path.join(assets, 'nested'));
    const script = `export const text = ${JSON.stringify('a phrase said again and again '.repeat(200))};`;
    writeFileSync(path.join(assets, 'app-1.js'), script);
    writeFileSync(path.join(assets, 'nested', 'style-1.css'), 'body { color: red }'.repeat(50));
    writeFileSync(path.join(assets, 'font.woff2'), 'binary');
    writeFileSync(path.join(assets, 'app-1.js.map'), '{}');

    expect(await compressAssets(assets, cache)).toEqual({ files: 2, reused: 0 });
    expect(readdirSync(assets).sort()).toEqual(['app-1.js', 'app-1.js.br', 'app-1.js.gz', 'app-1.js.map', 'font.woff2', 'nested']);
    expect(brotliDecompressSync(readFileSync(path.join(assets, 'app-1.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(path.join(assets, 'nested', 'style-1.css.gz'))).toString()).toContain('color: red');
    expect(statSync(path.join(assets, 'app-1.js.br')).size).toBeLessThan(script.length / 10);

    // The next build: one file changed, one did not; the old one's entries leave the cache.
    writeFileSync(path.join(assets, 'app-1.js'), `${script}\n// changed`);
    expect(await compressAssets(assets, cache)).toEqual({ files: 2, reused: 1 });
    expect(brotliDecompressSync(readFileSync(path.join(assets, 'app-1.js.br'))).toString()).toBe(`${script}\n// changed`);
    expect(readdirSync(cache)).toHaveLength(4);
  });
});
