import sharp from 'sharp';
import { maxImagePixels } from './image-processing.ts';

/**
 * Perceptual hashes of listing photos, to find a photo reused from another listing (issue 39,
 * docs/decisions/052-verified-places.md). A pHash: the image in grayscale at 32×32, its 2-D DCT, and
 * one bit per coefficient of the 8×8 lowest frequencies (above or below their median). Low
 * frequencies survive what copying does to a photo: re-encoding (JPEG, WebP), resizing, a crop of a
 * few percent. The hash of the mirrored image is kept too, so a mirrored copy matches.
 *
 * Calibrated on the demo's 36 illustrations and on synthetic photos (photo-hash.test.ts): copies
 * (JPEG quality 30, WebP, resized, mirrored) are at most 4 bits away, a crop of 3-4 % at most 16-18;
 * different scenes are at least 20 bits apart. Rooms with the same layout come closer, so the
 * colours decide too (colourThreshold).
 */

/** The side of the grayscale image the DCT reads. */
export const hashSide = 32;
/** The side of the block of low frequencies kept: 8×8 = 64 bits. */
const kept = 8;

/** Two photos at most this many bits apart (either way round) may be the same photo... */
export const matchThreshold = 16;
/**
 * ...when their colours agree too: the mean colour of each quarter of the picture differs by at most
 * this much (0-255 per channel, on average). Grayscale structure alone finds two photos of rooms with
 * the same layout alike (wall, floor, window where they always are); their colours tell them apart,
 * while a copy keeps its colours (a crop moves a quarter's mean by 6 at most).
 */
export const colourThreshold = 12;
/** Bits per channel of a quarter's mean colour in the stored signature: 4 quarters × 3 channels × 5 bits = 60 bits. */
const colourBits = 5;

const cosines: number[][] = Array.from({ length: kept }, (_, u) =>
  Array.from({ length: hashSide }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * hashSide))),
);

/**
 * The pHash of a hashSide×hashSide grayscale image (row by row, one byte per pixel), read mirrored
 * left to right when asked. A pure function over pixels: the same pixels give the same 64 bits.
 */
export function perceptualHashOfPixels(gray: Uint8Array, mirrored = false): bigint {
  if (gray.length !== hashSide * hashSide) throw new Error(`Expected ${hashSide}×${hashSide} pixels`);
  const at = (x: number, y: number) => gray[y * hashSide + (mirrored ? hashSide - 1 - x : x)]!;
  const coefficients: number[] = [];
  for (let v = 0; v < kept; v++) {
    for (let u = 0; u < kept; u++) {
      let sum = 0;
      for (let y = 0; y < hashSide; y++) {
        const cy = cosines[v]![y]!;
        for (let x = 0; x < hashSide; x++) sum += at(x, y) * cosines[u]![x]! * cy;
      }
      coefficients.push(sum);
    }
  }
  // The median of the 63 coefficients after the first (the mean brightness, which says nothing of the picture).
  const median = coefficients.slice(1).sort((a, b) => a - b)[31]!;
  let bits = 0n;
  for (const coefficient of coefficients) bits = (bits << 1n) | (coefficient > median ? 1n : 0n);
  // Stored in a PostgreSQL bigint, which is signed.
  return BigInt.asIntN(64, bits);
}

/** How many of the 64 bits differ. */
export function hammingDistance(a: bigint, b: bigint): number {
  let diff = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (diff) {
    count += Number(diff & 1n);
    diff >>= 1n;
  }
  return count;
}

export interface PhotoHashes {
  hash: bigint;
  mirrorHash: bigint;
  /** The mean colour of each quarter (top left, top right, bottom left, bottom right), 5 bits per channel. */
  colours: bigint;
}

/**
 * The mean colour of each quarter of an RGB image (row by row, 3 bytes per pixel), packed in 60 bits;
 * mirrored swaps left and right.
 */
export function colourSignatureOfPixels(rgb: Uint8Array, width: number, height: number, mirrored = false): bigint {
  let packed = 0n;
  for (const [top, left] of [
    [0, 0],
    [0, 1],
    [1, 0],
    [1, 1],
  ] as const) {
    const column = mirrored ? 1 - left : left;
    const sums = [0, 0, 0];
    let count = 0;
    for (let y = top * Math.floor(height / 2); y < (top + 1) * Math.floor(height / 2); y++) {
      for (let x = column * Math.floor(width / 2); x < (column + 1) * Math.floor(width / 2); x++) {
        for (let channel = 0; channel < 3; channel++) sums[channel]! += rgb[(y * width + x) * 3 + channel]!;
        count++;
      }
    }
    for (const sum of sums) packed = (packed << BigInt(colourBits)) | BigInt(Math.round(sum / count) >> (8 - colourBits));
  }
  return packed;
}

/** The average difference, 0-255, between two colour signatures' 12 values. */
export function colourDistance(a: bigint, b: bigint): number {
  const mask = (1n << BigInt(colourBits)) - 1n;
  let total = 0;
  for (let index = 0; index < 12; index++) {
    const shift = BigInt(index * colourBits);
    total += Math.abs(Number((a >> shift) & mask) - Number((b >> shift) & mask));
  }
  return (total / 12) * (1 << (8 - colourBits));
}

/** Swaps the left and right quarters of a colour signature: the signature of the mirrored image. */
export function mirroredColours(colours: bigint): bigint {
  const quarter = (index: number) => (colours >> BigInt((3 - index) * 3 * colourBits)) & ((1n << BigInt(3 * colourBits)) - 1n);
  return [1, 0, 3, 2].reduce((packed, index) => (packed << BigInt(3 * colourBits)) | quarter(index), 0n);
}

/**
 * How far a photo is from another: the bits between their structures, the straight way or mirrored
 * (whichever is closer), and the colours compared the same way round.
 */
export function photoDistance(photo: PhotoHashes, other: PhotoHashes): { bits: number; colour: number } {
  const straight = hammingDistance(photo.hash, other.hash);
  const mirrored = hammingDistance(photo.hash, other.mirrorHash);
  return straight <= mirrored
    ? { bits: straight, colour: colourDistance(photo.colours, other.colours) }
    : { bits: mirrored, colour: colourDistance(photo.colours, mirroredColours(other.colours)) };
}

/** The rule: the same structure (either way round) in the same colours. */
export function isNearCopy(photo: PhotoHashes, other: PhotoHashes): boolean {
  const distance = photoDistance(photo, other);
  return distance.bits <= matchThreshold && distance.colour <= colourThreshold;
}

/**
 * Below this spread of brightness (standard deviation, 0-255) an image is flat: one colour, or
 * nearly. Its DCT coefficients are all near zero and the median splits noise, so its hash says
 * nothing about it, and every flat image would "match" every other. Flat images are not compared.
 */
export const minimumDetail = 4;

/** Whether a grayscale image has enough detail for its hash to mean something. */
export function hasDetail(gray: Uint8Array): boolean {
  const mean = gray.reduce((sum, value) => sum + value, 0) / gray.length;
  const variance = gray.reduce((sum, value) => sum + (value - mean) ** 2, 0) / gray.length;
  return Math.sqrt(variance) >= minimumDetail;
}

/**
 * Reads an image (any format sharp decodes, SVG included) into the pixels the hash reads; null when
 * it does not decode, is too large to decode safely, or is flat (hasDetail). Transparency is laid on white.
 */
export async function photoHashes(data: Buffer): Promise<PhotoHashes | null> {
  try {
    const { data: pixels } = await sharp(data, { limitInputPixels: maxImagePixels })
      .rotate()
      .flatten({ background: '#ffffff' })
      .removeAlpha()
      .toColourspace('srgb')
      .resize(hashSide, hashSide, { fit: 'fill' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const rgb = new Uint8Array(pixels.buffer, pixels.byteOffset, hashSide * hashSide * 3);
    // Luma (ITU-R BT.601), as a grayscale conversion weighs the channels.
    const gray = new Uint8Array(hashSide * hashSide).map((_, i) =>
      Math.round(0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!),
    );
    if (!hasDetail(gray)) return null;
    return {
      hash: perceptualHashOfPixels(gray),
      mirrorHash: perceptualHashOfPixels(gray, true),
      colours: colourSignatureOfPixels(rgb, hashSide, hashSide),
    };
  } catch {
    return null;
  }
}
