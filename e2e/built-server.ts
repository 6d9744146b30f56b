import { spawn, type ChildProcess } from 'node:child_process';

export interface BuiltServer {
  baseUrl: string;
  process: ChildProcess;
  /** Settles when the process has exited. */
  exited: Promise<void>;
  /** SIGTERM, then SIGKILL if it has not exited within 10 s. */
  stop(): Promise<void>;
}

/**
 * Starts the built server (dist/server/main.js, as `npm start` runs it) on 127.0.0.1:`port` with
 * `env` and waits until GET /api/health answers. Fails when the process exits first or the time is
 * up. The e2e servers (global-setup), the payments server and the multi-instance pair start this way.
 */
export async function startBuiltServer(options: {
  name: string;
  port: number;
  env: NodeJS.ProcessEnv;
  timeoutMs?: number;
}): Promise<BuiltServer> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...options.env, PORT: String(options.port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let hasExited = false;
  const exited = new Promise<void>((resolve) => child.on('exit', () => ((hasExited = true), resolve())));
  const stop = async () => {
    if (hasExited) return;
    child.kill('SIGTERM');
    const stopped = await Promise.race([exited.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 10_000))]);
    if (!stopped) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  for (;;) {
    if (hasExited) throw new Error(`the ${options.name} server exited during start-up`);
    try {
      if ((await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the ${options.name} server did not become healthy in time`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { baseUrl, process: child, exited, stop };
}
