import type { Readable } from 'node:stream';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Storage } from '../../storage/storage.ts';
import type { MemberData } from './member-data-repository.ts';

async function readAll(body: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const readme = `Lina: your data / לינה: המידע שלך

data/*.json   your account, profile, listings, bookings (as guest and as host), changes to them, payments and receipts,
              messages, reviews (given and received), saved places, recommendations, notifications and sign-in history.
files/        your profile photo, the ID document you uploaded and the photos of your listings and of your move-in reports.

data/*.json   החשבון, הפרופיל, המודעות, ההזמנות (כאורחים וכמארחים) והשינויים בהן, התשלומים והקבלות, ההודעות,
              הביקורות (שכתבתם ושנכתבו עליכם), המקומות השמורים, ההמלצות, ההתראות והיסטוריית ההתחברות.
files/        תמונת הפרופיל, מסמך הזהות שהעליתם ותמונות המודעות ודיווחי הכניסה שלכם.
`;

/**
 * The member's archive: one JSON file per part of their data, and their files read from storage
 * (stored as they are: photos and PDFs are compressed already). A file missing from storage is
 * listed in data/missing-files.json rather than failing the whole export.
 */
export async function buildDataArchive(storage: Storage, member: MemberData): Promise<Uint8Array> {
  const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);
  const entries: Zippable = { 'README.txt': strToU8(readme) };
  for (const [name, value] of Object.entries(member.data)) entries[`data/${name}.json`] = json(value);
  const missing: string[] = [];
  for (const file of member.files) {
    const stored = await storage.get(file.key);
    if (!stored) {
      missing.push(file.name);
      continue;
    }
    entries[`files/${file.name}`] = [await readAll(stored.body), { level: 0 }];
  }
  if (missing.length) entries['data/missing-files.json'] = json(missing);
  return zipSync(entries, { level: 6 });
}
