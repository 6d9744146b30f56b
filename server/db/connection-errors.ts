/**
 * Why the database cannot be reached, when `error` says so (its code or message), rather than that
 * a statement was wrong; undefined otherwise. A request that failed so may well succeed in a moment:
 * it is answered 503 with Retry-After instead of 500 (server/http/errors.ts,
 * docs/decisions/035-redis-and-database-outages.md).
 *
 * PostgreSQL (node-postgres): the server refused or dropped the connection (ECONNREFUSED,
 * ECONNRESET, ...), it is shutting down or starting (57P01 admin_shutdown, 57P02 crash_shutdown,
 * 57P03 cannot_connect_now), it has no connection slot left (53300), a connection exception
 * (SQLSTATE class 08), or the pool's own "Connection terminated" when the socket closed under a
 * query. Drizzle wraps a failed query's error in its own, with the driver's as `cause`. The embedded
 * database has no connection to lose.
 */
export function databaseUnavailableReason(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (networkCodes.has(code) || serverCodes.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return code;
    const { message } = current;
    if (lostConnectionMessages.some((lost) => message.startsWith(lost))) return message;
    // Several addresses tried (IPv4 and IPv6 of localhost), each refused.
    if (current instanceof AggregateError) {
      const reason = current.errors.map(databaseUnavailableReason).find(Boolean);
      if (reason) return reason;
    }
  }
  return undefined;
}

/** Node's socket errors: nobody listening, the connection reset or timed out, the host unreachable or unknown. */
const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** SQLSTATE: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections. */
const serverCodes = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres's messages for a connection that closed under it. */
const lostConnectionMessages = ['Connection terminated', 'Client has encountered a connection error and is not queryable'];
