import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder, queryRows, type DatabaseHandle } from './database.ts';

export interface MigrationFile {
  tag: string;
  /** The journal's timestamp: Drizzle stores it as created_at and applies every file newer than the last row. */
  when: number;
  /** sha256 of the file, as Drizzle computes it. */
  hash: string;
}

/** The migrations this release ships, in order (drizzle/meta/_journal.json). */
export function releaseMigrations(folder = migrationsFolder): MigrationFile[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map((entry) => ({
    tag: entry.tag,
    when: entry.when,
    hash: createHash('sha256')
      .update(readFileSync(path.join(folder, `${entry.tag}.sql`)))
      .digest('hex'),
  }));
}

/** The rows Drizzle's migrator wrote; none when it never ran on this database. */
export async function appliedMigrations(database: DatabaseHandle): Promise<{ hash: string; createdAt: number }[]> {
  const [table] = await queryRows<{ name: string | null }>(
    database.db,
    `select to_regclass('drizzle.__drizzle_migrations')::text as name`,
    [],
  );
  if (!table?.name) return [];
  const rows = await queryRows<{ hash: string; created_at: string }>(
    database.db,
    'select hash, created_at from drizzle.__drizzle_migrations order by created_at',
    [],
  );
  return rows.map((row) => ({ hash: row.hash, createdAt: Number(row.created_at) }));
}

/**
 * The release's migrations the database has not run yet, by Drizzle's own rule: every file newer than
 * the last applied one. A database ahead of this release (a newer release migrated it) has none
 * pending: under the expand/contract rule (docs/decisions/010-migrations.md) older code still works on it.
 */
export async function pendingMigrations(database: DatabaseHandle): Promise<MigrationFile[]> {
  const applied = await appliedMigrations(database);
  const last = applied.reduce((latest, row) => Math.max(latest, row.createdAt), -Infinity);
  return releaseMigrations().filter((migration) => migration.when > last);
}

/**
 * Release migrations the database ran from a different file (matched by their journal timestamp).
 * Drizzle never runs a file twice, so an edited published migration is silently not applied: this
 * is how db:migrate notices one. Always empty when migrations are only ever added.
 */
export async function changedMigrations(database: DatabaseHandle): Promise<MigrationFile[]> {
  const appliedHashes = new Map((await appliedMigrations(database)).map((row) => [row.createdAt, row.hash]));
  return releaseMigrations().filter((migration) => {
    const hash = appliedHashes.get(migration.when);
    return hash !== undefined && hash !== migration.hash;
  });
}

/** One number for every Lina migrator on a PostgreSQL database (advisory locks are per database). */
const migrationLockKey = 0x4c696e61; // "Lina"

/**
 * Applies the pending migrations and returns them. Drizzle's migrator runs them in one transaction,
 * but it reads "what is applied" before that transaction starts, so two runners at once would both
 * try to apply the same files. On PostgreSQL a session advisory lock around it makes the second
 * runner wait, then find nothing to do. The embedded database is guarded by the data-folder lock
 * (data-dir-lock.ts), which the caller holds.
 */
export async function migrateWithLock(database: DatabaseHandle): Promise<MigrationFile[]> {
  if (database.driver === 'pglite') return migrateAndReport(database);
  const lockClient = await database.pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [migrationLockKey]);
    try {
      return await migrateAndReport(database);
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [migrationLockKey]);
    }
  } finally {
    lockClient.release();
  }
}

async function migrateAndReport(database: DatabaseHandle): Promise<MigrationFile[]> {
  const pending = await pendingMigrations(database);
  if (pending.length > 0) await database.migrate();
  return pending;
}

export class SchemaBehindError extends Error {
  constructor(readonly pending: MigrationFile[]) {
    super(
      `The database schema is behind this release: run npm run db:migrate ` +
        `(${pending.length} migration${pending.length === 1 ? '' : 's'} pending: ${pending.map((m) => m.tag).join(', ')}).`,
    );
  }
}

/**
 * What the server does with migrations at start. In production on a PostgreSQL server, migrating is
 * a separate deploy step (npm run db:migrate) that runs while the old release still serves, so the
 * server only checks and refuses an outdated schema. In development, in tests and on the embedded
 * database (one server per data folder, nobody else to migrate it) it migrates itself.
 */
export async function prepareSchemaAtStart(
  database: DatabaseHandle,
  options: { isProduction: boolean },
): Promise<{ applied: MigrationFile[] }> {
  if (database.driver === 'postgres' && options.isProduction) {
    const pending = await pendingMigrations(database);
    if (pending.length > 0) throw new SchemaBehindError(pending);
    return { applied: [] };
  }
  return { applied: await migrateWithLock(database) };
}
