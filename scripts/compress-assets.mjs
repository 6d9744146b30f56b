// Compresses the built web app's assets once, at build time, for the server to send as they are
// (@fastify/static's preCompressed, server/web-static.ts): brotli at its best quality and gzip at 9.
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The files worth compressing: text. Fonts and images are compressed formats already; source maps are not served. */
export const compressible = /\.(?:js|mjs|css|svg|json|txt)$/;

const encodings = {
  br: (content) =>
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
  gz: (content) => gzip(content, { level: 9 }),
};

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every compressible file
 * under `dir`. Rule: every script and stylesheet a page loads goes out compressed at the best ratio,
 * computed once per build. Why: compressing each answer on the fly (brotli at quality 4, as
 * @fastify/compress does) sent about 10 % more bytes of JavaScript on every page (issue 40), and spent
 * CPU on every request for the same answer. Brotli's best quality is slow (seconds for the whole app),
 * so each result is kept in `cacheDir` under its content's hash, and a build reuses those of the files
 * that did not change (most chunks, MapLibre's above all); entries no file uses any more are removed.
 * Returns the files compressed and how many were reused.
 *
 * `quickAbove` (bytes; `npm start`'s build): a file larger than that whose best brotli is not in the
 * cache yet gets brotli at quality 9 instead, not kept in the cache, so a full build (`npm run build`)
 * still makes and keeps the best. MapLibre's chunk (about 1 MB) takes 1.5-2.3 s at quality 11 and
 * 0.1 s at 9 for 9 % more bytes, and it is loaded only with the map: on a fresh checkout the first
 * `npm start`'s build took 5.3-5.5 s instead of 5.8-6.0 s (issue 40 asks the first start for 10 s).
 */
export async function compressAssets(dir, cacheDir, { quickAbove = Infinity } = {}) {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && compressible.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  await mkdir(cacheDir, { recursive: true });
  const used = new Set();
  let reused = 0;
  let quick = 0;
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const hash = createHash('sha256').update(content).digest('hex');
      for (const [extension, compress] of Object.entries(encodings)) {
        const cached = path.join(cacheDir, `${hash}.${extension}`);
        used.add(path.basename(cached));
        try {
          await copyFile(cached, `${file}.${extension}`);
          reused++;
        } catch {
          if (extension === 'br' && content.length > quickAbove) {
            await writeFile(`${file}.br`, await brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }));
            quick++;
            continue;
          }
          const compressed = await compress(content);
          await writeFile(`${file}.${extension}`, compressed);
          await writeFile(cached, compressed);
        }
      }
    }),
  );
  for (const entry of await readdir(cacheDir)) if (!used.has(entry)) await rm(path.join(cacheDir, entry), { force: true });
  return { files: files.length, reused: reused / Object.keys(encodings).length, quick };
}
