import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';

/** Where the first NUL character sits in a parsed value ('' for the value itself), or null. */
function pathOfNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  // Uploads arrive as raw bytes, where a zero byte is ordinary; deeper nesting is refused by the schemas.
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return itemPath.replaceAll('\u0000', '\\u0000');
    const found = pathOfNul(item, itemPath, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * PostgreSQL cannot store a NUL character in text and throws on one, so a NUL in any parameter or
 * body field is refused up front as a validation error naming the field, for every route alike.
 */
export function registerNulByteGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    const parts = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const;
    for (const [where, value] of parts) {
      const field = pathOfNul(value, '');
      if (field === null) continue;
      const name = field || where;
      return reply
        .status(400)
        .send(errorBody('validation_failed', `Invalid request ${where}: ${name}`, { [name]: 'Must not contain a NUL character' }));
    }
  });
}
