import { createHash } from 'node:crypto';
import { mkdirSync, realpathSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `Another Lina server is already using the data folder ${dataDir}. ` +
        'The embedded database serves one server at a time: stop the other one, give this one its own DATA_DIR, ' +
        'or run several servers on PostgreSQL with DATABASE_URL.',
    );
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

/** Unix socket paths are limited to about 100 bytes; a deep data folder gets its socket in the temp folder instead. */
const maxSocketPath = 100;

function lockSocketPath(dataDir: string): string {
  const inFolder = path.join(dataDir, '.server.lock');
  if (Buffer.byteLength(inFolder) <= maxSocketPath) return inFolder;
  const digest = createHash('sha256').update(dataDir).digest('hex').slice(0, 24);
  return path.join(os.tmpdir(), `lina-data-${digest}.lock`);
}

const listen = (server: net.Server, socketPath: string) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });

/** Whether a server still answers on the socket: a file left by a crashed one refuses the connection. */
const answers = (socketPath: string) =>
  new Promise<boolean>((resolve) => {
    const probe = net.connect(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });

/**
 * Takes the embedded database's data folder for this process alone. Two servers writing one PGlite
 * folder lose each other's writes silently, so the second one must not start.
 *
 * The lock is a Unix socket this process listens on: the kernel closes it when the process dies,
 * however it dies, so a crash leaves only a file that refuses connections, which the next start
 * removes (a stale lock never blocks), while a live server answers and keeps the folder.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true });
  const folder = realpathSync(dataDir);
  const socketPath = lockSocketPath(folder);
  const server = net.createServer((socket) => socket.destroy());
  try {
    await listen(server, socketPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    if (await answers(socketPath)) throw new DataDirLockedError(folder);
    unlinkSync(socketPath);
    try {
      await listen(server, socketPath);
    } catch (retryError) {
      // Another server took the folder between our probe and our second try.
      if ((retryError as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new DataDirLockedError(folder);
      throw retryError;
    }
  }
  // The lock must not keep the process alive on its own.
  server.unref();
  return {
    release: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
