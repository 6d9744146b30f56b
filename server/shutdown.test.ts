import http from 'node:http';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createLocalStorage } from './storage/storage.ts';
import { openTestDatabase } from './test/test-app.ts';

const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
});

/** A listening app with a slow route, as main.ts runs it (SIGTERM calls app.close()). */
async function listeningApp(graceSeconds = 10) {
  const opened = await openTestDatabase();
  drops.push(opened.drop);
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SHUTDOWN_GRACE_SECONDS: String(graceSeconds) }),
    database: opened.database,
    storage: createLocalStorage('/tmp/lina-shutdown-test'),
  });
  const counts = { received: 0 };
  // A route of this test only: hidden, as the app accepts a route outside the endpoints map (decision 064).
  app.get('/api/test/slow', { schema: { hide: true } }, async (request) => {
    counts.received += 1;
    const ms = Number((request.query as { ms?: string }).ms ?? 300);
    await new Promise((resolve) => setTimeout(resolve, ms));
    const result = (await opened.database.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
    return { one: result.rows[0]?.one };
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, opened, address, port: Number(new URL(address).port), counts };
}

interface Answer {
  status: number;
  connection: string | undefined;
}

/** Resolves with the answer, or with the network error's code (a reset shows as ECONNRESET or a hang-up). */
function get(url: string, agent: http.Agent): Promise<Answer | { error: string }> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
}

/** Reads one HTTP response from a raw socket: its status and Connection header, or how the socket ended without one. */
function nextResponse(socket: net.Socket): Promise<Answer | { ended: string }> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const head = text.split('\r\n\r\n')[0]!;
      if (!text.includes('\r\n\r\n')) return;
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
      if (Buffer.byteLength(text.slice(head.length + 4)) < length) return;
      socket.off('data', onData);
      resolve({ status: Number(head.split(' ')[1]), connection: /connection: ([\w-]+)/i.exec(head)?.[1]?.toLowerCase() });
    };
    socket.on('data', onData);
    socket.once('error', (error) => resolve({ ended: (error as NodeJS.ErrnoException).code ?? 'error' }));
    socket.once('close', () => resolve({ ended: 'closed without an answer' }));
  });
}

const requestText = (port: number) => `GET /api/test/slow?ms=10 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`;

describe('graceful shutdown', () => {
  it('answers the requests in flight, then closes the database', async () => {
    const { app, opened, address } = await listeningApp();
    const inFlight = fetch(`${address}/api/test/slow?ms=400`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = app.close();

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ one: 1 });
    await closing;
    await expect(opened.database.db.execute(sql`select 1`)).rejects.toThrow();
  });

  it('with a burst in flight: received requests finish, later ones get 503 with Connection: close, none is reset', async () => {
    const { app, address, counts } = await listeningApp();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    // 8 run at once; the other 32 wait in the agent and go out on the same sockets as they free up.
    const burst = Array.from({ length: 40 }, () => get(`${address}/api/test/slow?ms=300`, agent));
    // Shutdown starts once the first 8 are being handled, however busy the machine is.
    while (counts.received < 8) await new Promise((resolve) => setTimeout(resolve, 5));
    const closing = app.close();

    const answers = await Promise.all(burst);
    const ok = answers.filter((answer) => 'status' in answer && answer.status === 200);
    const unavailable = answers.filter((answer) => 'status' in answer && answer.status === 503);
    // Requests that had not reached us find the port closed: never sent, so safe to send elsewhere.
    const notConnected = answers.filter((answer) => 'error' in answer && answer.error === 'ECONNREFUSED');
    expect(ok.length).toBeGreaterThanOrEqual(8);
    expect(ok.length + unavailable.length + notConnected.length, JSON.stringify(answers)).toBe(answers.length);
    for (const answer of [...ok, ...unavailable]) expect(answer).toMatchObject({ connection: 'close' });
    await closing;
    agent.destroy();
    // No new connections once closed.
    await expect(fetch(`${address}/api/health`)).rejects.toThrow();
  });

  it('never resets an idle keep-alive connection whose next request is on its way', async () => {
    const { app, port } = await listeningApp();
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(requestText(port));
    expect(await nextResponse(socket)).toMatchObject({ status: 200 });

    // The socket is idle now. Shutdown starts; the client's next request crosses it on the wire.
    const closing = app.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const answer = nextResponse(socket);
    socket.write(requestText(port));
    expect(await answer).toEqual({ status: 503, connection: 'close' });
    await closing;
    socket.destroy();
  });

  it('closes what is still open when the grace period ends', async () => {
    const { app, port } = await listeningApp(1);
    const idle = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => idle.once('connect', resolve));
    idle.write(requestText(port));
    await nextResponse(idle);
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(Date.now() - started).toBeLessThan(5000);
    idle.destroy();
  });
});
