import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../scripts/free-port.ts';
import { startBuiltServer, type BuiltServer } from './built-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * One server per e2e worker (vitest.e2e.config.ts runs files side by side): each its own data
     * folder and demo data, so files in different workers share nothing. guestCookie is the demo
     * guest's session there (name=value), signed in once: sign-in is rate-limited per IP.
     */
    servers: { baseUrl: string; guestCookie: string }[];
  }
}

/** How many files run side by side, each worker on its own server (vitest.e2e.config.ts reads it too). */
export const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

interface StartedServer {
  baseUrl: string;
  guestCookie: string;
  stop(): Promise<void>;
}

/** Starts the built server on an empty data folder, as `npm start` does on a fresh clone. */
async function startServer(): Promise<StartedServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lina-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  let server: BuiltServer | undefined;
  const stop = async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    server = await startBuiltServer({
      name: 'e2e',
      port,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        PUBLIC_URL: baseUrl,
        SHUTDOWN_GRACE_SECONDS: '2',
        // Calendar sync tests serve their feeds from 127.0.0.1 (the default outside production; said here).
        CALENDAR_SYNC_PRIVATE_ADDRESSES: 'allow',
      },
    });
    console.log(`e2e: fresh server with demo data ready in ${((Date.now() - started) / 1000).toFixed(1)} s at ${baseUrl}`);

    const signIn = await fetch(`${baseUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
      body: JSON.stringify({ email: 'guest@example.com', password: 'Passw0rd!' }),
    });
    const cookie = signIn.headers.getSetCookie().find((value) => value.startsWith('lina_session='));
    if (!signIn.ok || !cookie) throw new Error(`the demo guest could not sign in: ${signIn.status}`);
    return { baseUrl, guestCookie: cookie.split(';')[0]!, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync('dist/server/main.js') || !existsSync('dist/web/index.html')) {
    throw new Error('Build first: npm run build (npm test does it for you)');
  }
  const started = await Promise.allSettled(Array.from({ length: e2eWorkers }, () => startServer()));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = () => Promise.all(servers.map((server) => server.stop()));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide(
    'servers',
    servers.map(({ baseUrl, guestCookie }) => ({ baseUrl, guestCookie })),
  );
  return async () => {
    await stopAll();
  };
}
