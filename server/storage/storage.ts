import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where files live. Keys are relative paths such as 'photos/seed/hotel-01.svg'; keys under
 * 'public/' may be served to anyone, every other key only through a route that checks who asks.
 */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when there is no such file. */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  /** Throws unless the store answers (GET /api/ready); local disk has nothing to check. */
  check?(signal?: AbortSignal): Promise<void>;
}

export class InvalidStorageKeyError extends Error {}

function checkKey(key: string): string {
  const normalized = path.posix.normalize(key);
  if (!key || normalized !== key || key.startsWith('/') || key.startsWith('..') || key.includes('\\')) {
    throw new InvalidStorageKeyError(`Invalid storage key: ${key}`);
  }
  return key;
}

export function createLocalStorage(rootDir: string): Storage {
  const fileOf = (key: string) => path.join(rootDir, checkKey(key));
  return {
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { body: createReadStream(file), size: info.size };
      } catch {
        return null;
      }
    },
    async exists(key) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch {
        return false;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
