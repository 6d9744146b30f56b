import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { ListingDetail } from '../../../core/contracts/listings.ts';
import type { Language } from '../../../core/languages.ts';
import { Section } from './property-sections.tsx';

// MapLibre and the map are their own chunk, fetched when the section comes near the screen.
const AreaMap = lazy(() => import('./area-map.tsx'));

/**
 * Where the listing is: a circle of about 500 m around its approximate point, never its pin
 * (docs/decisions/019-map-search.md). The text says the same for those who do not see the map.
 */
export function AreaSection({ listing, language }: { listing: ListingDetail; language: Language }) {
  const { t } = useTranslation();
  const boxRef = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const box = boxRef.current;
    if (!box || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '400px' },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [near]);
  const area = listing.area;
  if (!area) return null;
  return (
    <Section title={t('map.areaTitle')} testId="property-area">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        <span dir="auto">{listing.location}</span>. {t('map.areaNote')}
      </p>
      <div
        ref={boxRef}
        className="mt-4 h-72 overflow-hidden rounded-2xl border border-slate-200 bg-slate-100 sm:h-80 dark:border-slate-800 dark:bg-slate-800"
      >
        {near && (
          <Suspense fallback={null}>
            <AreaMap area={area} language={language} />
          </Suspense>
        )}
      </div>
    </Section>
  );
}
