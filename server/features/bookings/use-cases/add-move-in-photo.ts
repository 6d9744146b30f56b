import { randomUUID } from 'node:crypto';
import type { MoveInReport } from '../../../../core/contracts/move-in.ts';
import { DomainError } from '../../../../core/domain-error.ts';
import { maxMoveInPhotos } from '../../../../core/move-in-rules.ts';
import { encodeWebpVariants, maxImagePixels } from '../../../storage/image-processing.ts';
import { sniffFileType } from '../../../storage/sniff-file-type.ts';
import type { Storage } from '../../../storage/storage.ts';
import { insertPhoto, lockOpenReport, reportById, stayOfReport } from '../move-in-repository.ts';
import type { BookingDeps } from './booking-deps.ts';
import { reportView } from './move-in-view.ts';

/** A report's photo is looked at closely by an admin: the gallery size of listing photos. */
const photoSide = 1600;

/**
 * The guest adds a photo to their open report (POST /api/move-in-reports/:id/photos, the image as
 * the body). Checked by content and re-encoded as WebP like every uploaded photo (no EXIF location,
 * nothing appended travels), kept under a private key the stay's guest, host and admins read
 * through an authorised route. At most six per report; none once it is decided.
 */
export async function addMoveInPhoto(
  deps: Pick<BookingDeps, 'db' | 'log'> & { storage: Storage },
  guestId: string,
  reportId: string,
  upload: unknown,
): Promise<MoveInReport> {
  const report = await reportById(deps.db, reportId);
  const stay = report ? await stayOfReport(deps.db, report.bookingId) : undefined;
  if (!report || !stay || stay.guestId !== guestId) throw new DomainError('move_in_report_not_found', 'No such report');
  if (report.status !== 'open') throw new DomainError('move_in_report_decided', 'This report has been decided');
  const type = Buffer.isBuffer(upload) ? sniffFileType(upload) : null;
  if (!Buffer.isBuffer(upload) || !type || type.mime === 'application/pdf') throw new DomainError('invalid_image', 'Error uploading image');
  const encoded = await encodeWebpVariants(upload, [{ maxSide: photoSide, quality: 80 }]);
  if ('problem' in encoded) {
    if (encoded.problem === 'too_many_pixels')
      throw new DomainError('image_too_large', `The image has more than ${maxImagePixels / 1_000_000} million pixels`);
    throw new DomainError('invalid_image', 'Error uploading image');
  }
  const photo = encoded[0]!;
  const key = `private/move-in-reports/${reportId}/${randomUUID()}.webp`;
  await deps.storage.put(key, photo.data, 'image/webp');
  const added = await deps.db.transaction(async (tx) => {
    const locked = await lockOpenReport(tx, reportId);
    if (!locked) return 'move_in_report_decided' as const;
    if (locked.photos >= maxMoveInPhotos) return 'move_in_too_many_photos' as const;
    await insertPhoto(tx, { reportId, storageKey: key, width: photo.width, height: photo.height });
    return null;
  });
  if (added) {
    // Refused after storing (decided or full meanwhile): the file is nobody's.
    await deps.storage.remove(key).catch((error: unknown) => deps.log.warn({ err: error }, 'move-in photo not removed'));
    throw new DomainError(
      added,
      added === 'move_in_too_many_photos' ? `At most ${maxMoveInPhotos} photos` : 'This report has been decided',
    );
  }
  return reportView(deps.db, (await reportById(deps.db, reportId))!);
}
