import { inspectImage } from './image-processing.ts';
import { sniffFileType, type SniffedType } from './sniff-file-type.ts';

/**
 * What an uploaded document (an ID, a deed, a lease, a licence) really is, judged by its content:
 * a PDF, or a JPEG or PNG that would not decode to a huge bitmap; null for anything else, whatever
 * the browser claimed. Documents are kept byte for byte (private, and what an admin reviews is what
 * was sent), so this check is all that stands between an upload and storage.
 */
export async function documentTypeOf(
  upload: unknown,
): Promise<(SniffedType & { mime: 'application/pdf' | 'image/jpeg' | 'image/png' }) | null> {
  const type = Buffer.isBuffer(upload) ? sniffFileType(upload) : null;
  if (!Buffer.isBuffer(upload) || !type || type.mime === 'image/webp') return null;
  if (type.mime !== 'application/pdf' && 'problem' in (await inspectImage(upload))) return null;
  return type;
}

/** The Content-Type a stored document is served with, from the extension its key was given. */
export function documentContentType(key: string): string {
  const ext = key.split('.').pop();
  return ext === 'pdf' ? 'application/pdf' : ext === 'png' ? 'image/png' : 'image/jpeg';
}
