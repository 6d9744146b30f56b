import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort, waitForPort } from './ports.ts';

/**
 * A Redis server of a test's own, on a free port, that the test may kill and start again (outage
 * tests). Never the shared one: stopping that would break every other test using it.
 */
export interface TestRedisServer {
  url: string;
  /** Kills the server at once, as a crash or a lost network would (SIGKILL: no goodbye to clients). */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
}

/** Why outage tests that need redis-server cannot run here, or undefined when they can. */
export const redisServerMissing = (): string | undefined =>
  spawnSync('redis-server', ['--version']).error ? 'redis-server is not installed (apt-get install redis-server)' : undefined;

export async function startRedisServer(): Promise<TestRedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    // No persistence: a restarted server starts empty, as after losing its memory.
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await waitForPort(port);
  };
  const kill = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  // A test that fails half-way must not leave its server running.
  process.once('exit', () => child?.kill('SIGKILL'));
  return { url: `redis://127.0.0.1:${port}`, kill, start };
}
