import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { mayUploadIdDocument } from '../../../core/profile-schemas.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { documentTypeOf } from '../../storage/document-check.ts';
import { encodeWebpVariants, maxImagePixels } from '../../storage/image-processing.ts';
import { sniffFileType } from '../../storage/sniff-file-type.ts';
import type { Storage } from '../../storage/storage.ts';
import { findProfile, setProfileImageKey, submitIdDocument } from './profile-repository.ts';

/** Profile photos are shown small and round: one stored size is enough. */
const avatarSide = 512;

/**
 * Replaces the user's profile photo with an uploaded JPEG, PNG or WebP (400 invalid_image
 * otherwise, image_too_large past the pixel limit). The photo is served to anyone, so it is
 * re-encoded: no EXIF location or appended bytes travel with it. The previous file is removed.
 */
export async function replaceProfilePhoto(db: Database, storage: Storage, userId: string, upload: unknown, log: FastifyBaseLogger) {
  const type = Buffer.isBuffer(upload) ? sniffFileType(upload) : null;
  if (!Buffer.isBuffer(upload) || !type || type.mime === 'application/pdf') {
    throw new HttpError(400, 'invalid_image', 'Error uploading image');
  }
  const encoded = await encodeWebpVariants(upload, [{ maxSide: avatarSide, quality: 82 }]);
  if ('problem' in encoded) {
    if (encoded.problem === 'too_many_pixels') {
      throw new HttpError(400, 'image_too_large', `The image has more than ${maxImagePixels / 1_000_000} million pixels`);
    }
    throw new HttpError(400, 'invalid_image', 'Error uploading image');
  }
  const previous = (await findProfile(db, userId))?.profileImageKey;
  const key = `public/profile-images/${userId}/${randomBytes(12).toString('hex')}.webp`;
  await storage.put(key, encoded[0]!.data, 'image/webp');
  await setProfileImageKey(db, userId, key);
  if (previous) await storage.remove(previous).catch((error: unknown) => log.warn({ err: error }, 'old photo not removed'));
}

/**
 * Submits an ID document (JPEG, PNG or PDF; 400 invalid_document otherwise) for an admin to review;
 * 409 verification_in_progress while one is under review or once the user is verified. Images are
 * kept byte for byte (private, and what the admin reviews is what was sent), but one that would
 * decode to a huge bitmap is refused before anyone opens it. Once the new one is accepted, the one it
 * replaces (a rejected document) is deleted: nobody needs an old copy of someone's passport.
 */
export async function storeIdDocument(
  db: Database,
  storage: Storage,
  userId: string,
  upload: unknown,
  log: FastifyBaseLogger,
  now = new Date(),
) {
  const current = await findProfile(db, userId);
  if (!mayUploadIdDocument(current?.idVerificationStatus)) {
    throw new HttpError(409, 'verification_in_progress', 'Your ID is already under review or verified.');
  }
  const type = await documentTypeOf(upload);
  if (!type || !Buffer.isBuffer(upload)) throw new HttpError(400, 'invalid_document', 'Error uploading document');
  const key = `private/id-documents/${userId}/id-document-${now.getTime()}-${randomBytes(6).toString('hex')}.${type.ext}`;
  await storage.put(key, upload, type.mime);
  const forget = (file: string) => storage.remove(file).catch((error: unknown) => log.warn({ err: error }, 'ID document not removed'));
  if (!(await submitIdDocument(db, userId, key, now))) {
    // Another upload was accepted meanwhile: this one is nobody's.
    await forget(key);
    throw new HttpError(409, 'verification_in_progress', 'Your ID is already under review or verified.');
  }
  const previous = current?.idDocumentKey;
  if (previous && previous !== key) await forget(previous);
}
