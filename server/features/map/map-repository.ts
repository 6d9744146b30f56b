import { desc } from 'drizzle-orm';
import type { MapPlace } from '../../../core/contracts/map.ts';
import type { Language } from '../../../core/languages.ts';
import type { Database } from '../../db/database.ts';
import { places } from '../../db/schema.ts';

/** Every gazetteer place with its centre, named in the asked language: the labels of the shipped base map. */
export async function mapPlaces(db: Database, language: Language): Promise<MapPlace[]> {
  return db
    .select({
      id: places.id,
      kind: places.kind,
      name: language === 'he' ? places.nameHe : places.nameEn,
      latitude: places.latitude,
      longitude: places.longitude,
      popularity: places.popularity,
    })
    .from(places)
    .orderBy(desc(places.popularity), places.id);
}
