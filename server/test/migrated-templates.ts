/**
 * Migrated databases that test databases are copied from. Opening a database and running every
 * migration took seconds per test file (initdb and 16 migrations on PGlite, about 25 s on a loaded
 * 2-core machine), and the API suite opens about a hundred. Each template is made once per content
 * of drizzle/, so a new migration makes a new template and an old one is never used by mistake.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder, openDatabase } from '../db/database.ts';
import { projectRoot } from '../project-root.ts';

/** A hash of every file under drizzle/ (the SQL and the journal). */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(readFileSync(file));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 12);
}

let pgliteTemplate: Promise<Uint8Array<ArrayBuffer>> | undefined;

/**
 * The embedded template: a tarball of a migrated in-memory database, kept in node_modules/.cache
 * (parallel test workers may each write it; each writes its own file and renames it into place).
 */
export function migratedPgliteTemplate(): Promise<Uint8Array<ArrayBuffer>> {
  return (pgliteTemplate ??= (async () => {
    const folder = path.join(projectRoot, 'node_modules', '.cache', 'lina');
    const file = path.join(folder, `pglite-template-${migrationsHash()}.tar`);
    if (existsSync(file)) return new Uint8Array(await readFile(file));
    const database = await openDatabase({});
    try {
      await database.migrate();
      const client = (database.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } }).$client;
      const tarball = new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
      await mkdir(folder, { recursive: true });
      const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await writeFile(partial, tarball);
      await rename(partial, file);
      return tarball;
    } finally {
      await database.close();
    }
  })());
}

const templates = new Map<string, Promise<string>>();

/**
 * The PostgreSQL template on the server of adminUrl: a migrated database named by the migrations'
 * hash. Made under an advisory lock, under a temporary name renamed when complete, so parallel test
 * workers (and an interrupted run) never copy a half-migrated one. CREATE DATABASE … TEMPLATE copies
 * it in well under a second.
 */
export function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  let template = templates.get(adminUrl);
  if (!template) {
    template = makePostgresTemplate(adminUrl);
    templates.set(adminUrl, template);
  }
  return template;
}

async function makePostgresTemplate(adminUrl: string): Promise<string> {
  const name = `lina_test_template_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // One lock for every template: making one takes seconds and happens once per migrations change.
    await admin.query('select pg_advisory_lock(7315001)');
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      const partial = `${name}_partial`;
      await admin.query(`drop database if exists ${partial} with (force)`);
      await admin.query(`create database ${partial}`);
      const url = new URL(adminUrl);
      url.pathname = `/${partial}`;
      const database = await openDatabase({ databaseUrl: url.toString() });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      await admin.query(`alter database ${partial} rename to ${name}`);
    }
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock(7315001)').catch(() => undefined);
    await admin.end();
  }
}
