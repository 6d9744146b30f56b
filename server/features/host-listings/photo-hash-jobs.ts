import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { propertyPhotos } from '../../db/schema.ts';
import { photoHashes } from '../../storage/photo-hash.ts';
import { maxUploadBytes } from '../../storage/sniff-file-type.ts';
import type { Storage } from '../../storage/storage.ts';

/** Photos hashed per transaction: each is read from storage while its row is locked. */
const batchSize = 10;

async function readAll(body: Readable): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    // A stored photo is at most an upload's size; anything larger is not read into memory.
    if (size > maxUploadBytes) return null;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Hashes photos stored before hashing existed (and any whose hash a crash left out): claims a batch
 * with FOR UPDATE SKIP LOCKED, so several instances share the work, reads each file and writes its
 * hashes. A file that is missing or does not decode is marked hashed with no hash, never retried.
 * Backfilled photos are not compared with others: they were approved before (decision 052).
 * Returns how many photos it looked at.
 */
export async function hashUnhashedPhotos(db: Database, storage: Storage, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .select({ id: propertyPhotos.id, storageKey: propertyPhotos.storageKey })
      .from(propertyPhotos)
      .where(sql`${propertyPhotos.hashedAt} is null`)
      .orderBy(propertyPhotos.id)
      .limit(batchSize)
      .for('update', { skipLocked: true });
    for (const photo of claimed) {
      const file = await storage.get(photo.storageKey).catch(() => null);
      const data = file ? await readAll(file.body) : null;
      const hashes = data ? await photoHashes(data) : null;
      await tx
        .update(propertyPhotos)
        .set({
          perceptualHash: hashes?.hash ?? null,
          mirrorHash: hashes?.mirrorHash ?? null,
          colourSignature: hashes?.colours ?? null,
          hashedAt: now,
        })
        .where(eq(propertyPhotos.id, photo.id));
    }
    return claimed.length;
  });
}

/** Runs the backfill on every instance until nothing is left, then looks again now and then. */
export function schedulePhotoHashing(app: FastifyInstance, db: Database, storage: Storage, everyMs = 60_000) {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      while ((await hashUnhashedPhotos(db, storage)) > 0) {
        // One batch after another while there is a backlog.
      }
    } catch (error) {
      app.log.error({ err: error }, 'photo hashing failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  app.addHook('onReady', async () => void run());
  app.addHook('onClose', async () => clearInterval(timer));
}
