import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createS3Storage } from '../storage/s3-storage.ts';
import { createLocalStorage, type Storage } from '../storage/storage.ts';
import { startS3StandIn } from './s3-stand-in.ts';

export interface OpenedStorage {
  storage: Storage;
  close(): Promise<void>;
}

/**
 * Both storage adapters, for tests that must hold on each: local disk in a fresh temporary folder,
 * and S3 against a stand-in server (path-style PUT/GET/HEAD/DELETE) that checks what the adapter sends.
 */
export const storageBackends: { name: string; open(): Promise<OpenedStorage> }[] = [
  {
    name: 'local disk storage',
    async open() {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'lina-storage-'));
      return { storage: createLocalStorage(dir), close: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'S3-compatible storage',
    async open() {
      const standIn = await startS3StandIn();
      const storage = await createS3Storage({
        endpoint: standIn.endpoint,
        region: 'us-east-1',
        bucket: 'lina',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
      });
      return { storage, close: standIn.close };
    },
  },
];
