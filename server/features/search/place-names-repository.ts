import { desc, eq, or, sql } from 'drizzle-orm';
import type { Language } from '../../../core/languages.ts';
import type { Database, Executor } from '../../db/database.ts';
import { places } from '../../db/schema.ts';
import { gazetteerCache } from './gazetteer-cache.ts';

const placesNamed = gazetteerCache<{ nameEn: string; nameHe: string } | null>();

/**
 * A searched location as the gazetteer names it in `language`: 'Haifa' is 'חיפה' in Hebrew, and
 * 'Florentin, Tel Aviv' is named part by part. Null when some part names no place exactly (in
 * English, case aside, or in Hebrew): such a text is shown as it was typed.
 */
export async function placeNameIn(db: Database, location: string, language: Language): Promise<string | null> {
  const parts = location.split(',').map((part) => part.trim());
  if (parts.some((part) => part === '')) return null;
  const names: string[] = [];
  for (const part of parts) {
    const row = await placesNamed(db, part, async () => (await placeNamedQuery(db, part))[0] ?? null);
    if (!row) return null;
    names.push(language === 'he' ? row.nameHe : row.nameEn);
  }
  return names.join(', ');
}

/**
 * The place named exactly `name` (English case aside), read through places_name_en_lower_idx and
 * places_name_he_idx (search.test.ts checks the plan). Where a neighbourhood shares a city's name,
 * the better-known place names it.
 */
export function placeNamedQuery(db: Executor, name: string) {
  return db
    .select({ nameEn: places.nameEn, nameHe: places.nameHe })
    .from(places)
    .where(or(sql`lower(${places.nameEn}) = lower(${name})`, eq(places.nameHe, name)))
    .orderBy(sql`${places.kind} = 'neighbourhood'`, desc(places.popularity), places.id)
    .limit(1);
}
