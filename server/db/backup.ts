import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { embeddedExtensions, openDatabase } from './database.ts';
import { lockDataDir, type DataDirLock } from './data-dir-lock.ts';
import { appliedMigrations, releaseMigrations } from './migrations.ts';

/** Where a Lina installation keeps its data: the same settings the server reads. */
export interface BackupTarget {
  /** A PostgreSQL server; unset means the embedded database in dataDir/pglite. */
  databaseUrl?: string;
  dataDir: string;
  /** Whether files live in dataDir/storage. With S3 they are not copied: the bucket keeps its own versions. */
  localStorage: boolean;
}

export interface BackupManifest {
  format: 'lina-backup-1';
  driver: 'pglite' | 'postgres';
  createdAt: string;
  /** How many migrations the database had run, and the last one this release knows by its hash. */
  migrations: number;
  lastMigration: string | null;
  /** The database dump(s), checked against their sha256 before a restore touches anything. */
  files: { path: string; bytes: number; sha256: string }[];
  /** The local storage folder, copied to storage/ in the backup; S3 is left to the bucket's versioning. */
  storage: { kind: 'local'; files: number; bytes: number } | { kind: 's3' };
}

export class BackupError extends Error {}

const manifestFile = 'manifest.json';
const postgresDumpFile = 'database.pgdump';
const pgliteDumpFile = 'pglite-data.tar.gz';
const storageFolder = 'storage';

/**
 * Writes a backup of the database and the local files into outDir, which must be new or empty.
 * PostgreSQL: pg_dump's custom format, a consistent snapshot taken while the servers keep serving.
 * Embedded: PGlite's own data-folder tarball, taken under the data-folder lock, so never while a
 * server runs on the folder.
 */
export async function backupDatabase(target: BackupTarget, outDir: string): Promise<BackupManifest> {
  await prepareEmptyFolder(outDir);
  const lock = target.databaseUrl ? undefined : await lockDataDir(target.dataDir);
  try {
    const database = target.databaseUrl
      ? await openDatabase({ databaseUrl: target.databaseUrl })
      : await openExistingEmbedded(target.dataDir);
    let dumpFile: string;
    let migrations: { hash: string }[];
    try {
      migrations = await appliedMigrations(database);
      if (database.driver === 'postgres') {
        dumpFile = postgresDumpFile;
        // openDatabase gave PostgreSQL because target.databaseUrl is set.
        await runPostgresTool('pg_dump', ['--format=custom', '--file', path.join(outDir, dumpFile)], target.databaseUrl!);
      } else {
        dumpFile = pgliteDumpFile;
        // The embedded database runs in its worker (pglite-worker-client.ts), which dumps in the worker.
        const tarball = await database.worker.dumpDataDir('gzip');
        await writeFile(path.join(outDir, dumpFile), Buffer.from(await tarball.arrayBuffer()));
      }
    } finally {
      await database.close();
    }

    const storage = target.localStorage
      ? await copyStorage(path.join(target.dataDir, 'storage'), path.join(outDir, storageFolder))
      : ({ kind: 's3' } as const);
    const lastHash = migrations.at(-1)?.hash;
    const manifest: BackupManifest = {
      format: 'lina-backup-1',
      driver: target.databaseUrl ? 'postgres' : 'pglite',
      createdAt: new Date().toISOString(),
      migrations: migrations.length,
      lastMigration: releaseMigrations().find((migration) => migration.hash === lastHash)?.tag ?? null,
      files: [await describeFile(outDir, dumpFile)],
      storage,
    };
    await writeFile(path.join(outDir, manifestFile), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    await lock?.release();
  }
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** What was there before, renamed rather than deleted: remove it once the restored site checks out. */
  setAside: string[];
  /** Things the operator must do by hand, such as copying files into a bucket. */
  warnings: string[];
}

/**
 * Replaces the database (and the local files) with a backup. The servers must be stopped: the
 * embedded database is locked for the restore, and a PostgreSQL database with other sessions
 * connected is refused, since pg_restore --clean drops the tables under them.
 */
export async function restoreDatabase(target: BackupTarget, fromDir: string): Promise<RestoreResult> {
  const manifest = await readManifest(fromDir);
  const driver = target.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.driver !== driver) {
    throw new BackupError(
      `This backup holds ${manifest.driver === 'postgres' ? 'a PostgreSQL' : 'an embedded (PGlite)'} database, but the configuration ` +
        `points at ${target.databaseUrl ? 'a PostgreSQL server (DATABASE_URL)' : 'the embedded database (DATABASE_URL unset)'}.`,
    );
  }
  for (const file of manifest.files) {
    const actual = await describeFile(fromDir, file.path);
    if (actual.sha256 !== file.sha256)
      throw new BackupError(`${file.path} in ${fromDir} does not match its checksum in ${manifestFile}: the backup is damaged.`);
  }

  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const setAside: string[] = [];
  const warnings: string[] = [];
  const lock: DataDirLock | undefined = target.databaseUrl ? undefined : await lockDataDir(target.dataDir);
  try {
    const dump = path.join(fromDir, manifest.files[0]?.path ?? '');
    if (target.databaseUrl) {
      await refuseWhileConnected(target.databaseUrl);
      await runPostgresTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', dump], target.databaseUrl);
    } else {
      const pgliteDir = path.join(target.dataDir, 'pglite');
      const moved = await setFolderAside(pgliteDir, stamp);
      if (moved) setAside.push(moved);
      try {
        await mkdir(pgliteDir, { recursive: true });
        const client = await PGlite.create({
          dataDir: pgliteDir,
          loadDataDir: new Blob([await readFile(dump)]),
          extensions: embeddedExtensions,
        });
        await client.query('select 1');
        // Closing writes the loaded folder to disk.
        await client.close();
      } catch (error) {
        await rm(pgliteDir, { recursive: true, force: true });
        if (moved) await rename(moved, pgliteDir);
        setAside.pop();
        throw error;
      }
    }

    if (manifest.storage.kind === 'local') {
      if (target.localStorage) {
        const storageDir = path.join(target.dataDir, 'storage');
        const moved = await setFolderAside(storageDir, stamp);
        if (moved) setAside.push(moved);
        const source = path.join(fromDir, storageFolder);
        if (existsSync(source)) await cp(source, storageDir, { recursive: true });
      } else {
        warnings.push(
          `The backup's files (${path.join(fromDir, storageFolder)}) were not restored: this installation stores files in S3. Copy them into the bucket if they are needed.`,
        );
      }
    } else if (target.localStorage) {
      warnings.push(
        'The backup was taken with S3 storage: its files are in the bucket (restore them from its versioning), not in the backup.',
      );
    }
    return { manifest, setAside, warnings };
  } finally {
    await lock?.release();
  }
}

async function prepareEmptyFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  if ((await readdir(folder)).length > 0) throw new BackupError(`${folder} is not empty: give each backup a new folder.`);
}

async function openExistingEmbedded(dataDir: string) {
  const pgliteDir = path.join(dataDir, 'pglite');
  if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) throw new BackupError(`There is no embedded database in ${pgliteDir}.`);
  return openDatabase({ dataDir: pgliteDir });
}

async function readManifest(fromDir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(fromDir, manifestFile), 'utf8');
  } catch {
    throw new BackupError(`${fromDir} holds no ${manifestFile}: it is not a Lina backup folder.`);
  }
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== 'lina-backup-1')
    throw new BackupError(`${path.join(fromDir, manifestFile)} is not a Lina backup manifest this release can read.`);
  return manifest;
}

async function describeFile(folder: string, name: string): Promise<{ path: string; bytes: number; sha256: string }> {
  const body = await readFile(path.join(folder, name));
  return { path: name, bytes: body.length, sha256: createHash('sha256').update(body).digest('hex') };
}

async function copyStorage(from: string, to: string): Promise<{ kind: 'local'; files: number; bytes: number }> {
  await mkdir(to, { recursive: true });
  if (existsSync(from)) await cp(from, to, { recursive: true });
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(to, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { kind: 'local', files, bytes };
}

/** Renames a non-empty folder to <folder>.before-restore-<stamp>; returns the new name, or null when there was nothing. */
async function setFolderAside(folder: string, stamp: string): Promise<string | null> {
  if (!existsSync(folder) || (await readdir(folder)).length === 0) return null;
  const aside = `${folder}.before-restore-${stamp}`;
  await rename(folder, aside);
  return aside;
}

async function refuseWhileConnected(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      `select count(*) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    const others = Number(rows[0]?.count ?? 0);
    if (others > 0) {
      throw new BackupError(
        `${others} other session${others === 1 ? ' is' : 's are'} connected to the database: stop the Lina servers (and other clients) before restoring.`,
      );
    }
  } finally {
    await client.end();
  }
}

/**
 * Runs pg_dump or pg_restore against the URL. The password goes in PGPASSWORD rather than on the
 * command line, where any user of the machine could read it in the process list.
 */
async function runPostgresTool(tool: 'pg_dump' | 'pg_restore', args: string[], databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  await new Promise<void>((resolve, reject) => {
    const child = spawn(tool, ['--dbname', url.toString(), ...args], { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} was not found: install the PostgreSQL client tools of the server's version (apt-get install postgresql-client-15).`,
            )
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${tool} failed (exit code ${code}):\n${stderr.trim()}`)),
    );
  });
}
