import type { Photo } from '../../core/contracts/common.ts';

/** The address a stored file is served at, for keys under 'public/' only; private files have none. */
export function publicUrlOf(key: string | null | undefined): string | null {
  return key?.startsWith('public/') ? `/api/media/${key}` : null;
}

/** A stored photo as the API answers it: its public address and size; null when it is not public. */
export function publicPhotoOf(stored: { key: string; width: number | null; height: number | null } | null | undefined): Photo | null {
  const url = publicUrlOf(stored?.key);
  return url && stored ? { url, width: stored.width, height: stored.height } : null;
}
