/**
 * The map's geometry, shared by the search API, the results map and the property page: the
 * bounding box of "Search this area" and the circle of a listing's approximate area
 * (docs/decisions/019-map-search.md).
 */

/** A bounding box in degrees, as GeoJSON orders it: west, south, east, north. */
export interface Bbox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** A point as the public API shows it: always a listing's approximate area, never its pin. */
export interface LatLng {
  latitude: number;
  longitude: number;
}

/**
 * The radius of the circle a property page draws around the approximate point. The point is 150 to
 * 450 m from the pin (drizzle/0023_listing_coordinates.sql), so the pin is always inside it.
 */
export const areaRadiusMetres = 500;

/** The offset of the approximate point from the pin, as the database draws it. */
export const areaOffsetMetres = { min: 150, max: 450 } as const;

/** Degrees kept in a bbox written to a URL: 5 decimals is about a metre. */
const bboxDecimals = 5;

/** Where a bbox may point: the whole map, never crossing the antimeridian (Israel is nowhere near it). */
export function bboxProblem(box: Bbox): string | undefined {
  const { west, south, east, north } = box;
  if (![west, south, east, north].every(Number.isFinite)) return 'bbox must be four numbers: west,south,east,north';
  if (west < -180 || east > 180 || south < -90 || north > 90) return 'bbox must be within -180..180 longitude and -90..90 latitude';
  if (west >= east) return 'bbox west must be below east';
  if (south >= north) return 'bbox south must be below north';
  return undefined;
}

/** 'west,south,east,north' as four numbers, or undefined when it is not that. */
export function parseBboxText(text: string): Bbox | undefined {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length !== 4 || parts.some((part) => !/^-?\d+(\.\d+)?$/.test(part))) return undefined;
  const [west, south, east, north] = parts.map(Number) as [number, number, number, number];
  return { west, south, east, north };
}

/** A bbox from a /results URL, read leniently: a bad one is dropped. */
export function parseBboxParam(value: string | null | undefined): Bbox | undefined {
  if (!value) return undefined;
  const box = parseBboxText(value);
  return box && bboxProblem(box) === undefined ? box : undefined;
}

/** The bbox as a URL writes it, rounded outwards to about a metre so that nothing visible drops out. */
export function formatBbox(box: Bbox): string {
  const factor = 10 ** bboxDecimals;
  // The nudge keeps a value already rounded where it is (34.12345 * 1e5 is 3412344.9999999995).
  const down = (value: number) => (Math.floor(value * factor + 1e-6) / factor).toFixed(bboxDecimals);
  const up = (value: number) => (Math.ceil(value * factor - 1e-6) / factor).toFixed(bboxDecimals);
  const trim = (text: string) => text.replace(/\.?0+$/, '');
  return [down(box.west), down(box.south), up(box.east), up(box.north)].map(trim).join(',');
}

/** Degrees of latitude and longitude that `metres` spans at a latitude (a sphere is close enough at city scale). */
export function metresInDegrees(metres: number, latitude: number): { latitude: number; longitude: number } {
  const perDegree = 111_320;
  return { latitude: metres / perDegree, longitude: metres / (perDegree * Math.cos((latitude * Math.PI) / 180)) };
}

/** A closed ring of `steps` points approximating a circle of `radiusMetres` around `centre`, as GeoJSON [lng, lat]. */
export function circleRing(centre: LatLng, radiusMetres: number, steps = 64): [number, number][] {
  const span = metresInDegrees(radiusMetres, centre.latitude);
  const ring: [number, number][] = [];
  for (let step = 0; step <= steps; step += 1) {
    const angle = (step / steps) * 2 * Math.PI;
    ring.push([centre.longitude + span.longitude * Math.sin(angle), centre.latitude + span.latitude * Math.cos(angle)]);
  }
  return ring;
}

/** Rounds a public point to 5 decimals (about a metre): the approximate point needs no more. */
export function roundedPoint(latitude: number, longitude: number): LatLng {
  return { latitude: Math.round(latitude * 1e5) / 1e5, longitude: Math.round(longitude * 1e5) / 1e5 };
}
