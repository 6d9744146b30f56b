import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from './database.ts';

/**
 * PGlite, the embedded database, has no autovacuum: left alone, its planner statistics and
 * visibility map are never brought up to date, so plans rest on guesses and index-only scans read
 * the table anyway (a PGlite 100k search benchmark: p97.5 620 → 480 ms after one VACUUM ANALYZE,
 * docs/performance.md). On PostgreSQL, autovacuum does this and nothing runs here.
 *
 * Returns whether it ran. VACUUM holds PGlite's one connection while it runs (about 4 s at 100,000
 * listings; milliseconds for a small site), which is why it is not done on every start.
 */
export async function vacuumEmbedded(database: DatabaseHandle): Promise<boolean> {
  if (database.driver !== 'pglite') return false;
  await database.db.execute(sql`vacuum (analyze)`);
  return true;
}

/** Vacuums the embedded database `firstAfterMs` after start, then every `everyMs` (a day). */
export function scheduleEmbeddedMaintenance(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  { firstAfterMs = 10 * 60_000, everyMs = 24 * 60 * 60_000 } = {},
): { stop(): void } {
  if (database.driver !== 'pglite') return { stop() {} };
  const run = () => {
    const started = Date.now();
    vacuumEmbedded(database).then(
      () => log.info({ ms: Date.now() - started }, 'embedded database vacuumed and analyzed'),
      (error: unknown) => log.error({ err: error }, 'embedded database maintenance failed'),
    );
  };
  let interval: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    run();
    interval = setInterval(run, everyMs);
    interval.unref();
  }, firstAfterMs);
  first.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(interval);
    },
  };
}
