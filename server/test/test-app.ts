import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { createLocalStorage, type Storage } from '../storage/storage.ts';
import { migratedPgliteTemplate, migratedPostgresTemplate } from './migrated-templates.ts';

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  db: DatabaseHandle['db'];
  storage: Storage;
  config: Config;
  close(): Promise<void>;
}

/** Which database the API suite runs on: vitest.config.ts runs it once per driver. */
export const testDriver = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL, dropped again by close(). Both are copies of a
 * migrated template (migrated-templates.ts); migrate() then finds nothing left to run.
 */
export async function openTestDatabase(): Promise<{ database: DatabaseHandle; drop(): Promise<void> }> {
  if (testDriver === 'pglite') {
    const database = await openDatabase({ loadDataDir: await migratedPgliteTemplate() });
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `lina_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  const template = await migratedPostgresTemplate(adminUrl);
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await database.migrate();
  return {
    database,
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** The app with test defaults and the given environment, on a database the caller owns (the caller closes both). */
export async function buildTestApp(
  database: DatabaseHandle,
  storage: Storage,
  options: { webDir?: string; env?: Record<string, string> } = {},
): Promise<{ app: FastifyInstance; config: Config }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: os.tmpdir(),
    SETTINGS_CACHE_SECONDS: '0',
    SEARCH_CACHE_SECONDS: '0',
    ...options.env,
  });
  // The app closes the database when it closes; apps sharing one database leave that to the caller.
  const app = await buildApp({ config, database: { ...database, close: async () => undefined }, storage, webDir: options.webDir });
  await app.ready();
  return { app, config };
}

/**
 * Several apps, each built with its own environment (production, a proxy setting…), on one test
 * database: much cheaper than a database each. close() closes every app and drops the database.
 */
export async function createAppsOnOneDatabase() {
  const { database, drop } = await openTestDatabase();
  const storageDir = mkdtempSync(path.join(os.tmpdir(), 'lina-storage-'));
  const storage = createLocalStorage(storageDir);
  const apps: FastifyInstance[] = [];
  return {
    db: database.db,
    async appWith(options: { webDir?: string; env?: Record<string, string> } = {}) {
      const { app } = await buildTestApp(database, storage, options);
      apps.push(app);
      return app;
    },
    async close() {
      for (const app of apps) await app.close();
      await drop();
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

export async function createTestContext(options: { webDir?: string; env?: Record<string, string> } = {}): Promise<TestContext> {
  const { database, drop } = await openTestDatabase();
  const storageDir = mkdtempSync(path.join(os.tmpdir(), 'lina-storage-'));
  const storage = createLocalStorage(storageDir);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: storageDir,
    SETTINGS_CACHE_SECONDS: '0',
    SEARCH_CACHE_SECONDS: '0',
    ...options.env,
  });
  const app = await buildApp({ config, database, storage, webDir: options.webDir });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    storage,
    config,
    async close() {
      await app.close();
      await drop();
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

/** The headers our own web app sends with every write. */
export const writeHeaders = { 'x-requested-with': 'fetch' } as const;

/** Signs in and returns the Cookie header value for later requests. */
export async function signIn(app: FastifyInstance, email: string, password = 'Passw0rd!'): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: writeHeaders,
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'lina_session');
  if (!cookie) throw new Error('no session cookie');
  return `${cookie.name}=${cookie.value}`;
}

export function injectAs(app: FastifyInstance, cookie: string, options: InjectOptions) {
  return app.inject({ ...options, headers: { ...writeHeaders, ...options.headers, cookie } });
}

/**
 * Rate limits count in fixed windows (server/rate-limit/rate-limiter.ts): a test that counts up to a
 * limit and crosses a window's edge on the way sees its count start again. Call this first: it waits
 * until the current window has at least `marginMs` left.
 */
export async function clearOfWindowEdge(windowMs: number, marginMs = 20_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** Waits for writes the server does without waiting (the audit trail) to land. */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await check();
    if (result) return result;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
