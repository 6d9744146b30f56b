/** The address a stored file is served at, for keys under 'public/' only; private files have none. */
export function publicUrlOf(key: string | null | undefined): string | null {
  return key?.startsWith('public/') ? `/api/media/${key}` : null;
}
