// Builds the web app (Vite) into dist/web, its server-rendering module into dist/web-ssr, and bundles the server (esbuild) into dist/server.
import path from 'node:path';
import { build as buildServer } from 'esbuild';
import { build as buildWeb } from 'vite';

const started = Date.now();
await buildWeb({ logLevel: 'warn' });
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
console.log(`built web and server in ${((Date.now() - started) / 1000).toFixed(1)} s`);
