import { eq } from 'drizzle-orm';
import { emptyArrivalInfo, type ArrivalInfo } from '../../../core/arrival-info.ts';
import type { Executor } from '../../db/database.ts';
import { listingArrivalInfo } from '../../db/schema.ts';

/** A listing's arrival information as its host edits it; empty texts when none was written yet. */
export async function readArrivalInfo(db: Executor, propertyId: number): Promise<ArrivalInfo> {
  const [row] = await db.select().from(listingArrivalInfo).where(eq(listingArrivalInfo.propertyId, propertyId));
  if (!row) return emptyArrivalInfo;
  return {
    checkInInstructionsEn: row.checkInInstructionsEn,
    checkInInstructionsHe: row.checkInInstructionsHe,
    houseManualEn: row.houseManualEn,
    houseManualHe: row.houseManualHe,
    wifiName: row.wifiName,
    wifiPassword: row.wifiPassword,
  };
}

/** Writes the whole of a listing's arrival information (one row per listing, made on its first save). */
export async function writeArrivalInfo(db: Executor, propertyId: number, info: ArrivalInfo): Promise<ArrivalInfo> {
  await db
    .insert(listingArrivalInfo)
    .values({ propertyId, ...info })
    .onConflictDoUpdate({ target: listingArrivalInfo.propertyId, set: { ...info, updatedAt: new Date() } });
  return readArrivalInfo(db, propertyId);
}
