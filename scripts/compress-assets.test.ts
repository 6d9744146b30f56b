import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module the build script uses, without types.
import { compressAssets as untypedCompressAssets } from './compress-assets.mjs';

const compressAssets = untypedCompressAssets as (
  dir: string,
  cacheDir: string,
  options?: { quickAbove?: number },
) => Promise<{ files: number; reused: number; quick: number }>;

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

    expect(await compressAssets(assets, cache)).toEqual({ files: 2, reused: 0, quick: 0 });
    expect(readdirSync(assets).sort()).toEqual(['app-1.js', 'app-1.js.br', 'app-1.js.gz', 'app-1.js.map', 'font.woff2', 'nested']);
    expect(brotliDecompressSync(readFileSync(path.join(assets, 'app-1.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(path.join(assets, 'nested', 'style-1.css.gz'))).toString()).toContain('color: red');
    expect(statSync(path.join(assets, 'app-1.js.br')).size).toBeLessThan(script.length / 10);

    // The next build: one file changed, one did not; the old one's entries leave the cache.
    writeFileSync(path.join(assets, 'app-1.js'), `${script}\n// changed`);
    expect(await compressAssets(assets, cache)).toEqual({ files: 2, reused: 1, quick: 0 });
    expect(brotliDecompressSync(readFileSync(path.join(assets, 'app-1.js.br'))).toString()).toBe(`${script}\n// changed`);
    expect(readdirSync(cache)).toHaveLength(4);
  });

  it("compresses a large file's brotli quickly for npm start, keeps it out of the cache, and a full build makes the best", async () => {
    const assets = tempDir();
    const cache = path.join(tempDir(), 'cache');
    // Words in a varied order: brotli's quality shows in the size.
    const words = ['map', 'tile', 'layer', 'source', 'style', 'paint', 'zoom', 'camera', 'feature', 'symbol'];
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const large = Array.from({ length: 40_000 }, () => words[Math.floor(random() * words.length)]).join(' ');
    writeFileSync(path.join(assets, 'map-1.js'), large);
    writeFileSync(path.join(assets, 'small-1.js'), 'export const small = 1;'.repeat(20));

    expect(await compressAssets(assets, cache, { quickAbove: 100_000 })).toEqual({ files: 2, reused: 0, quick: 1 });
    const quickSize = statSync(path.join(assets, 'map-1.js.br')).size;
    expect(brotliDecompressSync(readFileSync(path.join(assets, 'map-1.js.br'))).toString()).toBe(large);
    // In the cache: the small file's two, the large file's gzip; not its quick brotli.
    expect(readdirSync(cache)).toHaveLength(3);

    expect(await compressAssets(assets, cache)).toEqual({ files: 2, reused: 1.5, quick: 0 });
    expect(statSync(path.join(assets, 'map-1.js.br')).size).toBeLessThan(quickSize);
    expect(readdirSync(cache)).toHaveLength(4);
    // npm start after a full build reuses the best.
    expect(await compressAssets(assets, cache, { quickAbove: 100_000 })).toEqual({ files: 2, reused: 2, quick: 0 });
  });
});
