import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageBackends, type OpenedStorage } from '../test/storage-backends.ts';
import { createLocalStorage, InvalidStorageKeyError, type Storage } from './storage.ts';

async function readAll(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString();
}

function behavesAsStorage(name: string, open: () => Promise<OpenedStorage>) {
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

for (const backend of storageBackends) behavesAsStorage(backend.name, backend.open);

describe('storage keys', () => {
  it('refuses keys that climb out of the storage root', async () => {
    const storage = createLocalStorage(os.tmpdir());
    for (const key of ['../etc/passwd', '/etc/passwd', 'public/../../x', 'a\\b', '']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(InvalidStorageKeyError);
    }
  });
});
