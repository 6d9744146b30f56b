/**
 * The results on a map (its own chunk, with MapLibre): a price marker per listing of the page at its
 * approximate point, clusters where markers would overlap, a card when a marker is chosen, and
 * "Search this area" once the visitor has moved the map. Markers are buttons in the tab order; the
 * list stays the primary view for screen readers (docs/decisions/019-map-search.md).
 */
import { useQuery } from '@tanstack/react-query';
import { LngLatBounds, Marker, type GeoJSONSource, type Map as MapLibreMap } from 'maplibre-gl';
import { Search, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useSearchParams } from 'react-router';
import type { ListingCard } from '../../../core/contracts/search.ts';
import { formatPrice } from '../../../core/format.ts';
import type { Language } from '../../../core/languages.ts';
import { formatBbox, parseBboxParam } from '../../../core/map-area.ts';
import { partyOf, propertyHref, stayDatesOf } from '../../components/listing-card/listing-card-model.ts';
import { listingFallbackImage } from '../../components/listing-card/listing-card-model.ts';
import { PriceWithUnit } from '../../components/listing-card/price-with-unit.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { applyTheme, createBaseMap, israelBounds, toBounds } from '../../components/map/base-map.ts';
import { mapQueries } from '../../components/map/map-api.ts';
import { ResponsivePhoto } from '../../components/responsive-photo.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTheme } from '../../lib/theme.ts';

export interface ResultsMapProps {
  listings: ListingCard[];
  language: Language;
  /** The searched box ('west,south,east,north'), when the results are a map area's. */
  bbox: string | undefined;
  onSearchArea: (bbox: string) => void;
}

/** Moves the page makes itself (fitting the results) carry this, so they do not offer "Search this area". */
const ownMove = { lina: 'fit' };

export default function ResultsMap({ listings, language, bbox, onSearchArea }: ResultsMapProps) {
  const { t } = useTranslation();
  const { resolved: theme } = useTheme();
  const base = useQuery(mapQueries.base(language));
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const [ready, setReady] = useState(false);
  const [moved, setMoved] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  // The box this map searched last: the results of it need no new framing.
  const searchedRef = useRef<string | undefined>(undefined);
  const listingsRef = useRef(listings);
  listingsRef.current = listings;
  const rtl = language === 'he';

  // The map itself: made once the base is known, for the page's language.
  useEffect(() => {
    if (!base.data || !containerRef.current) return;
    const box = parseBboxParam(bbox);
    const map = createBaseMap({
      container: containerRef.current,
      base: base.data,
      theme,
      rtl,
      bounds: box ?? israelBounds,
      label: t('map.resultsLabel'),
    });
    mapRef.current = map;
    map.on('load', () => {
      map.addSource('listings', { type: 'geojson', data: featuresOf([]), cluster: true, clusterRadius: 40, clusterMaxZoom: 12 });
      // An invisible layer keeps the source's tiles loaded; the markers are HTML (below).
      map.addLayer({ id: 'listings-points', type: 'circle', source: 'listings', paint: { 'circle-radius': 1, 'circle-opacity': 0 } });
      setReady(true);
    });
    map.on('moveend', (event) => {
      // MapLibre merges a move's eventData (ownMove) into its events: a move of ours is not the visitor's.
      if (!('lina' in event) || !event.lina) setMoved(true);
    });
    return () => {
      map.remove();
      mapRef.current = null;
      setReady(false);
    };
    // The theme is applied below without a new map; the box only frames the first view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [base.data, rtl]);

  useEffect(() => {
    if (mapRef.current && base.data && ready) applyTheme(mapRef.current, base.data, theme);
  }, [theme, base.data, ready]);

  // The listings: into the clustered source, then framed unless they are the box just searched.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready) return;
    (map.getSource('listings') as GeoJSONSource).setData(featuresOf(listings));
    setSelected((current) => (listings.some((listing) => listing.id === current) ? current : null));
    if (bbox && bbox === searchedRef.current) return;
    const box = parseBboxParam(bbox);
    const points = listings.flatMap((listing) => (listing.area ? [listing.area] : []));
    if (box) {
      map.fitBounds(toBounds(box), { padding: 0, animate: false }, ownMove);
    } else if (points.length > 0) {
      const bounds = new LngLatBounds();
      for (const point of points) bounds.extend([point.longitude, point.latitude]);
      map.fitBounds(bounds, { padding: 56, maxZoom: 14, animate: false }, ownMove);
    } else {
      map.fitBounds(toBounds(israelBounds), { padding: 16, animate: false }, ownMove);
    }
    setMoved(false);
  }, [listings, bbox, ready]);

  // Price markers and clusters as HTML buttons, drawn from what the clustered source holds in view.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready) return;
    const markers = new Map<string, { marker: Marker; element: HTMLButtonElement }>();
    const draw = () => {
      const seen = new Set<string>();
      for (const feature of map.querySourceFeatures('listings')) {
        const properties = feature.properties as Record<string, unknown>;
        const point = (feature.geometry as GeoJSON.Point).coordinates as [number, number];
        const cluster = properties.cluster === true;
        const key = cluster ? `cluster-${String(properties.cluster_id)}` : `listing-${String(properties.id)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        let entry = markers.get(key);
        if (!entry) {
          const element = document.createElement('button');
          element.type = 'button';
          if (cluster) {
            const count = Number(properties.point_count);
            element.className = 'lina-map-cluster';
            element.textContent = String(count);
            element.setAttribute('aria-label', t('map.cluster', { count }));
            element.dataset.testid = 'map-cluster';
            element.addEventListener('click', () => {
              void (map.getSource('listings') as GeoJSONSource)
                .getClusterExpansionZoom(Number(properties.cluster_id))
                .then((zoom) => map.easeTo({ center: point, zoom: Math.min(zoom, 16) }));
            });
          } else {
            const listing = listingsRef.current.find((item) => item.id === Number(properties.id));
            element.className = 'lina-map-marker';
            element.textContent = formatPrice(Number(properties.price), language);
            element.setAttribute('aria-label', t('map.marker', { title: listing?.title ?? '', price: element.textContent }));
            element.dataset.testid = 'map-marker';
            element.dataset.id = String(properties.id);
            element.addEventListener('click', () => setSelected(Number(properties.id)));
          }
          entry = { marker: new Marker({ element, anchor: 'center' }).setLngLat(point).addTo(map), element };
          markers.set(key, entry);
        }
      }
      for (const [key, entry] of markers) {
        if (seen.has(key)) continue;
        entry.marker.remove();
        markers.delete(key);
      }
    };
    const onData = (event: { sourceId?: string; isSourceLoaded?: boolean }) => {
      if (event.sourceId === 'listings' && event.isSourceLoaded) draw();
    };
    map.on('sourcedata', onData);
    map.on('moveend', draw);
    draw();
    return () => {
      map.off('sourcedata', onData);
      map.off('moveend', draw);
      for (const entry of markers.values()) entry.marker.remove();
    };
  }, [ready, language, t, listings]);

  // The chosen marker stands out.
  useEffect(() => {
    for (const element of containerRef.current?.querySelectorAll<HTMLElement>('.lina-map-marker') ?? []) {
      const chosen = element.dataset.id === String(selected);
      element.classList.toggle('lina-map-marker-selected', chosen);
      element.setAttribute('aria-expanded', chosen ? 'true' : 'false');
    }
  });

  const searchArea = () => {
    const map = mapRef.current;
    if (!map) return;
    const bounds = map.getBounds();
    const next = formatBbox({ west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() });
    searchedRef.current = next;
    setMoved(false);
    onSearchArea(next);
  };

  const chosen = listings.find((listing) => listing.id === selected);
  return (
    <div className="relative size-full overflow-hidden rounded-2xl border border-slate-200 dark:border-slate-800" data-testid="results-map">
      <div
        ref={containerRef}
        className="size-full bg-blue-100 dark:bg-slate-900"
        data-testid="results-map-canvas"
        data-ready={ready ? 'true' : 'false'}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setSelected(null);
        }}
      />
      {!ready && (
        <div className="absolute inset-0 flex items-center justify-center" role="status">
          <Spinner className="size-6 text-brand-700 dark:text-brand-300" />
          <span className="sr-only">{t('map.loading')}</span>
        </div>
      )}
      {moved && (
        <div className="pointer-events-none absolute inset-x-0 top-3 flex justify-center">
          <Button size="sm" onClick={searchArea} className="pointer-events-auto shadow-lg" data-testid="map-search-area">
            <Search className="size-4" aria-hidden="true" />
            {t('map.searchArea')}
          </Button>
        </div>
      )}
      {chosen && <MapCard listing={chosen} language={language} onClose={() => setSelected(null)} />}
    </div>
  );
}

/** The page's listings with a point, as GeoJSON for the clustered source. */
function featuresOf(listings: ListingCard[]): GeoJSON.FeatureCollection<GeoJSON.Point> {
  return {
    type: 'FeatureCollection',
    features: listings.flatMap((listing) =>
      listing.area
        ? [
            {
              type: 'Feature' as const,
              properties: { id: listing.id, price: listing.price },
              geometry: { type: 'Point' as const, coordinates: [listing.area.longitude, listing.area.latitude] },
            },
          ]
        : [],
    ),
  };
}

/** The chosen listing over the map's bottom: photo, title (the link), place and price. */
function MapCard({ listing, language, onClose }: { listing: ListingCard; language: Language; onClose: () => void }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const party = listing.type === 'hotel' ? partyOf(params) : undefined;
  const photo = listing.photo ?? (listing.photoUrl ? { url: listing.photoUrl, width: null, height: null } : null);
  return (
    <article
      className="absolute inset-x-3 bottom-3 flex gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-xl sm:inset-x-auto sm:end-3 sm:w-96 dark:border-slate-700 dark:bg-slate-900"
      aria-labelledby="map-card-title"
      data-testid="map-card"
      data-id={listing.id}
    >
      <ResponsivePhoto
        photo={photo}
        fallbackSrc={listingFallbackImage}
        fallbackWidth={800}
        fallbackHeight={600}
        sizes="112px"
        alt=""
        className="size-24 shrink-0 rounded-xl object-cover"
      />
      <div className="min-w-0 flex-1 pe-6">
        <h3 id="map-card-title" className="line-clamp-2 text-sm font-semibold text-slate-900 dark:text-white" dir="auto">
          <LocalizedLink
            to={propertyHref(listing.id, { dates: stayDatesOf(params), party })}
            className="hover:text-brand-800 focus-visible:underline dark:hover:text-brand-300"
            data-testid="map-card-link"
          >
            {listing.title}
          </LocalizedLink>
        </h3>
        <p className="mt-1 truncate text-xs text-slate-600 dark:text-slate-400" dir="auto">
          {listing.location}
        </p>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-200">
          <PriceWithUnit type={listing.type} price={listing.price} language={language} amount={<strong className="font-semibold" />} />
        </p>
      </div>
      <button
        type="button"
        onClick={onClose}
        className="absolute end-2 top-2 rounded-full p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
        aria-label={t('map.closeCard')}
        data-testid="map-card-close"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </article>
  );
}
