import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { PlaceDocumentKind } from '../../../core/constants.ts';
import { mayUploadPlaceDocument, placeDocumentKindsFor } from '../../../core/place-verification-rules.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { documentTypeOf } from '../../storage/document-check.ts';
import type { Storage } from '../../storage/storage.ts';
import type { ListingRow } from './host-listings-repository.ts';
import { submitPlaceDocument } from './place-document-repository.ts';

const inProgress = () => new HttpError(409, 'place_verification_in_progress', "This place's document is already under review or verified.");

/**
 * A host sends the proof of the right to let a listing (a deed or a lease for a home, a business
 * licence for a hotel): JPEG, PNG or PDF, checked by content like an ID document (400
 * invalid_document otherwise), kept byte for byte under a private key an admin reads through an
 * authorised link. 409 place_verification_in_progress while one is under review or once verified.
 * The rejected document it replaces is deleted: nobody needs an old copy of someone's lease.
 */
export async function storePlaceDocument(
  db: Database,
  storage: Storage,
  log: FastifyBaseLogger,
  row: ListingRow,
  kind: PlaceDocumentKind,
  upload: unknown,
  now = new Date(),
) {
  if (!mayUploadPlaceDocument(row.placeVerification)) throw inProgress();
  if (!placeDocumentKindsFor(row.propertyType).includes(kind)) {
    throw new HttpError(
      400,
      'validation_failed',
      `A ${row.propertyType} is proved by: ${placeDocumentKindsFor(row.propertyType).join(', ')}`,
      {
        kind: 'invalid',
      },
    );
  }
  const type = await documentTypeOf(upload);
  if (!type || !Buffer.isBuffer(upload)) throw new HttpError(400, 'invalid_document', 'Error uploading document');
  const key = `private/place-documents/${row.id}/${kind}-${now.getTime()}-${randomBytes(6).toString('hex')}.${type.ext}`;
  await storage.put(key, upload, type.mime);
  const forget = (file: string) => storage.remove(file).catch((error: unknown) => log.warn({ err: error }, 'place document not removed'));
  const submitted = await submitPlaceDocument(db, row.id, key, kind, now);
  if (!submitted) {
    // Another upload was accepted meanwhile: this one is nobody's.
    await forget(key);
    throw inProgress();
  }
  if (submitted.previous && submitted.previous !== key) await forget(submitted.previous);
}
