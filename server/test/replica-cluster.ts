import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../scripts/free-port.ts';

const run = promisify(execFile);

/** The PostgreSQL server programs: PG_BIN, or Debian's place for version 15. */
export const postgresBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** Why the replica tests cannot run here, or null when they can. */
export function replicaClusterMissing(): string | null {
  for (const program of ['initdb', 'pg_ctl', 'pg_basebackup']) {
    if (!existsSync(path.join(postgresBin, program)))
      return `${path.join(postgresBin, program)} is missing: install postgresql-15 (or set PG_BIN) to run the read-replica tests`;
  }
  return null;
}

export interface ReplicaCluster {
  primaryUrl: string;
  replicaUrl: string;
  /** Runs one statement on the primary or on the replica, on a connection of its own. */
  query<Row>(on: 'primary' | 'replica', text: string, values?: unknown[]): Promise<Row[]>;
  stopReplica(): Promise<void>;
  startReplica(): Promise<void>;
  /** Waits until the replica has replayed everything the primary has written so far. */
  caughtUp(): Promise<void>;
  destroy(): Promise<void>;
}

/**
 * A PostgreSQL primary (wal_level=replica) and a hot standby made from it with `pg_basebackup -R`,
 * each on a port of its own on 127.0.0.1, in a temporary folder removed by destroy(). As root the
 * programs run as the `postgres` user (the server refuses root). Ports: LINA_TEST_PG_PORT (and the
 * next one) when set, else free ones.
 */
export async function startReplicaCluster(): Promise<ReplicaCluster> {
  const asRoot = process.getuid?.() === 0;
  const tool = async (program: string, args: string[]) => {
    const file = path.join(postgresBin, program);
    return asRoot ? run('runuser', ['-u', 'postgres', '--', file, ...args]) : run(file, args);
  };
  const base = process.env.LINA_TEST_PG_PORT ? Number(process.env.LINA_TEST_PG_PORT) : undefined;
  const primaryPort = base ?? (await freePort());
  const replicaPort = base ? base + 1 : await freePort();
  const folder = await mkdtemp(path.join(os.tmpdir(), 'lina-replica-'));
  await chmod(folder, 0o777);
  if (asRoot) await run('chown', ['postgres', folder]);
  const primaryDir = path.join(folder, 'primary');
  const replicaDir = path.join(folder, 'replica');
  const settings = (port: number) =>
    [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${folder}'`,
      'wal_level = replica',
      'max_wal_senders = 5',
      'hot_standby = on',
      // Throw-away clusters: durability is not the point, speed is.
      'fsync = off',
      'full_page_writes = off',
      'shared_buffers = 16MB',
      '',
    ].join('\n');

  const started: string[] = [];
  const pgCtl = (dir: string, action: 'start' | 'stop', extra: string[] = []) =>
    tool('pg_ctl', ['-D', dir, '-l', path.join(folder, `${path.basename(dir)}.log`), '-w', '-t', '60', action, ...extra]);
  const destroy = async () => {
    for (const dir of started.reverse()) await pgCtl(dir, 'stop', ['-m', 'immediate']).catch(() => undefined);
    await rm(folder, { recursive: true, force: true });
  };

  try {
    await tool('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    await appendFile(path.join(primaryDir, 'postgresql.conf'), settings(primaryPort));
    await pgCtl(primaryDir, 'start');
    started.push(primaryDir);
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${primaryPort}/postgres` });
    await admin.connect();
    await admin.query('create database lina');
    await admin.end();
    // A copy of the running primary that knows how to follow it (-R: standby.signal and primary_conninfo).
    await tool('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replicaDir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]);
    await appendFile(path.join(replicaDir, 'postgresql.conf'), settings(replicaPort));
    await pgCtl(replicaDir, 'start');
    started.push(replicaDir);
  } catch (error) {
    await destroy();
    throw error;
  }

  const urls = {
    primary: `postgres://postgres@127.0.0.1:${primaryPort}/lina`,
    replica: `postgres://postgres@127.0.0.1:${replicaPort}/lina`,
  };
  const query = async <Row>(on: 'primary' | 'replica', text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: urls[on] });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as Row[];
    } finally {
      await client.end();
    }
  };
  return {
    primaryUrl: urls.primary,
    replicaUrl: urls.replica,
    query,
    stopReplica: async () => void (await pgCtl(replicaDir, 'stop', ['-m', 'fast'])),
    startReplica: async () => void (await pgCtl(replicaDir, 'start')),
    async caughtUp() {
      const [position] = await query<{ lsn: string }>('primary', 'select pg_current_wal_insert_lsn()::text as lsn');
      const lsn = position!.lsn;
      const deadline = Date.now() + 30_000;
      for (;;) {
        const [row] = await query<{ done: boolean }>('replica', 'select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [lsn]);
        if (row?.done) return;
        if (Date.now() > deadline) throw new Error('the replica did not catch up in 30 s');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    destroy,
  };
}
