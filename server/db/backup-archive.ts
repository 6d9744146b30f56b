import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Settings } from '../storage/s3-storage.ts';
import { BackupError } from './backup.ts';

/**
 * db:backup folders kept in an S3 bucket (docs/decisions/038-read-replica-and-backups.md): the folder
 * made at 2026-11-27T03:00:00Z is stored under `<prefix>2026-11-27T03-00-00Z/`, one object per file.
 * manifest.json is uploaded last, so an archive without one is unfinished (a run that died) and
 * is neither restored nor counted as the latest; retention removes it with the rest.
 * The prefix must stay outside `public/`, the only keys the media route serves to anyone.
 */
export interface BackupArchive {
  name: string;
  createdAt: Date;
  complete: boolean;
}

export interface BackupStore {
  /** Every archive under the prefix, oldest first. */
  list(): Promise<BackupArchive[]>;
  /** Uploads a db:backup folder; returns the archive's name. */
  upload(folder: string, createdAt: Date): Promise<string>;
  /** Downloads an archive (a name, or "latest": the newest complete one) into an empty folder; returns its name. */
  download(name: string, folder: string): Promise<string>;
  remove(name: string): Promise<void>;
}

const manifestFile = 'manifest.json';

/** 2026-11-27T03:00:00.000Z -> 2026-11-27T03-00-00Z: sorts by time, and needs no escaping in a key. */
export function archiveName(createdAt: Date): string {
  return createdAt
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
}

function timeOfName(name: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z$/.exec(name);
  if (!match) return null;
  const time = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`);
  return Number.isNaN(time.getTime()) ? null : time;
}

export async function createBackupStore(settings: S3Settings, prefix: string): Promise<BackupStore> {
  const { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: Boolean(settings.endpoint),
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // A dump is streamed from disk with its length: a plain signed PUT, not the SDK's chunked
    // checksum encoding, which some S3-compatible stores do not take.
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;

  async function keysUnder(keyPrefix: string): Promise<string[]> {
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: keyPrefix, ContinuationToken }));
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys;
  }

  const store: BackupStore = {
    async list() {
      const archives = new Map<string, BackupArchive>();
      for (const key of await keysUnder(prefix)) {
        const [name, ...rest] = key.slice(prefix.length).split('/');
        const createdAt = timeOfName(name ?? '');
        if (!name || !createdAt) continue; // not ours
        const archive = archives.get(name) ?? { name, createdAt, complete: false };
        if (rest.join('/') === manifestFile) archive.complete = true;
        archives.set(name, archive);
      }
      return [...archives.values()].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    },
    async upload(folder, createdAt) {
      const name = archiveName(createdAt);
      const files = (await readdir(folder, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
        // The manifest last: its presence says every other file is there.
        .sort((a, b) => Number(a === manifestFile) - Number(b === manifestFile));
      for (const file of files) {
        const full = path.join(folder, file);
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: `${prefix}${name}/${file}`,
            Body: createReadStream(full),
            ContentLength: (await stat(full)).size,
            ContentType: file === manifestFile ? 'application/json' : 'application/octet-stream',
          }),
        );
      }
      return name;
    },
    async download(wanted, folder) {
      const complete = (await store.list()).filter((archive) => archive.complete);
      const archive = wanted === 'latest' ? complete.at(-1) : complete.find((candidate) => candidate.name === wanted);
      if (!archive) {
        const known = complete.map((candidate) => candidate.name).join(', ') || 'none';
        throw new BackupError(`There is no complete backup "${wanted}" under s3://${Bucket}/${prefix} (complete backups: ${known}).`);
      }
      await mkdir(folder, { recursive: true });
      if ((await readdir(folder)).length > 0) throw new BackupError(`${folder} is not empty.`);
      const archivePrefix = `${prefix}${archive.name}/`;
      for (const key of await keysUnder(archivePrefix)) {
        const file = key.slice(archivePrefix.length);
        if (file === '' || file.endsWith('/')) continue; // a folder marker some tools make
        const target = path.resolve(folder, file);
        // A key is a name someone else chose: it must not write outside the folder.
        if (!target.startsWith(path.resolve(folder) + path.sep)) throw new BackupError(`Refusing the key ${key}: it leaves the folder.`);
        await mkdir(path.dirname(target), { recursive: true });
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        await pipeline(object.Body as Readable, createWriteStream(target));
      }
      return archive.name;
    },
    async remove(name) {
      for (const key of await keysUnder(`${prefix}${name}/`)) await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
  return store;
}

export interface RetentionPolicy {
  /** The newest archive of each of the last N days (UTC). */
  daily: number;
  /** The newest of each of the last N weeks (Monday to Sunday, UTC). */
  weekly: number;
  /** The newest of each of the last N calendar months (UTC). */
  monthly: number;
}

/**
 * The archives to delete: every one that is not the newest of a kept day, week or month, and every
 * unfinished one older than a day (a run that died; a younger one may still be uploading). The
 * newest complete archive is always kept, however old.
 */
export function archivesToDelete(archives: BackupArchive[], policy: RetentionPolicy, now: Date): BackupArchive[] {
  const complete = archives.filter((archive) => archive.complete).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const keep = new Set<string>();
  if (complete[0]) keep.add(complete[0].name);
  const day = (time: Date) => Math.floor(time.getTime() / 86_400_000);
  // 1970-01-01 was a Thursday: shifting by 3 days makes weeks start on Monday.
  const week = (time: Date) => Math.floor((day(time) + 3) / 7);
  const month = (time: Date) => time.getUTCFullYear() * 12 + time.getUTCMonth();
  for (const [bucketOf, count] of [
    [day, policy.daily],
    [week, policy.weekly],
    [month, policy.monthly],
  ] as const) {
    const seen = new Set<number>();
    for (const archive of complete) {
      const bucket = bucketOf(archive.createdAt);
      if (bucketOf(now) - bucket >= count || seen.has(bucket)) continue;
      seen.add(bucket);
      keep.add(archive.name);
    }
  }
  return archives.filter(
    (archive) => !keep.has(archive.name) && (archive.complete || now.getTime() - archive.createdAt.getTime() > 86_400_000),
  );
}
