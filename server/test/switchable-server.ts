import type { Server } from 'node:net';

/**
 * Lets a stand-in's server go down and come back on the same address, keeping what it holds (a
 * fault test's "the S3 server is down"): down, connections are refused (the port is closed and
 * open connections are cut); up, it listens on the same port again.
 */
export function switchable(server: Server, options: { port?: number; dropConnections: () => void }) {
  let port = options.port ?? 0;
  let up = false;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        port = (server.address() as { port: number }).port;
        up = true;
        resolve();
      });
    });
  const close = () =>
    new Promise<void>((resolve) => {
      if (!up) return resolve();
      up = false;
      server.close(() => resolve());
      options.dropConnections();
    });
  return {
    listen,
    get port() {
      return port;
    },
    /** Refuses connections until comeUp. */
    goDown: close,
    /** Listens again on the same port. */
    comeUp: () => (up ? Promise.resolve() : listen()),
    close,
  };
}
