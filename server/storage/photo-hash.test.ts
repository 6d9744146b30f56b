import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { generatePhotoArt } from '../seed/photo-art.ts';
import { createRandom } from '../seed/random.ts';
import {
  hasDetail,
  colourDistance,
  colourSignatureOfPixels,
  colourThreshold,
  hammingDistance,
  mirroredColours,
  isNearCopy,
  matchThreshold,
  perceptualHashOfPixels,
  photoDistance,
  photoHashes,
  type PhotoHashes,
} from './photo-hash.ts';

/**
 * The photo-reuse rule on a table of cases: copies of a photo (re-encoded, resized, cropped by a few
 * percent, mirrored) are caught; different photos of similar rooms (the same layout, other furniture
 * and colours) are not. The photos are drawn here (gradients, shapes, grain), plus the demo's own.
 */

interface Room {
  wall: [string, string];
  floor: string;
  window: { x: number; w: number };
  furniture: { x: number; y: number; w: number; h: number; colour: string; round: boolean }[];
}

/** A room photo's layout: wall, floor and window where every room of the series has them. */
function room(seed: number, palette: number): Room {
  const random = createRandom(seed);
  const palettes: [string, string, string][] = [
    ['#f3e9dc', '#d8c3a5', '#8d6e63'],
    ['#dfe7ef', '#9fb3c8', '#37474f'],
    ['#f6f1e1', '#e0c97f', '#6d4c41'],
    ['#e8f0e3', '#a5c39b', '#4e342e'],
  ];
  const [top, bottom, floor] = palettes[palette % palettes.length]!;
  const furniture = Array.from({ length: 5 + Math.floor(random() * 4) }, () => ({
    x: Math.round(random() * 1000),
    y: Math.round(380 + random() * 300),
    w: Math.round(80 + random() * 260),
    h: Math.round(60 + random() * 200),
    colour: `hsl(${Math.round(random() * 360)}, ${Math.round(30 + random() * 50)}%, ${Math.round(25 + random() * 50)}%)`,
    round: random() < 0.4,
  }));
  return { wall: [top, bottom], floor, window: { x: 420, w: 360 }, furniture };
}

function svgOf(scene: Room): Buffer {
  const shapes = scene.furniture
    .map((item) =>
      item.round
        ? `<ellipse cx="${item.x + item.w / 2}" cy="${item.y + item.h / 2}" rx="${item.w / 2}" ry="${item.h / 2}" fill="${item.colour}"/>`
        : `<rect x="${item.x}" y="${item.y}" width="${item.w}" height="${item.h}" rx="12" fill="${item.colour}"/>`,
    )
    .join('');
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
    <defs>
      <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${scene.wall[0]}"/><stop offset="1" stop-color="${scene.wall[1]}"/></linearGradient>
      <radialGradient id="light" cx="0.5" cy="0.3" r="0.6"><stop offset="0" stop-color="#fff" stop-opacity="0.5"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="1200" height="520" fill="url(#wall)"/>
    <rect y="520" width="1200" height="280" fill="${scene.floor}"/>
    <rect x="${scene.window.x}" y="90" width="${scene.window.w}" height="260" fill="#bfe3f7" stroke="#fff" stroke-width="14"/>
    ${shapes}
    <rect width="1200" height="800" fill="url(#light)"/>
  </svg>`);
}

/** The drawing with film grain over it, as a JPEG: photo-like, not flat colour. */
async function photoOf(scene: Room): Promise<Buffer> {
  // Seeded, not libvips' own noise: that differs on every run, and so did the distances the table checks.
  const random = createRandom(4242);
  const pixels = new Uint8Array(1200 * 800 * 3);
  for (let i = 0; i < pixels.length; i += 1) {
    // About a normal of mean 128 and deviation 18 (the sum of three uniforms).
    const normal = (random() + random() + random() - 1.5) * 2;
    pixels[i] = Math.max(0, Math.min(255, Math.round(128 + normal * 18)));
  }
  const grain = await sharp(pixels, { raw: { width: 1200, height: 800, channels: 3 } })
    .png()
    .toBuffer();
  return sharp(svgOf(scene))
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** What someone copying a photo does to it. */
const copies: [string, (image: Buffer) => Promise<Buffer>][] = [
  ['re-encoded as JPEG quality 30', (image) => sharp(image).jpeg({ quality: 30 }).toBuffer()],
  ['re-encoded as WebP', (image) => sharp(image).webp({ quality: 60 }).toBuffer()],
  ['resized to a quarter', (image) => sharp(image).resize(300).jpeg({ quality: 80 }).toBuffer()],
  ['resized up by half', (image) => sharp(image).resize(1800).png().toBuffer()],
  ['cropped by 3 % on every side', (image) => sharp(image).extract({ left: 36, top: 24, width: 1128, height: 752 }).toBuffer()],
  ['cropped by 4 % on two sides', (image) => sharp(image).extract({ left: 48, top: 0, width: 1152, height: 768 }).toBuffer()],
  ['mirrored', (image) => sharp(image).flop().jpeg({ quality: 85 }).toBuffer()],
  ['mirrored, resized and re-encoded as WebP', (image) => sharp(image).flop().resize(800).webp({ quality: 70 }).toBuffer()],
];

async function hashOf(image: Buffer): Promise<PhotoHashes> {
  const hashes = await photoHashes(image);
  if (!hashes) throw new Error('image did not decode');
  return hashes;
}

describe('photo hash (pure)', () => {
  it('is a function of the pixels alone, and its mirror reads the image the other way round', () => {
    const gray = new Uint8Array(32 * 32).map((_, i) => (i % 32) * 8);
    const flipped = new Uint8Array(32 * 32).map((_, i) => (31 - (i % 32)) * 8);
    expect(perceptualHashOfPixels(gray)).toBe(perceptualHashOfPixels(Uint8Array.from(gray)));
    expect(perceptualHashOfPixels(gray, true)).toBe(perceptualHashOfPixels(flipped));
    expect(hammingDistance(0n, -1n)).toBe(64);
    expect(hammingDistance(5n, 6n)).toBe(2);
  });

  it('refuses what is not an image', async () => {
    expect(await photoHashes(Buffer.from('not an image'))).toBeNull();
  });

  it('does not hash a flat image: one colour says nothing of a place, and would match every other', async () => {
    const flat = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3b82f6' } })
      .png()
      .toBuffer();
    expect(await photoHashes(flat)).toBeNull();
    expect(hasDetail(new Uint8Array(32 * 32).fill(200))).toBe(false);
    expect(hasDetail(new Uint8Array(32 * 32).map((_, i) => (i % 2) * 40))).toBe(true);
  });

  it('packs the mean colour of each quarter, and mirrors it by swapping left and right', () => {
    // 2×2 pixels: red, green / blue, white.
    const rgb = Uint8Array.from([255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]);
    const mirrored = Uint8Array.from([0, 255, 0, 255, 0, 0, 255, 255, 255, 0, 0, 255]);
    expect(mirroredColours(colourSignatureOfPixels(rgb, 2, 2))).toBe(colourSignatureOfPixels(mirrored, 2, 2));
    expect(colourSignatureOfPixels(rgb, 2, 2, true)).toBe(colourSignatureOfPixels(mirrored, 2, 2));
    expect(colourDistance(colourSignatureOfPixels(rgb, 2, 2), colourSignatureOfPixels(rgb, 2, 2))).toBe(0);
  });
});

describe('photo reuse table', { timeout: 120_000 }, () => {
  const rooms = [1, 2, 3, 4].map((n) => room(100 + n, n));

  it.each(copies)('a copy %s is caught', async (_name, copy) => {
    for (const [index, scene] of rooms.entries()) {
      const original = await photoOf(scene);
      const distance = photoDistance(await hashOf(await copy(original)), await hashOf(original));
      expect(distance.bits, `room ${index}`).toBeLessThanOrEqual(matchThreshold);
      expect(distance.colour, `room ${index}`).toBeLessThanOrEqual(colourThreshold);
    }
  });

  it('different photos of similar rooms (same layout, other furniture and colours) are not caught', async () => {
    const hashes = await Promise.all(rooms.map(async (scene) => hashOf(await photoOf(scene))));
    // The same room photographed with other furniture and the palette of another room.
    const restyled = await Promise.all(rooms.map(async (_scene, index) => hashOf(await photoOf(room(200 + index, index + 1)))));
    const all = [...hashes, ...restyled];
    for (let i = 0; i < all.length; i++) {
      for (let j = i + 1; j < all.length; j++) {
        expect(isNearCopy(all[i]!, all[j]!), `photos ${i} and ${j}: ${JSON.stringify(photoDistance(all[i]!, all[j]!))}`).toBe(false);
      }
    }
  });

  it("the demo's photos: each copy is caught, and no two scenes match", async () => {
    const art = generatePhotoArt();
    const images = await Promise.all(art.map((item) => sharp(Buffer.from(item.svg)).png().toBuffer()));
    const hashes = await Promise.all(images.map(hashOf));
    for (const [index, image] of images.entries()) {
      for (const [name, copy] of [copies[0]!, copies[4]!, copies[6]!]) {
        expect(isNearCopy(await hashOf(await copy(image)), hashes[index]!), `${art[index]!.name} ${name}`).toBe(true);
      }
    }
    // The three variants of one scene are the same drawing in other colours (one mirrored): a
    // grayscale hash may find them alike, so only different scenes are compared (decision 052).
    for (let i = 0; i < art.length; i++) {
      for (let j = i + 1; j < art.length; j++) {
        if (art[i]!.scene === art[j]!.scene) continue;
        expect(isNearCopy(hashes[i]!, hashes[j]!), `${art[i]!.name} ~ ${art[j]!.name}`).toBe(false);
      }
    }
  });
});
