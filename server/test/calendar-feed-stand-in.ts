import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stand-in for other sites' calendar servers: each path answers as its handler says, and counts its requests. */
export function startFeedServer() {
  const handlers = new Map<string, http.RequestListener>();
  const hits = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const handler = handlers.get(path);
    if (handler) handler(request, response);
    else response.writeHead(404).end();
  });
  return new Promise<{ url: (path: string) => string; handlers: typeof handlers; hits: typeof hits; close: () => Promise<void> }>(
    (resolve) => {
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        resolve({
          url: (path) => `http://127.0.0.1:${port}${path}`,
          handlers,
          hits,
          close: () => new Promise((done) => server.close(() => done())),
        });
      });
    },
  );
}

/** A calendar of the given VEVENTs, as other sites serve them (CRLF lines). */
export const ics = (...events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Other site//EN', ...events, 'END:VCALENDAR'].join('\r\n') + '\r\n';

/** A handler answering 200 with the body as text/calendar. */
export const serve =
  (body: string, headers: Record<string, string> = {}): http.RequestListener =>
  (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/calendar', ...headers }).end(body);
  };
