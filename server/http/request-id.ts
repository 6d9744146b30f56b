import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** An incoming id is kept only if it is a short plain token: anything else could forge or flood log lines. */
const safeRequestId = /^[\w-]{1,64}$/;

/**
 * Fastify options giving every request an id: the caller's (a proxy's) X-Request-Id when it is safe,
 * else a new UUID. Fastify puts it on every log line of the request as `reqId`.
 */
export const requestIdOptions = {
  requestIdHeader: false as const,
  genReqId(request: IncomingMessage): string {
    const incoming = request.headers['x-request-id'];
    return typeof incoming === 'string' && safeRequestId.test(incoming) ? incoming : randomUUID();
  },
};

/** Every answer, errors and 404s included, names its request so a user's report can be found in the logs. */
export function registerRequestIdHeader(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
}
