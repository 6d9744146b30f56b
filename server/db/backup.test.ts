import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../seed/seed-demo-data.ts';
import { createLocalStorage } from '../storage/storage.ts';
import { testDriver } from '../test/test-app.ts';
import { backupDatabase, BackupError, restoreDatabase, type BackupTarget } from './backup.ts';
import { openDatabase, queryRows, type DatabaseHandle } from './database.ts';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';
import { releaseMigrations } from './migrations.ts';

const seedDay = new Date('2026-06-01T10:00:00Z');
const temporaryFolders: string[] = [];
const temporaryFolder = (prefix: string) => {
  const folder = mkdtempSync(path.join(os.tmpdir(), prefix));
  temporaryFolders.push(folder);
  return folder;
};

afterAll(async () => {
  for (const folder of temporaryFolders) await rm(folder, { recursive: true, force: true });
});

/** What a restore must give back: every table's row count, one booking in full, one stored file's bytes. */
async function snapshot(database: DatabaseHandle, dataDir: string) {
  const tables = await queryRows<{ schema: string; name: string }>(
    database.db,
    `select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1, 2`,
    [],
  );
  const rowCounts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await queryRows<{ count: number }>(
      database.db,
      `select count(*)::int as count from "${table.schema}"."${table.name}"`,
      [],
    );
    rowCounts[`${table.schema}.${table.name}`] = row?.count ?? -1;
  }
  const [booking] = await queryRows<Record<string, unknown>>(database.db, 'select * from bookings order by id limit 1', []);
  const [photo] = await queryRows<{ key: string }>(database.db, 'select storage_key as key from property_photos order by id limit 1', []);
  const fileBytes = photo ? await readFile(path.join(dataDir, 'storage', photo.key)) : undefined;
  return { rowCounts, booking, photoKey: photo?.key, fileBytes };
}

type Snapshot = Awaited<ReturnType<typeof snapshot>>;

function expectSeeded(before: Snapshot) {
  // A drill on an empty database would prove nothing.
  expect(before.rowCounts['public.properties']).toBeGreaterThan(100);
  expect(before.rowCounts['public.bookings']).toBeGreaterThan(0);
  expect(before.rowCounts['drizzle.__drizzle_migrations']).toBe(releaseMigrations().length);
  expect(before.booking).toBeDefined();
  expect(before.fileBytes?.length).toBeGreaterThan(0);
}

describe.runIf(testDriver === 'pglite')('backup and restore drill on the embedded database', { timeout: 60_000 }, () => {
  const source: BackupTarget = { dataDir: temporaryFolder('lina-backup-source-'), localStorage: true };
  const backupDir = path.join(temporaryFolder('lina-backup-'), 'backup');
  let before: Snapshot;

  beforeAll(async () => {
    const database = await openDatabase({ dataDir: path.join(source.dataDir, 'pglite') });
    await database.migrate();
    await seedDemoData(database.db, createLocalStorage(path.join(source.dataDir, 'storage')), seedDay);
    before = await snapshot(database, source.dataDir);
    await database.close();
  }, 60_000);

  it('refuses while a server holds the data folder', async () => {
    const lock = await lockDataDir(source.dataDir);
    try {
      await expect(backupDatabase(source, backupDir)).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      await lock.release();
    }
  });

  it('restores a seeded database and its files into an empty data folder', async () => {
    expectSeeded(before);
    const manifest = await backupDatabase(source, backupDir);
    expect(manifest).toMatchObject({
      driver: 'pglite',
      migrations: releaseMigrations().length,
      lastMigration: releaseMigrations().at(-1)?.tag,
      files: [{ path: 'pglite-data.tar.gz' }],
      storage: { kind: 'local' },
    });
    expect(JSON.parse(await readFile(path.join(backupDir, 'manifest.json'), 'utf8'))).toEqual(manifest);
    await expect(backupDatabase(source, backupDir)).rejects.toThrow('is not empty');

    const target: BackupTarget = { dataDir: temporaryFolder('lina-backup-target-'), localStorage: true };
    await restoreDatabase(target, backupDir);
    const restored = await openDatabase({ dataDir: path.join(target.dataDir, 'pglite') });
    try {
      expect(await snapshot(restored, target.dataDir)).toEqual(before);
    } finally {
      await restored.close();
    }
  });

  it('refuses a damaged backup and a backup of the other driver', async () => {
    const target: BackupTarget = { dataDir: temporaryFolder('lina-backup-damaged-'), localStorage: true };
    const damaged = path.join(temporaryFolder('lina-backup-copy-'), 'backup');
    await cp(backupDir, damaged, { recursive: true });
    const dump = path.join(damaged, 'pglite-data.tar.gz');
    const bytes = await readFile(dump);
    await writeFile(dump, Buffer.concat([bytes, Buffer.from('tampered')]));
    await expect(restoreDatabase(target, damaged)).rejects.toThrow('does not match its checksum');
    await expect(restoreDatabase({ ...target, databaseUrl: 'postgres://nobody@127.0.0.1:1/none' }, backupDir)).rejects.toBeInstanceOf(
      BackupError,
    );
  });
});

describe.runIf(testDriver === 'postgres')('backup and restore drill on a PostgreSQL server', { timeout: 60_000 }, () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const created: string[] = [];
  const backupDir = path.join(temporaryFolder('lina-backup-'), 'backup');
  let source: BackupTarget;
  let before: Snapshot;

  async function freshDatabaseUrl(): Promise<string> {
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

  beforeAll(async () => {
    source = { databaseUrl: await freshDatabaseUrl(), dataDir: temporaryFolder('lina-backup-source-'), localStorage: true };
    const database = await openDatabase({ databaseUrl: source.databaseUrl });
    await database.migrate();
    await seedDemoData(database.db, createLocalStorage(path.join(source.dataDir, 'storage')), seedDay);
    before = await snapshot(database, source.dataDir);
    await database.close();
  }, 60_000);

  afterAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('restores a seeded database into a new one, and again over it', async () => {
    expectSeeded(before);
    const manifest = await backupDatabase(source, backupDir);
    expect(manifest).toMatchObject({
      driver: 'postgres',
      migrations: releaseMigrations().length,
      files: [{ path: 'database.pgdump' }],
      storage: { kind: 'local' },
    });

    const target: BackupTarget = {
      databaseUrl: await freshDatabaseUrl(),
      dataDir: temporaryFolder('lina-backup-target-'),
      localStorage: true,
    };
    await restoreDatabase(target, backupDir);
    // Twice: --clean replaces what the first restore wrote, as a drill over a live copy would.
    const again = await restoreDatabase(target, backupDir);
    expect(again.setAside).toHaveLength(1);
    expect(again.setAside[0]).toContain(path.join(target.dataDir, 'storage.before-restore-'));

    const restored = await openDatabase({ databaseUrl: target.databaseUrl });
    try {
      expect(await snapshot(restored, target.dataDir)).toEqual(before);
      // A server still connected makes the restore refuse rather than drop tables under it.
      await expect(restoreDatabase(target, backupDir)).rejects.toThrow('stop the Lina servers');
    } finally {
      await restored.close();
    }
  });
});
