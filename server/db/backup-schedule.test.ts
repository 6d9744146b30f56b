import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../project-root.ts';
import { createUser } from '../seed/factories.ts';
import { startS3StandIn } from '../test/s3-stand-in.ts';
import { testDriver } from '../test/test-app.ts';
import { archiveName, archivesToDelete, createBackupStore, type BackupArchive, type BackupStore } from './backup-archive.ts';
import { runScheduledBackup } from './backup-schedule.ts';
import { openDatabase, queryRows } from './database.ts';

const run = promisify(execFile);

describe('backup retention (BACKUP_KEEP_DAILY, _WEEKLY, _MONTHLY)', () => {
  const archive = (iso: string, complete = true): BackupArchive => ({
    name: archiveName(new Date(iso)),
    createdAt: new Date(iso),
    complete,
  });
  const now = new Date('2026-11-27T12:00:00Z'); // a Friday

  it('keeps the newest of each of the last days, weeks and months, and the newest of all', () => {
    const archives = [
      archive('2026-11-27T03:00:00Z'),
      archive('2026-11-26T15:00:00Z'), // the newest of the 26th
      archive('2026-11-26T03:00:00Z'), // the same day: deleted
      archive('2026-11-25T03:00:00Z'), // 2 days ago: past daily=2, and not the newest of its week
      archive('2026-11-22T03:00:00Z'), // Sunday: the newest of last week
      archive('2026-11-16T03:00:00Z'), // Monday of last week: deleted
      archive('2026-10-31T03:00:00Z'), // the newest of October
      archive('2026-10-01T03:00:00Z'), // deleted
      archive('2026-08-31T03:00:00Z'), // 3 months ago: past monthly=2
    ];
    const deleted = archivesToDelete(archives, { daily: 2, weekly: 2, monthly: 2 }, now).map((doomed) => doomed.name);
    expect(deleted).toEqual(
      ['2026-11-26T03:00:00Z', '2026-11-25T03:00:00Z', '2026-11-16T03:00:00Z', '2026-10-01T03:00:00Z', '2026-08-31T03:00:00Z'].map((iso) =>
        archiveName(new Date(iso)),
      ),
    );
    // The 25th is not the newest of its week (the 27th is) nor of its month: only a third kept day keeps it.
    expect(archivesToDelete(archives, { daily: 3, weekly: 2, monthly: 2 }, now).map((doomed) => doomed.name)).not.toContain(
      archiveName(new Date('2026-11-25T03:00:00Z')),
    );
  });

  it('always keeps the newest complete archive, and leaves an unfinished one alone for a day', () => {
    const old = archive('2025-01-01T03:00:00Z');
    const dying = archive('2026-11-20T03:00:00Z', false);
    const uploading = archive('2026-11-27T11:30:00Z', false);
    expect(archivesToDelete([old, dying, uploading], { daily: 0, weekly: 0, monthly: 0 }, now)).toEqual([dying]);
  });
});

describe.runIf(testDriver === 'postgres')('scheduled backups to S3 and db:restore --from-s3', { timeout: 120_000 }, () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `lina_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  let databaseUrl: string;
  let s3: Awaited<ReturnType<typeof startS3StandIn>>;
  let store: BackupStore;
  const bucket = 'lina-backups-test';
  const s3Env = () => ({
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: 'us-east-1',
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: 'test-access-key',
    S3_SECRET_ACCESS_KEY: 'test-secret-key',
  });
  const retention = { daily: 7, weekly: 4, monthly: 6 };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    const database = await openDatabase({ databaseUrl });
    await database.migrate();
    await createUser(database.db, { email: 'kept@example.com' });
    await database.close();
    s3 = await startS3StandIn();
    const env = s3Env();
    store = await createBackupStore(
      {
        endpoint: env.S3_ENDPOINT,
        region: env.S3_REGION,
        bucket,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      },
      'backups/',
    );
  });

  afterAll(async () => {
    await s3?.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('backs up once per period whichever instances run the schedule, and deletes what retention does not keep', async () => {
    // An archive from long ago, as an earlier run left it, and an unfinished one from last week.
    const put = (key: string, body: string) => s3.objects.set(`/${bucket}/backups/${key}`, { body: Buffer.from(body), type: 'text/plain' });
    put('2025-01-01T03-00-00Z/manifest.json', '{}');
    put('2025-01-01T03-00-00Z/database.pgdump', 'old');
    put('2026-11-01T03-00-00Z/database.pgdump', 'a run that died');
    // Something else in the bucket is not ours to list or delete.
    s3.objects.set(`/${bucket}/public/photos/a.jpg`, { body: Buffer.from('photo'), type: 'image/jpeg' });

    const now = new Date();
    // Three instances wake at once: one backs up; the others find the lock taken or the fresh archive.
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => runScheduledBackup({ databaseUrl, store, everyHours: 24, retention, now: () => now })),
    );
    const ran = outcomes.filter((outcome) => outcome.ran);
    expect(ran).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ran).map((outcome) => !outcome.ran && outcome.reason)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^(busy|recent)$/)]),
    );
    const first = ran[0]!;
    expect(first.ran && first.name).toBe(archiveName(now));
    // The old archive is past every kept day, week and month; the unfinished one is over a day old.
    expect(first.ran && first.deleted.sort()).toEqual(['2025-01-01T03-00-00Z', '2026-11-01T03-00-00Z']);
    expect([...s3.objects.keys()].filter((key) => key.includes('2025-01-01') || key.includes('2026-11-01'))).toEqual([]);
    expect(s3.objects.has(`/${bucket}/public/photos/a.jpg`)).toBe(true);
    const dump = s3.objects.get(`/${bucket}/backups/${archiveName(now)}/database.pgdump`);
    expect(dump?.body.subarray(0, 5).toString()).toBe('PGDMP');

    // An hour later: nothing to do. A period later: the next archive.
    const later = await runScheduledBackup({
      databaseUrl,
      store,
      everyHours: 24,
      retention,
      now: () => new Date(now.getTime() + 3_600_000),
    });
    expect(later).toEqual({ ran: false, reason: 'recent', latest: archiveName(now) });
    const nextDay = new Date(now.getTime() + 24 * 3_600_000);
    const next = await runScheduledBackup({ databaseUrl, store, everyHours: 24, retention, now: () => nextDay });
    expect(next).toMatchObject({ ran: true, name: archiveName(nextDay), deleted: [] });
    expect((await store.list()).map((archive) => archive.name)).toEqual([archiveName(now), archiveName(nextDay)]);
  });

  it('backs up with npm run db:backup -- --s3 and restores that archive by its name', async () => {
    const env = { ...process.env, NODE_ENV: 'development', DATA_DIR: os.tmpdir(), DATABASE_URL: databaseUrl, ...s3Env() };
    const script = (file: string, ...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'scripts', file), ...args], {
        cwd: projectRoot,
        env,
        encoding: 'utf8',
        timeout: 90_000,
      });
    const database = await openDatabase({ databaseUrl });
    await createUser(database.db, { email: 'named@example.com' });
    await database.close();
    const backedUp = await script('db-backup.ts', '--s3');
    const archive = new RegExp(`s3://${bucket}/backups/([^/]+)/`).exec(backedUp.stdout)?.[1];
    expect(archive).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/);
    expect((await store.list()).map((listed) => listed.name)).toContain(archive);

    const after = await openDatabase({ databaseUrl });
    await queryRows(after.db, `delete from users where email = 'named@example.com'`, []);
    await after.close();
    const restored = await script('db-restore.ts', '--from-s3', archive!);
    expect(restored.stdout).toContain(`downloaded s3://${bucket}/backups/${archive}/`);
    const check = await openDatabase({ databaseUrl });
    try {
      expect(await queryRows(check.db, `select email from users where email = 'named@example.com'`, [])).toHaveLength(1);
    } finally {
      await check.close();
    }
  });

  it('restores the latest archive with npm run db:restore -- --from-s3 latest', async () => {
    // Something goes wrong after the last backup...
    const database = await openDatabase({ databaseUrl });
    await queryRows(database.db, `delete from users where email = 'kept@example.com'`, []);
    await database.close();

    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lina-restore-s3-'));
    try {
      const restored = await run(
        process.execPath,
        ['--import', 'tsx', path.join(projectRoot, 'scripts/db-restore.ts'), '--from-s3', 'latest'],
        {
          cwd: projectRoot,
          env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ...s3Env() },
          encoding: 'utf8',
          timeout: 90_000,
        },
      );
      expect(restored.stdout).toContain(`downloaded s3://${bucket}/backups/`);
      expect(restored.stdout).toContain('restored the backup of');

      const missing = await run(
        process.execPath,
        ['--import', 'tsx', path.join(projectRoot, 'scripts/db-restore.ts'), '--from-s3', '2020-01-01T00-00-00Z'],
        {
          cwd: projectRoot,
          env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ...s3Env() },
          encoding: 'utf8',
          timeout: 90_000,
        },
      ).catch((error: { code: number; stderr: string }) => error);
      expect(missing).toMatchObject({ code: 1, stderr: expect.stringContaining('There is no complete backup "2020-01-01T00-00-00Z"') });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    const after = await openDatabase({ databaseUrl });
    try {
      expect(await queryRows(after.db, `select email from users where email = 'kept@example.com'`, [])).toEqual([
        { email: 'kept@example.com' },
      ]);
    } finally {
      await after.close();
    }
  });
});
