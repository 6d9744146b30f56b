import type { FastifyInstance } from 'fastify';

/**
 * Shutdown that never drops a request: on close the server stops accepting connections, requests
 * already received run to the end, and every answer from then on carries `Connection: close`.
 *
 * Node's server.close() also destroys idle keep-alive sockets at once; a request already on its way
 * over such a socket would then meet a reset, and the client cannot tell whether it ran. So idle
 * sockets stay open: a request that arrives on one while closing is read and answered 503 with
 * `Connection: close` (Fastify's return503OnClosing), telling the client to go to another instance.
 * Whatever is still open when the grace period ends is closed.
 */
export function registerGracefulClose(app: FastifyInstance, graceMs: number) {
  const server = app.server;
  const closeIdleConnections = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => undefined;

  let closing = false;
  let deadline: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    closing = true;
    deadline = setTimeout(() => {
      closeIdleConnections();
      server.closeAllConnections();
    }, graceMs);
    deadline.unref();
  });
  app.addHook('onClose', async () => clearTimeout(deadline));
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('Connection', 'close');
  });
}
