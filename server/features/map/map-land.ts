/**
 * The land of the shipped base map: Natural Earth's 1:10m countries (the world-atlas package, TopoJSON)
 * cut to the region around Israel and turned into GeoJSON once per process. Nothing is fetched: the
 * machines Lina runs on may have no internet (docs/decisions/019-map-search.md).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { MapLand } from '../../../core/contracts/map.ts';

/** West, south, east, north: Israel with Cyprus, Sinai and the neighbours' near parts, so no edge of land shows. */
const regionBox = [31.5, 27.5, 39, 35.5] as const;

type Ring = number[][];
type Polygon = Ring[];

function boxOf(polygon: Polygon): [number, number, number, number] {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [longitude, latitude] of polygon[0] ?? []) {
    west = Math.min(west, longitude!);
    east = Math.max(east, longitude!);
    south = Math.min(south, latitude!);
    north = Math.max(north, latitude!);
  }
  return [west, south, east, north];
}

const inRegion = ([west, south, east, north]: [number, number, number, number]) =>
  west < regionBox[2] && east > regionBox[0] && south < regionBox[3] && north > regionBox[1];

/** Four decimals is about 10 m: finer than the 1:10m data itself, and a third of the size. */
const rounded = (polygon: Polygon): Polygon =>
  polygon.map((ring) => ring.map(([longitude, latitude]) => [Math.round(longitude! * 1e4) / 1e4, Math.round(latitude! * 1e4) / 1e4]));

/** The countries around Israel, each with only its polygons that reach the region. */
export async function loadRegionLand(): Promise<MapLand> {
  const require = createRequire(import.meta.url);
  const topology = JSON.parse(await readFile(require.resolve('world-atlas/countries-10m.json'), 'utf8')) as Topology<{
    countries: GeometryCollection<{ name: string }>;
  }>;
  const countries = feature(topology, topology.objects.countries);
  const features: MapLand['features'] = [];
  for (const country of countries.features) {
    const geometry = country.geometry as { type: string; coordinates: unknown } | null;
    if (!geometry) continue;
    const polygons = (
      geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : []
    ) as Polygon[];
    const near = polygons.filter((polygon) => inRegion(boxOf(polygon))).map(rounded);
    if (near.length === 0) continue;
    features.push({
      type: 'Feature',
      properties: { name: country.properties?.name ?? '' },
      geometry: { type: 'MultiPolygon', coordinates: near },
    });
  }
  return { type: 'FeatureCollection', features };
}

let serialized: Promise<string> | undefined;

/** The land as JSON text, made on first use and kept: about 130 kB, the same for every request. */
export function regionLandJson(): Promise<string> {
  serialized ??= loadRegionLand().then((land) => JSON.stringify(land));
  return serialized;
}
