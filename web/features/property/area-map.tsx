/** The property page's map (its own chunk, with MapLibre): the approximate area as a circle. */
import { useQuery } from '@tanstack/react-query';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { Language } from '../../../core/languages.ts';
import { areaRadiusMetres, circleRing, type LatLng } from '../../../core/map-area.ts';
import { applyTheme, createBaseMap } from '../../components/map/base-map.ts';
import { mapQueries } from '../../components/map/map-api.ts';
import { useTheme } from '../../lib/theme.ts';

const circleColours = { light: '#0f766e', dark: '#2dd4bf' } as const;

export default function AreaMap({ area, language }: { area: LatLng; language: Language }) {
  const { t } = useTranslation();
  const { resolved: theme } = useTheme();
  const base = useQuery(mapQueries.base(language));
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!base.data || !containerRef.current) return;
    const map = createBaseMap({
      container: containerRef.current,
      base: base.data,
      theme,
      rtl: language === 'he',
      center: [area.longitude, area.latitude],
      zoom: 13.5,
      label: t('map.areaLabel'),
    });
    // The page scrolls under the wheel; the buttons and a drag move the map.
    map.scrollZoom.disable();
    mapRef.current = map;
    map.on('load', () => {
      map.addSource('area', {
        type: 'geojson',
        data: { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [circleRing(area, areaRadiusMetres)] } },
      });
      map.addLayer({ id: 'area-fill', type: 'fill', source: 'area', paint: { 'fill-color': circleColours[theme], 'fill-opacity': 0.18 } });
      map.addLayer({ id: 'area-line', type: 'line', source: 'area', paint: { 'line-color': circleColours[theme], 'line-width': 2 } });
      setReady(true);
    });
    return () => {
      map.remove();
      mapRef.current = null;
      setReady(false);
    };
    // The theme is applied below without a new map.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [base.data, area.latitude, area.longitude, language]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !base.data || !ready) return;
    applyTheme(map, base.data, theme);
    map.setPaintProperty('area-fill', 'fill-color', circleColours[theme]);
    map.setPaintProperty('area-line', 'line-color', circleColours[theme]);
  }, [theme, base.data, ready]);

  return <div ref={containerRef} className="size-full" data-testid="property-area-map" data-ready={ready ? 'true' : 'false'} />;
}
