import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, chmodSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * The fault suite's own PostgreSQL cluster and Redis, which it stops and starts (the shared ones
 * must never be touched). PostgreSQL 15's binaries come from Debian's package; initdb refuses to
 * run as root, so as root the cluster belongs to the `postgres` OS user (runuser).
 */
export const postgresBin = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && executable(path.join(dir, command))) return path.join(dir, command);
  }
  return undefined;
}

/** Why the suite cannot run here (a missing binary), or undefined when it can. */
export function missingServers(): string | undefined {
  const missing = [
    ...['initdb', 'pg_ctl', 'postgres'].filter((name) => !executable(path.join(postgresBin, name))).map((name) => `${postgresBin}/${name}`),
    ...(onPath('redis-server') ? [] : ['redis-server (on PATH)']),
  ];
  if (process.getuid?.() === 0 && !onPath('runuser')) missing.push('runuser (to run PostgreSQL as the postgres user)');
  return missing.length ? `missing ${missing.join(', ')}` : undefined;
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL tool as the cluster's owner; throws with its output when it fails. */
function pgTool(tool: string, args: string[]) {
  const command = asRoot ? 'runuser' : path.join(postgresBin, tool);
  const fullArgs = asRoot ? ['-u', 'postgres', '--', path.join(postgresBin, tool), ...args] : args;
  const result = spawnSync(command, fullArgs, { encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`);
}

/** Resolves once something accepts TCP connections on 127.0.0.1:port (or rejects after timeoutMs). */
export async function waitForPort(port: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => (socket.destroy(), resolve(true)));
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface PostgresCluster {
  url: string;
  /** A fast shutdown (clients are disconnected, as in a restart for an upgrade or a failover). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its files. */
  destroy(): Promise<void>;
}

/** A throw-away PostgreSQL 15 cluster on 127.0.0.1:port (trust, user postgres, database `lina`), started. */
export async function startPostgresCluster(port: number): Promise<PostgresCluster> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lina-faults-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  if (asRoot) spawnSync('chown', ['postgres:postgres', dir]);
  pgTool('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  // No fsync: the cluster lives for one run, and a restart (fast shutdown) checkpoints anyway.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  let running = false;
  const start = async () => {
    pgTool('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60', 'start']);
    running = true;
    await waitForPort(port);
  };
  const stop = async () => {
    if (!running) return;
    pgTool('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
    running = false;
  };
  await start();
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('create database lina');
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/lina`,
    stop,
    start,
    async destroy() {
      await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** redis-server on 127.0.0.1:port with nothing saved: a restart starts empty, as a lost cache does. */
export async function startRedis(port: number): Promise<RedisServer> {
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const start = async () => {
    child = spawn(onPath('redis-server')!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    exited = new Promise((resolve) => child!.once('exit', () => resolve()));
    await waitForPort(port, 10_000);
  };
  const stop = async () => {
    if (!child || child.exitCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, stop, start };
}
