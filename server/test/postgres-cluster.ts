import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports.ts';

const run = promisify(execFile);

/**
 * A PostgreSQL server of a test's own, in a temporary folder on a free port, that the test may stop
 * and start again (outage and fault tests). Never the shared server: stopping that would break every
 * other test using it. Trust authentication, user `postgres`, on 127.0.0.1 only.
 */
export interface TestPostgresCluster {
  /** The `postgres` database of the cluster. */
  url: string;
  /** Stops the server as an operator would (`pg_ctl stop -m fast`): sessions are ended (57P01), new connections refused. */
  stop(): Promise<void>;
  /** Starts it again on the same port and folder, its data kept. */
  start(): Promise<void>;
  /** Stops it if running and deletes its folder. */
  destroy(): Promise<void>;
}

/** The folder holding initdb and pg_ctl: on the PATH, or Debian's /usr/lib/postgresql/<newest>/bin. */
function binDir(): string | undefined {
  const onPath = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (!onPath.error && onPath.status === 0 && existsSync(path.join(onPath.stdout.trim(), 'initdb'))) return onPath.stdout.trim();
  const debian = '/usr/lib/postgresql';
  if (!existsSync(debian)) return undefined;
  const newest = readdirSync(debian)
    .filter((version) => existsSync(path.join(debian, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return newest ? path.join(debian, newest, 'bin') : undefined;
}

/** PostgreSQL refuses to run as root: as root, the cluster runs as the `postgres` account. */
const asRoot = process.getuid?.() === 0;

/** Why outage tests that need their own PostgreSQL cannot run here, or undefined when they can. */
export function postgresClusterMissing(): string | undefined {
  if (!binDir()) return 'PostgreSQL server binaries (initdb, pg_ctl) are not installed';
  if (asRoot && spawnSync('id', ['-u', 'postgres']).status !== 0)
    return 'running as root, and there is no postgres account to run PostgreSQL as';
  return undefined;
}

export async function startPostgresCluster(): Promise<TestPostgresCluster> {
  const bin = binDir();
  if (!bin) throw new Error('PostgreSQL server binaries (initdb, pg_ctl) are not installed');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lina-pg-'));
  const exec = (program: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]) : run(path.join(bin, program), args);
  if (asRoot) {
    const account = (name: string) => Number(spawnSync('id', [name, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, account('-u'), account('-g'));
  }
  const port = await freePort();
  const dataDir = path.join(dir, 'data');
  await exec('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  // The socket goes in the cluster's own folder (the system's may not be writable); fsync off: nothing here must survive a crash.
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = async () => {
    await exec('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-o', serverOptions, '-w', 'start']);
  };
  let running = false;
  const cluster: TestPostgresCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      running = false;
      await exec('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    },
    async start() {
      await start();
      running = true;
    },
    async destroy() {
      if (running) await cluster.stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  // A test that fails half-way must not leave its server running.
  process.once('exit', () => {
    if (running)
      spawnSync(asRoot ? 'runuser' : path.join(bin, 'pg_ctl'), [
        ...(asRoot ? ['-u', 'postgres', '--', path.join(bin, 'pg_ctl')] : []),
        '-D',
        dataDir,
        '-m',
        'immediate',
        'stop',
      ]);
  });
  return cluster;
}
