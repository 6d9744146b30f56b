import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useLanguage } from '../../app/language.tsx';
import { Button } from '../../components/ui/button.tsx';
import type { DraftForm } from './wizard-step-props.ts';

// MapLibre and the map are their own chunk, fetched once a place is chosen.
const PinMap = lazy(() => import('./pin-map.tsx'));

/**
 * The pin of the listing on the basics step: the map's centre is the pin, so dragging the map (or
 * its arrow keys) moves it; it starts at the chosen place's centre. Guests never see it, only an
 * area around it (docs/decisions/019-map-search.md).
 */
export function PinField({ form, idPrefix }: { form: DraftForm; idPrefix: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const placeId = form.watch('placeId');
  const latitude = form.watch('latitude');
  const longitude = form.watch('longitude');
  if (placeId === null) return null;
  const move = (next: { latitude: number; longitude: number } | null) => {
    form.setValue('latitude', next?.latitude ?? null, { shouldDirty: true });
    form.setValue('longitude', next?.longitude ?? null, { shouldDirty: true });
  };
  const hintId = `${idPrefix}-pin-hint`;
  return (
    <div data-testid="wizard-pin">
      <h3 className="text-sm font-medium text-slate-800 dark:text-slate-200">{t('map.pinTitle')}</h3>
      <p id={hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        {t('map.pinHint')}
      </p>
      <div className="mt-2 h-64 overflow-hidden rounded-xl border border-slate-200 bg-slate-100 sm:h-72 dark:border-slate-700 dark:bg-slate-800">
        <Suspense fallback={null}>
          <PinMap
            placeId={placeId}
            pin={latitude !== null && longitude !== null ? { latitude, longitude } : null}
            language={language}
            describedBy={hintId}
            onMove={move}
          />
        </Suspense>
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-slate-500 tabular-nums dark:text-slate-400" data-testid="wizard-pin-coordinates" aria-live="polite">
          {latitude !== null && longitude !== null
            ? t('map.pinCoordinates', { latitude: latitude.toFixed(5), longitude: longitude.toFixed(5) })
            : null}
        </p>
        <Button variant="ghost" size="sm" onClick={() => move(null)} data-testid="wizard-pin-reset">
          {t('map.pinReset')}
        </Button>
      </div>
    </div>
  );
}
