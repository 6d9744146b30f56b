/**
 * The base under every map of the site (results, a property's area, the wizard's pin), in MapLibre
 * GL. Only the map chunks import this file, so MapLibre loads when a map is shown, never with a page.
 *
 * Without MAP_STYLE_URL the style is ours, from data we ship: the land of Natural Earth (served by
 * GET /api/map/land) over a sea-coloured background, with the borders as lines, and the gazetteer's
 * places as labels in the page's language. Labels are HTML, not a symbol layer: a symbol layer needs
 * glyph files (PBF fonts) that we would have to ship, and Hebrew needs MapLibre's right-to-left text
 * plugin besides; the browser lays out both languages itself (docs/decisions/019-map-search.md).
 */
import { Map as MapLibreMap, Marker, NavigationControl, setWorkerUrl, type StyleSpecification } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import './map.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import type { MapBase, MapPlace } from '../../../core/contracts/map.ts';
import type { Bbox } from '../../../core/map-area.ts';

// Bundled, MapLibre cannot find its worker next to itself: Vite emits it as a file of ours.
setWorkerUrl(workerUrl);

export type MapTheme = 'light' | 'dark';

/** Israel from Metula to Eilat, with a little sea: where a map opens when it has nothing else to show. */
export const israelBounds: Bbox = { west: 34.2, south: 29.45, east: 35.95, north: 33.35 };

const palettes = {
  light: { sea: '#bfdbfe', land: '#f8fafc', border: '#94a3b8', label: '#334155', halo: '#ffffff' },
  dark: { sea: '#0b2540', land: '#1e293b', border: '#64748b', label: '#e2e8f0', halo: '#0f172a' },
} as const;

/** Our style from shipped data, in a theme's colours. */
export function shippedStyle(theme: MapTheme): StyleSpecification {
  const colours = palettes[theme];
  return {
    version: 8,
    sources: {
      land: {
        type: 'geojson',
        data: `${window.location.origin}/api/map/land`,
        attribution: 'Natural Earth',
      },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': colours.sea } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': colours.land } },
      { id: 'coast', type: 'line', source: 'land', paint: { 'line-color': colours.border, 'line-width': 0.8 } },
    ],
  };
}

/** Recolours our style for a theme; a configured style keeps its own colours. */
export function applyTheme(map: MapLibreMap, base: MapBase, theme: MapTheme) {
  if (base.styleUrl) return;
  const colours = palettes[theme];
  if (!map.getLayer('sea')) return;
  map.setPaintProperty('sea', 'background-color', colours.sea);
  map.setPaintProperty('land', 'fill-color', colours.land);
  map.setPaintProperty('coast', 'line-color', colours.border);
}

export interface BaseMapOptions {
  container: HTMLElement;
  base: MapBase;
  theme: MapTheme;
  /** The page's direction: controls sit at the end side. */
  rtl: boolean;
  bounds?: Bbox;
  center?: [number, number];
  zoom?: number;
  /** The map's accessible name (MapLibre puts it on the canvas region). */
  label: string;
  interactive?: boolean;
}

export function toBounds(box: Bbox): [[number, number], [number, number]] {
  return [
    [box.west, box.south],
    [box.east, box.north],
  ];
}

export function createBaseMap(options: BaseMapOptions): MapLibreMap {
  const map = new MapLibreMap({
    container: options.container,
    style: options.base.styleUrl ?? shippedStyle(options.theme),
    ...(options.bounds ? { bounds: toBounds(options.bounds), fitBoundsOptions: { padding: 24 } } : {}),
    ...(options.center ? { center: options.center, zoom: options.zoom ?? 12 } : {}),
    attributionControl: { compact: true },
    interactive: options.interactive ?? true,
    // Natural Earth at 1:10m holds no detail past a street's scale.
    maxZoom: 17,
    minZoom: 5,
    dragRotate: false,
    pitchWithRotate: false,
    touchPitch: false,
    locale: { 'Map.Title': options.label },
  });
  map.touchZoomRotate.disableRotation();
  map.keyboard.disableRotation();
  if (options.interactive ?? true) {
    map.addControl(new NavigationControl({ showCompass: false }), options.rtl ? 'top-left' : 'top-right');
  }
  // A configured style names its own places.
  if (!options.base.styleUrl) addPlaceLabels(map, options.base.places);
  return map;
}

/** The zoom from which a kind of place is labelled: regions on the whole country, neighbourhoods on a city. */
const labelZoom: Record<MapPlace['kind'], [number, number]> = {
  region: [0, 8.5],
  city: [8, 24],
  neighbourhood: [12, 24],
};

/**
 * The gazetteer's places as HTML labels, shown by zoom. They are decoration for sighted readers
 * (aria-hidden): the list of results says the same in words.
 */
function addPlaceLabels(map: MapLibreMap, places: MapPlace[]) {
  const labels = places.map((place) => {
    const element = document.createElement('div');
    element.className = `lina-map-label lina-map-label-${place.kind}`;
    element.textContent = place.name;
    element.setAttribute('aria-hidden', 'true');
    const marker = new Marker({ element, anchor: 'center' }).setLngLat([place.longitude, place.latitude]);
    return { place, element, marker, shown: false };
  });
  const update = () => {
    const zoom = map.getZoom();
    // Less-known cities join as the map zooms in, so the country view is not a wall of names.
    for (const label of labels) {
      const [from, to] = labelZoom[label.place.kind];
      const minZoom = label.place.kind === 'city' && label.place.popularity < 300 ? from + 1.5 : from;
      const show = zoom >= minZoom && zoom < to;
      if (show && !label.shown) label.marker.addTo(map);
      if (!show && label.shown) label.marker.remove();
      label.shown = show;
    }
  };
  map.on('zoomend', update);
  map.once('load', update);
}
