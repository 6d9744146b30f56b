import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InvalidStorageKeyError, type Storage } from '../../storage/storage.ts';
import { errorBody } from '../../http/errors.ts';
import { createPhotoVariantMaker } from '../../storage/photo-variants.ts';
import { route } from '../../http/route.ts';

const contentTypes: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
};

/** Public files (listing photos, profile pictures). Private files are served by their own features. */
export const mediaRoutes: FastifyPluginAsyncZod<{ storage: Storage }> = async (app, { storage }) => {
  const variants = createPhotoVariantMaker(storage);
  route(app, 'GET /api/media/public/*', async (request, reply) => {
    const key = `public/${request.params['*']}`;
    const type = contentTypes[path.extname(key).toLowerCase()];
    let file: { body: Readable | Buffer; size: number } | null = null;
    try {
      file = type ? await storage.get(key) : null;
      // A photo's AVIF or WebP variant that was never made (older photos) is made now, once.
      if (!file && type) {
        const made = await variants.make(key);
        if (made) file = { body: made, size: made.length };
      }
    } catch (error) {
      if (!(error instanceof InvalidStorageKeyError)) throw error;
    }
    if (!file || !type) return reply.status(404).send(errorBody('not_found', 'No such file'));
    // Stored files never change under the same key: a new upload gets a new key, new variant
    // settings a new version in the variants' names.
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    reply.header('Content-Type', type);
    reply.header('X-Content-Type-Options', 'nosniff');
    // SVGs are ours (seed art), but never let a stored file run script in our origin.
    reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    reply.header('Content-Length', file.size);
    return reply.send(file.body);
  });
};
