// Builds the web app (Vite) into dist/web, its server-rendering module into dist/web-ssr, and bundles the server (esbuild) into dist/server.
// With --if-changed (what `npm start` uses) it builds only when its inputs changed since the last build.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildInputsHash } from './build-inputs.mjs';
import { compressAssets } from './compress-assets.mjs';

const started = Date.now();
const hashFile = 'dist/.build-inputs';

const outputs = ['dist/web/index.html', 'dist/web-ssr/entry-server.js', 'dist/server/main.js', 'dist/server/pglite-worker.js'];
const inputs = buildInputsHash('.');
if (process.argv.includes('--if-changed')) {
  const last = existsSync(hashFile) ? readFileSync(hashFile, 'utf8').trim() : null;
  if (last === inputs && outputs.every((file) => existsSync(file))) {
    console.log(
      `build: nothing under web/, core/, server/ or scripts/ changed since the last build (${inputs.slice(0, 12)}); starting it as it is`,
    );
    process.exit(0);
  }
  console.log(last ? 'build: sources changed since the last build; building again' : 'build: no build yet; building');
}

const { build: buildServer } = await import('esbuild');
const { build: buildWeb } = await import('vite');
await buildWeb({ logLevel: 'warn' });
// The web app's assets compressed once for the server to send as they are (scripts/compress-assets.mjs),
// on zlib's threads while the rest builds. The cache of what was compressed is outside dist/, which the
// production image copies whole.
const compressing = compressAssets('dist/web/assets', '.cache/compressed-assets', {
  quickAbove: process.argv.includes('--if-changed') ? 512 * 1024 : Infinity,
});
// The server imports dist/web-ssr/entry-server.js when present (server/web-render.ts); dependencies stay in node_modules.
await buildWeb({
  logLevel: 'warn',
  build: { ssr: path.resolve('web/entry-server.tsx'), outDir: '../dist/web-ssr', emptyOutDir: true, sourcemap: true },
});
const serverOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  // Dependencies stay in node_modules; only our own code is bundled.
  packages: 'external',
  logLevel: 'warning',
};
await buildServer({ ...serverOptions, entryPoints: ['server/main.ts'], outfile: 'dist/server/main.js' });
// The embedded database's worker thread (server/db/pglite-worker-client.ts starts it from here).
await buildServer({ ...serverOptions, entryPoints: ['server/db/pglite-worker.ts'], outfile: 'dist/server/pglite-worker.js' });
// The thread that reads imported calendars (server/features/calendar-sync/feed-reader.ts starts it from here).
await buildServer({
  ...serverOptions,
  entryPoints: ['server/features/calendar-sync/feed-reader-worker.ts'],
  outfile: 'dist/server/feed-reader-worker.js',
});
// The database commands too, so an image without devDependencies (no tsx) can run them with node.
await buildServer({
  ...serverOptions,
  entryPoints: ['scripts/db-migrate.ts', 'scripts/db-backup.ts', 'scripts/db-restore.ts', 'scripts/grant-admin.ts'],
  outdir: 'dist/scripts',
});
const compressed = await compressing;
writeFileSync(hashFile, `${inputs}\n`);
console.log(
  `built web and server in ${((Date.now() - started) / 1000).toFixed(1)} s (${compressed.files} assets compressed, ${compressed.reused} of them as in the last build${compressed.quick ? `, ${compressed.quick} large one${compressed.quick === 1 ? '' : 's'} at brotli 9 until a full build` : ''})`,
);
