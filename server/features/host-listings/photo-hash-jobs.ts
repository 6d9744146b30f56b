import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
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

type HashColumns = Pick<typeof propertyPhotos.$inferInsert, 'perceptualHash' | 'mirrorHash' | 'colourSignature' | 'hashedAt'>;

/**
 * Hashes photos stored before hashing existed (and any whose hash a crash left out): claims a batch
 * with FOR UPDATE SKIP LOCKED, so several instances share the work, reads each distinct file once
 * and writes its hashes. A file that is missing or does not decode is marked hashed with no hash,
 * never retried. Once the batch is committed, the other unhashed rows of the same files (the demo's
 * illustrations are shared by hundreds of listings) take the same hashes in one conditional update,
 * outside the batch's locks so that two instances never wait on each other. Backfilled photos are
 * not compared with others: they were approved before (decision 052). Returns how many rows it hashed.
 */
export async function hashUnhashedPhotos(db: Database, storage: Storage, now = new Date()): Promise<number> {
  const hashed = await db.transaction(async (tx) => {
    const claimed = await tx
      .select({ id: propertyPhotos.id, storageKey: propertyPhotos.storageKey })
      .from(propertyPhotos)
      .where(isNull(propertyPhotos.hashedAt))
      .orderBy(propertyPhotos.id)
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const byKey = new Map<string, HashColumns>();
    for (const key of new Set(claimed.map((photo) => photo.storageKey))) {
      const file = await storage.get(key).catch(() => null);
      const data = file ? await readAll(file.body) : null;
      const hashes = data ? await photoHashes(data) : null;
      const columns: HashColumns = {
        perceptualHash: hashes?.hash ?? null,
        mirrorHash: hashes?.mirrorHash ?? null,
        colourSignature: hashes?.colours ?? null,
        hashedAt: now,
      };
      byKey.set(key, columns);
    }
    for (const photo of claimed) {
      await tx.update(propertyPhotos).set(byKey.get(photo.storageKey)!).where(eq(propertyPhotos.id, photo.id));
    }
    return { count: claimed.length, byKey };
  });
  let shared = 0;
  for (const [key, columns] of hashed.byKey) {
    // Only rows still unhashed: a conditional update, safe however many instances run it.
    const rows = await db
      .update(propertyPhotos)
      .set(columns)
      .where(and(eq(propertyPhotos.storageKey, key), isNull(propertyPhotos.hashedAt)))
      .returning({ id: propertyPhotos.id });
    shared += rows.length;
  }
  return hashed.count + shared;
}

/** Runs the backfill on every instance until nothing is left, then looks again now and then. */
export function schedulePhotoHashing(app: FastifyInstance, db: Database, storage: Storage, everyMs = 60_000) {
  let running = false;
  let closing = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      // One batch after another while there is a backlog, letting requests through in between.
      while (!closing && (await hashUnhashedPhotos(db, storage)) > 0) {
        await new Promise((resolve) => setImmediate(resolve));
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
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
  });
}
