import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testDriver } from '../test/test-app.ts';
import { openDatabase, queryRows, type DatabaseHandle } from './database.ts';
import {
  appliedMigrations,
  changedMigrations,
  migrateWithLock,
  pendingMigrations,
  prepareSchemaAtStart,
  releaseMigrations,
  SchemaBehindError,
} from './migrations.ts';

const release = releaseMigrations();

describe.runIf(testDriver === 'pglite')('migrations on the embedded database', () => {
  it('lists every migration as pending on a new database, applies them once and records their hashes', async () => {
    const database = await openDatabase({});
    try {
      expect((await pendingMigrations(database)).map((m) => m.tag)).toEqual(release.map((m) => m.tag));
      expect((await migrateWithLock(database)).map((m) => m.tag)).toEqual(release.map((m) => m.tag));
      expect(await pendingMigrations(database)).toEqual([]);
      expect(await migrateWithLock(database)).toEqual([]);
      expect((await appliedMigrations(database)).map((row) => row.hash)).toEqual(release.map((m) => m.hash));
      expect(await changedMigrations(database)).toEqual([]);
      // A published migration edited after it ran is not run again; changedMigrations names it.
      await queryRows(database.db, `update drizzle.__drizzle_migrations set hash = 'edited' where created_at = $1`, [release[3]?.when]);
      expect((await changedMigrations(database)).map((m) => m.tag)).toEqual([release[3]?.tag]);
    } finally {
      await database.close();
    }
  });

  it('still migrates at start in production: one server owns the data folder', async () => {
    const database = await openDatabase({});
    try {
      expect((await prepareSchemaAtStart(database, { isProduction: true })).applied).toHaveLength(release.length);
      expect(await pendingMigrations(database)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

describe.runIf(testDriver === 'postgres')('migrations on a PostgreSQL server', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const created: string[] = [];
  const handles: DatabaseHandle[] = [];

  async function freshDatabase(): Promise<string> {
    const name = `lina_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    created.push(name);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }

  async function open(url: string): Promise<DatabaseHandle> {
    const handle = await openDatabase({ databaseUrl: url });
    handles.push(handle);
    return handle;
  }

  afterAll(async () => {
    for (const handle of handles) await handle.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('two runners at once: the second waits for the lock, then finds nothing to do', async () => {
    const url = await freshDatabase();
    const [first, second] = [await open(url), await open(url)];
    // Hold the lock from a third session, so both runners are started and waiting before either runs.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('select pg_advisory_lock($1)', [0x4c696e61]);
    const runs = [migrateWithLock(first), migrateWithLock(second)];
    await new Promise((resolve) => setTimeout(resolve, 300));
    const waiting = await holder.query<{ count: string }>(
      `select count(*) from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`,
    );
    expect(Number(waiting.rows[0]?.count)).toBe(2);
    await holder.query('select pg_advisory_unlock($1)', [0x4c696e61]);
    await holder.end();

    const results = await Promise.all(runs);
    const counts = results.map((applied) => applied.length).sort((a, b) => a - b);
    expect(counts).toEqual([0, release.length]);
    expect(await appliedMigrations(first)).toHaveLength(release.length);
    expect(await pendingMigrations(second)).toEqual([]);
  });

  it('in production the server refuses a schema behind the release, naming how many migrations are pending', async () => {
    const database = await open(await freshDatabase());
    const attempt = prepareSchemaAtStart(database, { isProduction: true });
    await expect(attempt).rejects.toBeInstanceOf(SchemaBehindError);
    await expect(attempt).rejects.toThrow(
      `The database schema is behind this release: run npm run db:migrate (${release.length} migrations pending`,
    );
    // Nothing was applied: the check only reads.
    expect(await appliedMigrations(database)).toEqual([]);

    await migrateWithLock(database);
    await expect(prepareSchemaAtStart(database, { isProduction: true })).resolves.toEqual({ applied: [] });
  });

  it('a database a newer release has migrated further is not behind', async () => {
    const database = await open(await freshDatabase());
    await migrateWithLock(database);
    const client = new pg.Client({ connectionString: (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString });
    await client.connect();
    await client.query(`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-release', $1)`, [
      Date.now() + 86_400_000,
    ]);
    await client.end();
    await expect(prepareSchemaAtStart(database, { isProduction: true })).resolves.toEqual({ applied: [] });
  });

  it('outside production it migrates at start', async () => {
    const database = await open(await freshDatabase());
    expect((await prepareSchemaAtStart(database, { isProduction: false })).applied).toHaveLength(release.length);
  });
});
