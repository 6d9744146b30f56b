import { CircleAlert, Hotel, House, KeyRound, RotateCcw, Search, type LucideIcon } from 'lucide-react';
import type { Ref } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { PropertyType } from '../../../core/constants.ts';
import type { SearchFormError } from '../../../core/search-form-rules.ts';
import { useLanguage } from '../../app/language.tsx';
import { DateRangePicker } from '../../components/search/date-range-picker.tsx';
import { formatDay } from '../../components/search/date-range.ts';
import { LocationAutocomplete } from '../../components/search/location-autocomplete.tsx';
import { RoomsPicker } from '../../components/search/rooms-picker.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { localizePath } from '../../../core/languages.ts';
import { summaryParts, type ExploreForm } from './explore-model.ts';

export const exploreTypes: { type: PropertyType; icon: LucideIcon }[] = [
  { type: 'sublet', icon: House },
  { type: 'rental', icon: KeyRound },
  { type: 'hotel', icon: Hotel },
];

export const typeLabelKeys = {
  sublet: 'search.types.sublet',
  rental: 'search.types.rental',
  hotel: 'search.types.hotel',
} as const satisfies Record<PropertyType, string>;

const dateLabelKeys = {
  hotel: { start: 'search.dates.hotel.start', end: 'search.dates.hotel.end' },
  sublet: { start: 'search.dates.sublet.start', end: 'search.dates.sublet.end' },
  rental: { start: 'search.dates.rental.start', end: 'search.dates.rental.end' },
} as const;

export const locationInputId = 'explore-location';

interface ExploreSearchCardProps {
  form: ExploreForm;
  onTypeChange(type: PropertyType): void;
  onFormChange(change: Partial<Omit<ExploreForm, 'type'>>): void;
  onSubmit(): void;
  onClear(): void;
  errors: SearchFormError[];
  searching: boolean;
  /** Something was chosen (a type other than sublets, a place, dates, rooms): shows the summary and Clear All Filters. */
  dirty: boolean;
  ref?: Ref<HTMLElement>;
}

/** The home search: property type, place, dates (and rooms for hotels), Search, errors, summary, Clear All Filters. */
export function ExploreSearchCard({
  form,
  onTypeChange,
  onFormChange,
  onSubmit,
  onClear,
  errors,
  searching,
  dirty,
  ref,
}: ExploreSearchCardProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const hotel = form.type === 'hotel';
  const labels = dateLabelKeys[form.type];
  const locationInvalid = errors.includes('location_required') || errors.includes('destination_required');
  const datesInvalid = errors.some((error) => error.startsWith('check_'));
  const summary = summaryParts(form);

  return (
    <section
      ref={ref}
      aria-label={t('explore.formLabel')}
      data-testid="explore-search-card"
      className="scroll-mt-32 rounded-3xl border border-slate-200/80 bg-white/95 p-4 shadow-xl shadow-slate-900/5 backdrop-blur sm:p-6 dark:border-slate-800 dark:bg-slate-900/90 dark:shadow-black/30"
    >
      {/* A real form: without scripts it submits to the server-rendered results (issue 40). */}
      <form
        noValidate
        action={localizePath('/results', language)}
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <fieldset>
          <legend className="sr-only">{t('explore.propertyType')}</legend>
          <div className="grid grid-cols-3 gap-1 rounded-2xl bg-slate-100 p-1 sm:inline-grid dark:bg-slate-800/80">
            {exploreTypes.map(({ type, icon: Icon }) => {
              const checked = form.type === type;
              return (
                <label
                  key={type}
                  data-testid={`explore-type-${type}`}
                  data-checked={checked ? 'true' : 'false'}
                  className={cn(
                    'relative flex cursor-pointer items-center justify-center gap-2 rounded-xl px-3 py-2 text-sm font-medium transition-colors sm:px-5',
                    'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
                    // Styled by the radio's own state, so the switch shows the choice before (and without) the scripts too.
                    'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
                    'has-[:checked]:bg-white has-[:checked]:text-brand-800 has-[:checked]:shadow-sm dark:has-[:checked]:bg-slate-950 dark:has-[:checked]:text-brand-300',
                  )}
                >
                  <input type="radio" name="type" value={type} checked={checked} onChange={() => onTypeChange(type)} className="sr-only" />
                  <Icon className="size-4 shrink-0" aria-hidden="true" />
                  {t(typeLabelKeys[type])}
                </label>
              );
            })}
          </div>
        </fieldset>

        <div
          className={cn(
            'mt-5 grid items-end gap-4 sm:grid-cols-2',
            hotel
              ? 'lg:grid-cols-[minmax(0,1.25fr)_minmax(0,1fr)_minmax(0,0.85fr)_auto]'
              : 'lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_auto]',
          )}
        >
          <LocationAutocomplete
            id={locationInputId}
            label={hotel ? t('search.location.destination') : t('search.location.label')}
            placeholder={hotel ? t('search.location.destinationPlaceholder') : t('search.location.placeholder')}
            value={form.location}
            onChange={(location) => onFormChange({ location })}
            invalid={locationInvalid}
            testId="explore-location"
            name="location"
            className="sm:col-span-2 lg:col-span-1"
          />
          <DateRangePicker
            id="explore-dates"
            startLabel={t(labels.start)}
            endLabel={t(labels.end)}
            checkIn={form.checkIn}
            checkOut={form.checkOut}
            onChange={(range) => onFormChange(range)}
            invalid={datesInvalid}
            testId="explore-dates"
            names={{ start: 'checkIn', end: 'checkOut' }}
          />
          {hotel && (
            <RoomsPicker
              id="explore-rooms"
              label={t('search.rooms.label')}
              value={form.rooms}
              onChange={(rooms) => onFormChange({ rooms })}
              testId="explore-rooms"
            />
          )}
          <Button
            type="submit"
            disabled={searching}
            data-testid="explore-search"
            className={cn('h-11 w-full px-6 text-base lg:w-auto lg:px-7', hotel && 'sm:col-span-2 lg:col-span-1')}
          >
            {searching ? <Spinner className="size-4" /> : <Search className="size-4" aria-hidden="true" />}
            {searching ? t('search.searching') : t('search.submit')}
          </Button>
        </div>

        {errors.length > 0 && (
          <div
            role="alert"
            data-testid="explore-errors"
            className="mt-4 flex gap-3 rounded-xl border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-800 dark:border-rose-900/70 dark:bg-rose-950/40 dark:text-rose-200"
          >
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <ul className="list-disc space-y-0.5 ps-4">
              {errors.map((error) => (
                <li key={error} data-error={error}>
                  {t(`search.errors.${error}`)}
                </li>
              ))}
            </ul>
          </div>
        )}

        {dirty && (
          <div className="mt-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-slate-100 pt-4 dark:border-slate-800">
            <p className="min-w-0 text-sm text-slate-600 dark:text-slate-300" data-testid="explore-summary">
              <span className="font-medium text-slate-900 dark:text-white">
                {t('explore.summary.lead', { type: t(typeLabelKeys[form.type]) })}
              </span>
              {summary.location && <> {t('explore.summary.in', { location: summary.location })}</>}
              {summary.from && <> {t('explore.summary.from', { date: formatDay(summary.from, language) })}</>}
              {summary.to && <> {t('explore.summary.to', { date: formatDay(summary.to, language) })}</>}
            </p>
            <Button
              variant="ghost"
              size="sm"
              onClick={onClear}
              data-testid="explore-clear"
              className="-me-2 text-brand-800 dark:text-brand-300"
            >
              <RotateCcw className="size-4" aria-hidden="true" />
              {t('explore.clearAll')}
            </Button>
          </div>
        )}
      </form>
    </section>
  );
}
