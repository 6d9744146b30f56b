/** What a file really is, from its first bytes; the name and the browser's claim are not trusted. */
export type SniffedType =
  | { mime: 'image/jpeg'; ext: 'jpg' }
  | { mime: 'image/png'; ext: 'png' }
  | { mime: 'image/webp'; ext: 'webp' }
  | { mime: 'application/pdf'; ext: 'pdf' };

const startsWith = (data: Buffer, bytes: number[], offset = 0) => bytes.every((byte, i) => data[offset + i] === byte);

export function sniffFileType(data: Buffer): SniffedType | null {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' };
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', ext: 'png' };
  if (startsWith(data, [0x52, 0x49, 0x46, 0x46]) && startsWith(data, [0x57, 0x45, 0x42, 0x50], 8))
    return { mime: 'image/webp', ext: 'webp' };
  if (startsWith(data, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { mime: 'application/pdf', ext: 'pdf' };
  return null;
}

export const maxUploadBytes = 10 * 1024 * 1024;
