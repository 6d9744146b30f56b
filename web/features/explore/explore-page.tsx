import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, Sparkles } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useNavigate, useSearchParams } from 'react-router';
import type { PropertyType } from '../../../core/constants.ts';
import type { SearchFormError } from '../../../core/search-form-rules.ts';
import { paramOfPropertyType, propertyTypeOfParam } from '../../../core/search-params.ts';
import { useLanguage } from '../../app/language.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { today } from '../../../core/dates.ts';
import { initialRooms } from '../../components/search/rooms.ts';
import { searchQueries } from '../../components/search/search-api.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { CompactSearchBar } from './compact-search-bar.tsx';
import { submitExplore, type ExploreForm } from './explore-model.ts';
import { ExploreSearchCard, locationInputId } from './explore-search-card.tsx';
import { FeaturedListings } from './featured-listings.tsx';
import { WhyChooseUs } from './why-choose-us.tsx';
import { keepScroll } from '../../app/scroll-restoration.tsx';

// The sentence search box is a chunk of its own (issue 38): it stays out of the page's first load.
const SentenceSearch = lazy(() =>
  import('../../components/search/sentence-search.tsx').then((module) => ({ default: module.SentenceSearch })),
);

type FormFields = Omit<ExploreForm, 'type'>;
const emptyFields: FormFields = { location: '', checkIn: '', checkOut: '', rooms: initialRooms };

/** How long Search waits for the results before going to /results anyway (they keep loading there). */
const prefetchWaitMs = 4000;

/**
 * Home / explore: property type, place and dates (rooms and guests for hotels), Search
 * with the spec's checks, featured listings, why choose us and a way to browse everything.
 * The property type lives in the URL (?type=rentals), so a link or a language switch keeps it.
 */
export default function ExplorePage() {
  const { t } = useTranslation();
  const { language, localize } = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const type = propertyTypeOfParam(params.get('type'));
  const [fields, setFields] = useState<FormFields>(emptyFields);
  const [errors, setErrors] = useState<SearchFormError[]>([]);
  const [searching, setSearching] = useState(false);
  const cardRef = useRef<HTMLElement>(null);
  useDocumentTitle(t('explore.title'));

  const form: ExploreForm = { type, ...fields };
  const dirty = type !== 'sublet' || Boolean(fields.location.trim() || fields.checkIn || fields.checkOut) || fields.rooms !== initialRooms;

  const setType = (next: PropertyType) => {
    setErrors([]);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'sublet') updated.delete('type');
        else updated.set('type', paramOfPropertyType(next));
        return updated;
      },
      { replace: true, state: keepScroll },
    );
  };

  const changeFields = (change: Partial<FormFields>) => {
    setFields((current) => ({ ...current, ...change }));
    // the errors go when the destination or the dates change.
    if ('location' in change || 'checkIn' in change || 'checkOut' in change) setErrors([]);
  };

  const clearAll = () => {
    setFields(emptyFields);
    setErrors([]);
    setType('sublet');
  };

  const search = async () => {
    if (searching) return;
    const result = submitExplore(form, today());
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors([]);
    setSearching(true);
    const options = searchQueries.results(language, result.queryString);
    await Promise.race([queryClient.prefetchQuery(options), new Promise((resolve) => setTimeout(resolve, prefetchWaitMs))]);
    const failure = queryClient.getQueryState(options.queryKey)?.error;
    if (failure) console.error('Search failed', failure);
    navigate(localize(`/results?${result.queryString}`));
  };

  return (
    <div data-testid="page-explore" className="relative isolate flex flex-col overflow-x-clip pb-20">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-[36rem] bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50 dark:from-brand-950/60 dark:via-slate-950 dark:to-slate-950"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 start-1/2 -z-10 size-[34rem] -translate-x-1/2 rounded-full bg-brand-300/30 blur-3xl rtl:translate-x-1/2 dark:bg-brand-700/20"
      />

      {/* Above the sections below, so the suggestions list can overlap them. */}
      <section className="relative z-10 mx-auto w-full max-w-6xl px-4 pt-10 pb-14 sm:px-6 sm:pt-16 lg:px-8 lg:pt-20">
        <div className="mx-auto max-w-3xl text-center">
          <span className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/70 px-3.5 py-1 text-sm font-medium text-brand-800 shadow-xs backdrop-blur dark:border-brand-800 dark:bg-slate-900/70 dark:text-brand-300">
            <Sparkles className="size-4" aria-hidden="true" />
            {t('explore.heroBadge')}
          </span>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl dark:text-white">
            {t('explore.heroTitle')}
          </h1>
          <p className="mt-4 text-lg text-pretty text-slate-600 dark:text-slate-300">{t('explore.heroText')}</p>
        </div>
        <Suspense fallback={<div className="mx-auto mt-8 h-12 max-w-3xl" aria-hidden="true" />}>
          <SentenceSearch type={type} className="mx-auto mt-8 max-w-3xl" />
        </Suspense>
        <div className="mt-6">
          <ExploreSearchCard
            ref={cardRef}
            form={form}
            onTypeChange={setType}
            onFormChange={changeFields}
            onSubmit={() => void search()}
            onClear={clearAll}
            errors={errors}
            searching={searching}
            dirty={dirty}
          />
        </div>
      </section>

      <CompactSearchBar form={form} targetRef={cardRef} focusId={locationInputId} />

      <div className="flex flex-col gap-20">
        <FeaturedListings />
        <WhyChooseUs />
        <section aria-labelledby="explore-browse-title" className="mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="relative overflow-hidden rounded-3xl bg-brand-800 px-6 py-10 text-center sm:px-12 sm:py-12 md:flex md:items-center md:justify-between md:gap-8 md:text-start dark:bg-brand-950 dark:ring-1 dark:ring-brand-900">
            <div
              aria-hidden="true"
              className="pointer-events-none absolute -end-16 -top-20 size-64 rounded-full bg-brand-500/30 blur-3xl dark:bg-brand-600/20"
            />
            <div className="relative">
              <h2 id="explore-browse-title" className="text-2xl font-bold tracking-tight text-white">
                {t('explore.browseAll')}
              </h2>
              <p className="mt-2 text-base text-brand-50/90">{t('explore.browseAllText')}</p>
            </div>
            <LocalizedLink
              to="/results?type=sublet"
              data-testid="explore-browse-all"
              className="relative mt-6 inline-flex h-12 shrink-0 items-center justify-center gap-2 rounded-xl bg-white px-6 text-base font-semibold whitespace-nowrap text-brand-900 shadow-sm transition-colors hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-brand-800 md:mt-0 dark:focus-visible:ring-offset-brand-950"
            >
              {t('explore.browseAll')}
              <ArrowRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            </LocalizedLink>
          </div>
        </section>
      </div>
    </div>
  );
}
