import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDriver } from '../test/test-app.ts';
import { backupDatabase, restoreDatabase } from './backup.ts';
import { openDatabase, queryRows, type DatabaseHandle } from './database.ts';
import type { PgliteWorkerClient } from './pglite-worker-client.ts';

// The embedded database's worker thread (pglite-worker.ts) behind the ordinary DatabaseHandle.
// Run by the PGlite project only: the PostgreSQL driver has no worker, and these open PGlite themselves.
const pgliteOnly = describe.skipIf(testDriver === 'postgres');

const clientOf = (database: DatabaseHandle) => (database.db as unknown as { $client: PgliteWorkerClient }).$client;

/** The database error's code, wherever Drizzle wrapped it (as bookings-repository.ts reads it). */
function codeOf(error: unknown): string | undefined {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

pgliteOnly('the embedded database in its worker thread', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openDatabase({});
    await database.db.execute(sql`create extension if not exists btree_gist`);
    await database.db.execute(sql`create table notes (id serial primary key, body text unique, at timestamptz default now())`);
    await database.db.execute(sql`create table stays (room int, during tstzrange, exclude using gist (room with =, during with &&))`);
  });
  afterAll(() => database.close());

  it('answers raw SQL with parsed values, and Drizzle with its own text for timestamps', async () => {
    const [row] = await queryRows<{ n: number; at: Date; tags: string[] }>(
      database.db,
      `select $1::int + 1 as n, timestamptz '2026-11-25 10:00Z' as at, array['a', 'b'] as tags`,
      [41],
    );
    expect(row).toEqual({ n: 42, at: new Date('2026-11-25T10:00:00Z'), tags: ['a', 'b'] });
    const result = (await database.db.execute(sql`select timestamptz '2026-11-25 10:00Z' as at`)) as unknown as { rows: { at: unknown }[] };
    expect(typeof result.rows[0]?.at).toBe('string');
  });

  it('rolls a failed transaction back', async () => {
    const failure = await rejection(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into notes (body) values ('rolled back')`);
        throw new Error('changed my mind');
      }),
    );
    expect((failure as Error).message).toBe('changed my mind');
    const rows = await queryRows(database.db, `select * from notes where body = 'rolled back'`, []);
    expect(rows).toEqual([]);
  });

  it('makes statements outside an open transaction wait until it commits', async () => {
    let outsideDone = false;
    let outside: Promise<{ count: number }[]> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (body) values ('inside')`);
      outside = queryRows<{ count: number }>(database.db, `select count(*)::int as count from notes where body = 'inside'`, []);
      void outside.then(() => (outsideDone = true));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(outsideDone).toBe(false);
      await tx.execute(sql`update notes set body = 'inside' where body = 'inside'`);
    });
    expect(await outside).toEqual([{ count: 1 }]);
  });

  it('keeps PostgreSQL error codes: unique (23505) and exclusion (23P01) violations', async () => {
    await database.db.execute(sql`insert into notes (body) values ('twice')`);
    expect(codeOf(await rejection(database.db.execute(sql`insert into notes (body) values ('twice')`)))).toBe('23505');

    await queryRows(database.db, `insert into stays values (1, tstzrange('2026-12-01', '2026-12-05'))`, []);
    const overlap = await rejection(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into stays values (1, tstzrange('2026-12-03', '2026-12-08'))`);
      }),
    );
    expect(codeOf(overlap)).toBe('23P01');
    expect(overlap).toMatchObject({ cause: { constraint: 'stays_room_during_excl' } });
  });

  it('delivers NOTIFY to a listener', async () => {
    const payloads: string[] = [];
    const arrived = new Promise<void>((resolve) => {
      void database.listen('news', {
        notified: (payload) => {
          payloads.push(payload);
          resolve();
        },
        lost: () => undefined,
        connected: () => undefined,
      });
    });
    // listen() has registered by the time a later statement runs: the worker answers in order.
    await queryRows(database.db, 'select 1', []);
    await queryRows(database.db, `select pg_notify('news', 'hello')`, []);
    await arrived;
    expect(payloads).toEqual(['hello']);
  });

  it('fails pending queries loudly when the worker dies', async () => {
    const doomed = await openDatabase({});
    const pending = queryRows(doomed.db, 'select pg_sleep(2)', []);
    await (clientOf(doomed) as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    expect(String(await rejection(pending))).toMatch(/worker stopped/);
    expect(String(await rejection(queryRows(doomed.db, 'select 1', [])))).toMatch(/worker stopped/);
    await doomed.close();
  });
});

pgliteOnly('closing the worker', () => {
  it('finishes the work already asked for, then refuses more', async () => {
    const database = await openDatabase({});
    const asked = [1, 2, 3, 4, 5].map((n) => queryRows<{ n: number }>(database.db, 'select $1::int as n', [n]));
    const closing = database.close();
    expect((await Promise.all(asked)).map(([row]) => row?.n)).toEqual([1, 2, 3, 4, 5]);
    await closing;
    expect(String(await rejection(queryRows(database.db, 'select 1', [])))).toMatch(/closed/);
  });

  it('lets an open transaction finish before closing', async () => {
    const database = await openDatabase({});
    await database.db.execute(sql`create table t (n int)`);
    let closing: Promise<void> | undefined;
    await database.db.transaction(async (tx) => {
      closing = database.close();
      await tx.execute(sql`insert into t values (1)`);
    });
    await closing;
  });
});

pgliteOnly('a backup of a database run by the worker', () => {
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it('restores what the worker wrote', async () => {
    const [dataDir, backupDir, restoreDir] = ['data', 'backup', 'restore'].map((name) => {
      const folder = mkdtempSync(path.join(os.tmpdir(), `lina-worker-${name}-`));
      folders.push(folder);
      return folder;
    }) as [string, string, string];
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    await database.migrate();
    await queryRows(
      database.db,
      `insert into places (slug, name_en, name_he, kind, latitude, longitude) values ('worker-town', 'Worker Town', 'עיר', 'city', 32, 34.8)`,
      [],
    );
    await database.close();

    const manifest = await backupDatabase({ dataDir, localStorage: false }, backupDir);
    expect(manifest.driver).toBe('pglite');
    await restoreDatabase({ dataDir: restoreDir, localStorage: false }, backupDir);
    const restored = await openDatabase({ dataDir: path.join(restoreDir, 'pglite') });
    try {
      expect(await queryRows(restored.db, `select name_en from places where slug = 'worker-town'`, [])).toEqual([
        { name_en: 'Worker Town' },
      ]);
    } finally {
      await restored.close();
    }
  });
});
