import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn } from '../test/s3-stand-in.ts';
import { createS3Storage } from './s3-storage.ts';
import { createLocalStorage, InvalidStorageKeyError, type Storage } from './storage.ts';

async function readAll(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString();
}

function behavesAsStorage(name: string, open: () => Promise<{ storage: Storage; close(): Promise<void> }>) {
  describe(name, () => {
    let storage: Storage;
    let close: () => Promise<void>;
    beforeAll(async () => ({ storage, close } = await open()));
    afterAll(() => close());

    it('puts, reads, checks and removes a file', async () => {
      await storage.put('public/a/b.txt', Buffer.from('hello'), 'text/plain');
      expect(await storage.exists('public/a/b.txt')).toBe(true);
      const file = await storage.get('public/a/b.txt');
      expect(file?.size).toBe(5);
      expect(await readAll(file!.body)).toBe('hello');
      await storage.remove('public/a/b.txt');
      expect(await storage.exists('public/a/b.txt')).toBe(false);
      expect(await storage.get('public/a/b.txt')).toBeNull();
    });
  });
}

behavesAsStorage('local disk storage', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lina-local-'));
  return { storage: createLocalStorage(dir), close: async () => rmSync(dir, { recursive: true, force: true }) };
});

// A stand-in for an S3-compatible server (path-style PUT/GET/HEAD/DELETE), to check what the adapter sends.
behavesAsStorage('S3-compatible storage', async () => {
  const standIn = await startS3StandIn();
  const storage = await createS3Storage({
    endpoint: standIn.endpoint,
    region: 'us-east-1',
    bucket: 'lina',
    accessKeyId: 'key',
    secretAccessKey: 'secret',
  });
  return { storage, close: standIn.close };
});

describe('storage keys', () => {
  it('refuses keys that climb out of the storage root', async () => {
    const storage = createLocalStorage(os.tmpdir());
    for (const key of ['../etc/passwd', '/etc/passwd', 'public/../../x', 'a\\b', '']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(InvalidStorageKeyError);
    }
  });
});
