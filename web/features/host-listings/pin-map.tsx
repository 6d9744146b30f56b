/** The wizard's pin map (its own chunk, with MapLibre): the pin is the map's centre. */
import { useQuery } from '@tanstack/react-query';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { MapPin } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { Language } from '../../../core/languages.ts';
import type { LatLng } from '../../../core/map-area.ts';
import { applyTheme, createBaseMap } from '../../components/map/base-map.ts';
import { mapQueries } from '../../components/map/map-api.ts';
import { useTheme } from '../../lib/theme.ts';

/** Six decimals: about 10 cm, past any need. */
const rounded = (value: number) => Math.round(value * 1e6) / 1e6;

export default function PinMap({
  placeId,
  pin,
  language,
  describedBy,
  onMove,
}: {
  placeId: number;
  /** Null: at the place's centre. */
  pin: LatLng | null;
  language: Language;
  describedBy: string;
  onMove: (pin: LatLng) => void;
}) {
  const { t } = useTranslation();
  const { resolved: theme } = useTheme();
  const base = useQuery(mapQueries.base(language));
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const onMoveRef = useRef(onMove);
  onMoveRef.current = onMove;
  const place = base.data?.places.find((candidate) => candidate.id === placeId);
  const target = pin ?? (place ? { latitude: place.latitude, longitude: place.longitude } : null);
  const targetRef = useRef(target);
  targetRef.current = target;

  useEffect(() => {
    if (!base.data || !containerRef.current || !targetRef.current) return;
    const start = targetRef.current;
    const map = createBaseMap({
      container: containerRef.current,
      base: base.data,
      theme,
      rtl: language === 'he',
      center: [start.longitude, start.latitude],
      zoom: 14,
      label: t('map.pinLabel'),
    });
    map.scrollZoom.disable();
    map.getCanvas().setAttribute('aria-describedby', describedBy);
    mapRef.current = map;
    map.on('moveend', () => {
      const centre = map.getCenter();
      const next = { latitude: rounded(centre.lat), longitude: rounded(centre.lng) };
      const current = targetRef.current;
      if (!current || current.latitude !== next.latitude || current.longitude !== next.longitude) onMoveRef.current(next);
    });
    // Without a pin yet, the place's centre is it.
    if (!pin) onMoveRef.current({ latitude: rounded(start.latitude), longitude: rounded(start.longitude) });
    return () => {
      map.remove();
      mapRef.current = null;
    };
    // The map is made once per base and language; moves follow below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [base.data, language, Boolean(target)]);

  useEffect(() => {
    if (mapRef.current && base.data) applyTheme(mapRef.current, base.data, theme);
  }, [theme, base.data]);

  // A new place, or "back to the centre": the map follows the form.
  const targetLatitude = target?.latitude;
  const targetLongitude = target?.longitude;
  const pinned = pin !== null;
  useEffect(() => {
    const map = mapRef.current;
    if (!map || targetLatitude === undefined || targetLongitude === undefined) return;
    const centre = map.getCenter();
    if (rounded(centre.lat) === targetLatitude && rounded(centre.lng) === targetLongitude) return;
    map.jumpTo({ center: [targetLongitude, targetLatitude] });
    if (!pinned) onMoveRef.current({ latitude: rounded(targetLatitude), longitude: rounded(targetLongitude) });
  }, [targetLatitude, targetLongitude, pinned]);

  return (
    <div className="relative size-full">
      <div ref={containerRef} className="size-full" data-testid="wizard-pin-map" />
      <MapPin
        className="pointer-events-none absolute start-1/2 top-1/2 size-9 -translate-y-full fill-brand-600 text-white drop-shadow-md rtl:translate-x-1/2 ltr:-translate-x-1/2 dark:fill-brand-400 dark:text-slate-900"
        aria-hidden="true"
      />
    </div>
  );
}
