import { CalendarDays, MapPin, Search } from 'lucide-react';
import { useEffect, useState, type RefObject } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { timings } from '../../../core/constants.ts';
import { useLanguage } from '../../app/language.tsx';
import { formatStayRange } from '../../components/search/date-range.ts';
import type { ExploreForm } from './explore-model.ts';
import { typeLabelKeys } from './explore-search-card.tsx';

/** True once the element's top has scrolled to within `px` of the top of the viewport. */
export function useScrolledNearTop(ref: RefObject<HTMLElement | null>, px: number): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const element = ref.current;
      if (element) setNear(element.getBoundingClientRect().top <= px);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [ref, px]);
  return near;
}

interface CompactSearchBarProps {
  form: ExploreForm;
  /** The main search card: the bar shows once it is within 100 px of the top, and scrolls back to it. */
  targetRef: RefObject<HTMLElement | null>;
  /** Focused after scrolling back. */
  focusId: string;
}

/** A slim search summary under the nav bar once the main search has scrolled up; a click returns to the form. */
export function CompactSearchBar({ form, targetRef, focusId }: CompactSearchBarProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const visible = useScrolledNearTop(targetRef, timings.compactSearchBarPx);
  if (!visible) return null;

  const dates = formatStayRange(form, language);
  const backToForm = () => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    targetRef.current?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    document.getElementById(focusId)?.focus({ preventScroll: true });
  };

  return (
    <div
      data-testid="explore-compact-bar"
      className="fixed inset-x-0 top-14 z-30 animate-fade-in border-b border-slate-200/70 bg-white/85 px-4 py-2 shadow-sm backdrop-blur-lg dark:border-slate-800/70 dark:bg-slate-950/80"
    >
      <button
        type="button"
        onClick={backToForm}
        aria-label={`${t('explore.compact.label')}: ${t(typeLabelKeys[form.type])}, ${form.location.trim() || t('explore.compact.anywhere')}, ${dates || t('explore.compact.anyDates')}`}
        data-testid="explore-compact-search"
        className="mx-auto flex h-11 w-full max-w-2xl items-center gap-3 rounded-full border border-slate-300 bg-white ps-4 pe-1.5 text-start text-sm shadow-sm transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-brand-500 dark:border-slate-700 dark:bg-slate-900"
      >
        <span className="hidden shrink-0 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 sm:inline dark:bg-brand-950 dark:text-brand-300">
          {t(typeLabelKeys[form.type])}
        </span>
        <span className="flex min-w-0 flex-1 items-center gap-1.5 font-medium text-slate-900 dark:text-white">
          <MapPin className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
          <span className="truncate">{form.location.trim() || t('explore.compact.anywhere')}</span>
        </span>
        <span className="hidden shrink-0 items-center gap-1.5 border-s border-slate-200 ps-3 text-slate-600 sm:flex dark:border-slate-700 dark:text-slate-300">
          <CalendarDays className="size-4 text-slate-400" aria-hidden="true" />
          {dates || t('explore.compact.anyDates')}
        </span>
        <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white dark:bg-brand-500 dark:text-slate-950">
          <Search className="size-4" aria-hidden="true" />
        </span>
      </button>
    </div>
  );
}
