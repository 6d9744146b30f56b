/**
 * The results page's filter panel: place, dates, guests, price, property types, stars, amenities
 * and the Shabbat filters, applied together. Over 300 lines on purpose: one form whose sections
 * edit one draft of the search, submitted at once.
 */
import { Check, ChevronDown, Search, SlidersHorizontal, Star, X } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { accessibilityFeatures, starValues } from '../../../core/constants.ts';
import { maxPartyGuests } from '../../../core/party.ts';
import type { AmenityKey } from '../../../core/amenity-bits.ts';
import type { Language } from '../../../core/languages.ts';
import { amenitiesOfType, maxBedroomsFilter, priceBoundsOf, type ResultsFilters } from '../../../core/search-params.ts';
import { useLanguage } from '../../app/language.tsx';
import { RoomsPicker } from '../../components/search/rooms-picker.tsx';
import { roomsFromTotals, roomsTotals } from '../../components/search/rooms.ts';
import { SelectField } from '../../components/ui/select-field.tsx';
import { DateRangePicker } from '../../components/search/date-range-picker.tsx';
import { LocationAutocomplete } from '../../components/search/location-autocomplete.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { PriceRangeSlider } from './price-range-slider.tsx';
import { carriedParams, dateLabelKeys, sliderValues, toggled, withPriceRange } from './results-model.ts';
import { Card } from '../../components/ui/card.tsx';
import { Field, inputClasses } from '../../components/ui/field.tsx';
import { maxSearchTextLength } from '../../../core/search-text.ts';

/** Amenities shown before 'Show all' (the other ones fold away so the panel fits a laptop screen). */
const foldedAmenityCount = 6;

export const filterFieldIds = { location: 'results-filter-location', dates: 'results-filter-dates' } as const;

function Section({ legend, children, testId }: { legend: string; children: ReactNode; testId?: string }) {
  return (
    <fieldset className="border-t border-slate-200 pt-5 dark:border-slate-800" data-testid={testId}>
      <legend className="float-start mb-3 w-full text-sm font-semibold text-slate-900 dark:text-white">{legend}</legend>
      <div className="clear-both">{children}</div>
    </fieldset>
  );
}

function CheckboxRow({
  checked,
  onChange,
  label,
  testId,
  name,
  value = 'true',
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  testId: string;
  /** The URL parameter it sets when the form is sent without scripts (core/search-params.ts). */
  name?: string;
  value?: string;
}) {
  return (
    <label className="group flex min-h-9 cursor-pointer items-center gap-3 rounded-lg py-1 text-sm text-slate-700 dark:text-slate-200">
      <span className="relative flex size-5 shrink-0 items-center justify-center">
        <input
          type="checkbox"
          name={name}
          value={value}
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          data-testid={testId}
          className={cn(
            'peer size-5 cursor-pointer appearance-none rounded-md border border-slate-300 bg-white transition-colors',
            'checked:border-brand-700 checked:bg-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2',
            'dark:border-slate-600 dark:bg-slate-900 dark:checked:border-brand-400 dark:checked:bg-brand-400 dark:focus-visible:ring-offset-slate-900',
          )}
        />
        <Check
          className="pointer-events-none absolute size-3.5 text-white opacity-0 peer-checked:opacity-100 dark:text-slate-950"
          strokeWidth={3}
          aria-hidden="true"
        />
      </span>
      <span className="group-hover:text-slate-900 dark:group-hover:text-white">{label}</span>
    </label>
  );
}

interface FilterPanelProps {
  draft: ResultsFilters;
  onDraftChange: (draft: ResultsFilters) => void;
  onSearch: () => void;
  onClearAll: () => void;
  /** Results are loading: Search reads 'Searching...' and waits. */
  searching: boolean;
  language: Language;
  /** Small screens: the panel was opened with Show Filters and has a close button. */
  onClose: () => void;
  /** How many filters the search in the URL applies (core/search-params.ts appliedFilterCount). */
  appliedCount?: number;
  /**
   * The Location field's text when it differs from the draft's: the searched place in the page's
   * language (results-model.ts shownLocation), so 'Haifa' reads 'חיפה' on a Hebrew page while the
   * URL keeps the text searched. Typing replaces it.
   */
  locationShown?: string;
}

/**
 * The results filter panel: it edits a draft; Search writes the draft into the URL.
 * Hotels get star toggles, rooms and guests with children's ages, and the hotel amenities; sublets and
 * rentals guests, bedrooms, the home amenities and the swap checkbox; sublets flexible dates.
 */
export function FilterPanel({
  draft,
  onDraftChange,
  onSearch,
  onClearAll,
  searching,
  locationShown,
  language,
  onClose,
  appliedCount = 0,
}: FilterPanelProps) {
  const { t } = useTranslation();
  const { localize } = useLanguage();
  const [showAllAmenities, setShowAllAmenities] = useState(false);
  const type = draft.type;
  const bounds = priceBoundsOf(type);
  const labels = dateLabelKeys[type];
  const update = (patch: Partial<ResultsFilters>) => onDraftChange({ ...draft, ...patch });
  const unit =
    type === 'hotel' ? t('results.filters.perNight') : type === 'sublet' ? t('results.filters.perMonth') : t('results.filters.perWeek');
  // Hotels list hotel amenities, sublets and rentals home ones; a checked amenity never hides behind 'Show all'.
  // Accessibility features are amenities (one bit each in the search, the same URL field) shown as their own section.
  const amenityList = amenitiesOfType(type).filter((key) => !(accessibilityFeatures as readonly string[]).includes(key));
  const amenitiesShown =
    showAllAmenities || draft.amenities.some((key) => amenityList.indexOf(key) >= foldedAmenityCount)
      ? amenityList
      : amenityList.slice(0, foldedAmenityCount);
  // The hotel party as the rooms picker shows it; untouched, the search has no party.
  const rooms = roomsFromTotals(draft.rooms, draft.guests, draft.children);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!searching) onSearch();
  };

  return (
    <Card as="section" aria-labelledby="results-filters-title" data-testid="filter-panel" className="p-5 shadow-sm">
      <div className="mb-5 flex items-center gap-2">
        <SlidersHorizontal className="size-5 text-brand-700 dark:text-brand-300" aria-hidden="true" />
        <h2 id="results-filters-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('results.filters.title')}
        </h2>
        {appliedCount > 0 && (
          <span
            className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-brand-800 dark:bg-brand-950 dark:text-brand-200"
            data-testid="filter-count"
          >
            {t('results.filters.applied', { count: appliedCount, n: appliedCount })}
          </span>
        )}
        <button
          type="button"
          onClick={onClearAll}
          data-testid="filter-clear"
          className="ms-auto rounded-lg px-2 py-1 text-sm font-medium whitespace-nowrap text-brand-700 hover:bg-brand-50 hover:text-brand-800 focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-brand-300 dark:hover:bg-brand-950/60"
        >
          {t('results.filters.clearAll')}
        </button>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('results.filters.close')}
          data-testid="filter-close"
          className="-me-1 flex size-9 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 md:hidden dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>

      {/* Without scripts (before they arrive, or never) the form is sent as it is to the server-rendered
          results: the controls carry the URL's parameter names, and what has no control of its own
          (type, price, stars, a hotel's party, sort, map area) rides along in hidden fields. */}
      <form action={localize('/results')} method="get" onSubmit={submit} className="flex flex-col gap-5" noValidate>
        {[...carriedParams(draft)].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <LocationAutocomplete
          id={filterFieldIds.location}
          label={t('results.filters.location')}
          value={locationShown ?? draft.location}
          onChange={(location) => update({ location })}
          placeholder={t('results.filters.locationPlaceholder')}
          name="location"
          testId="filter-location"
        />

        {/* Words matched in titles and descriptions, either language (decision 048); a sentence's leftovers land here. */}
        <Field id="results-filter-text" label={t('results.filters.text')}>
          <input
            id="results-filter-text"
            type="search"
            name="text"
            value={draft.text}
            maxLength={maxSearchTextLength}
            onChange={(event) => update({ text: event.target.value })}
            placeholder={t('results.filters.textPlaceholder')}
            data-testid="filter-text"
            className={inputClasses(false)}
          />
        </Field>

        <DateRangePicker
          id={filterFieldIds.dates}
          startLabel={t(labels.start)}
          endLabel={t(labels.end)}
          checkIn={draft.checkIn}
          checkOut={draft.checkOut}
          onChange={({ checkIn, checkOut }) => update({ checkIn, checkOut })}
          names={{ start: 'checkIn', end: 'checkOut' }}
          testId="filter-dates"
        />

        {type === 'sublet' && (
          <div className="-mt-2">
            <CheckboxRow
              checked={draft.flexible}
              name="flexible"
              onChange={(flexible) => update({ flexible })}
              label={t('results.filters.flexible')}
              testId="filter-flexible"
            />
            {draft.flexible && !(draft.checkIn && draft.checkOut) && (
              <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="filter-flexible-hint">
                {t('results.filters.flexibleNeedsDates')}
              </p>
            )}
          </div>
        )}

        {type === 'hotel' ? (
          <Section legend={t('results.filters.party')} testId="filter-party">
            <RoomsPicker
              id="results-filter-rooms"
              label={t('search.rooms.label')}
              value={rooms}
              onChange={(next) => update(roomsTotals(next))}
              testId="filter-rooms"
            />
            <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">{t('results.filters.infantsHint')}</p>
          </Section>
        ) : (
          <Section legend={t('results.filters.space')} testId="filter-space">
            <div className="grid grid-cols-2 gap-3">
              <SelectField
                id="results-filter-guests"
                name="guests"
                label={t('results.filters.guests')}
                value={draft.guests ? String(draft.guests) : ''}
                onChange={(event) => update({ guests: event.target.value ? Number(event.target.value) : undefined })}
                data-testid="filter-guests"
                options={[
                  { value: '', label: t('results.filters.any') },
                  ...Array.from({ length: Math.min(maxPartyGuests, 16) }, (_, i) => ({
                    value: String(i + 1),
                    label: t('results.filters.atLeast', { n: i + 1 }),
                  })),
                ]}
              />
              <SelectField
                id="results-filter-bedrooms"
                name="bedrooms"
                label={t('results.filters.bedrooms')}
                value={draft.bedrooms ? String(draft.bedrooms) : ''}
                onChange={(event) => update({ bedrooms: event.target.value ? Number(event.target.value) : undefined })}
                data-testid="filter-bedrooms"
                options={[
                  { value: '', label: t('results.filters.any') },
                  ...Array.from({ length: maxBedroomsFilter }, (_, i) => ({
                    value: String(i + 1),
                    label: t('results.filters.atLeast', { n: i + 1 }),
                  })),
                ]}
              />
            </div>
          </Section>
        )}

        {type === 'hotel' && (
          <Section legend={t('results.filters.stars')} testId="filter-stars">
            <div className="grid grid-cols-5 gap-1.5">
              {starValues.map((star) => {
                const pressed = draft.stars.includes(star);
                return (
                  <button
                    key={star}
                    type="button"
                    aria-pressed={pressed}
                    aria-label={t('results.filters.starOption', { count: star, n: star })}
                    onClick={() => update({ stars: toggled(draft.stars, star) })}
                    data-testid={`filter-star-${star}`}
                    className={cn(
                      'inline-flex h-9 min-w-0 items-center justify-center gap-1 rounded-xl border px-1 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-brand-500',
                      pressed
                        ? 'border-brand-700 bg-brand-700 text-white dark:border-brand-400 dark:bg-brand-400 dark:text-slate-950'
                        : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800',
                    )}
                  >
                    {star}
                    <Star className={cn('size-3.5', pressed ? 'fill-current' : 'fill-amber-400 text-amber-400')} aria-hidden="true" />
                  </button>
                );
              })}
            </div>
          </Section>
        )}

        <Section legend={t('results.filters.price')}>
          <PriceRangeSlider
            id="results-filter-price"
            bounds={bounds}
            value={sliderValues(draft)}
            onChange={(range) => onDraftChange(withPriceRange(draft, range))}
            language={language}
            unit={unit}
            testId="filter-price"
          />
        </Section>

        {
          <Section legend={t(type === 'hotel' ? 'results.filters.amenities' : 'results.filters.homeAmenities')} testId="filter-amenities">
            <div className="flex flex-col">
              {amenitiesShown.map((key) => (
                <CheckboxRow
                  key={key}
                  checked={draft.amenities.includes(key)}
                  name="amenities"
                  value={key}
                  onChange={() => update({ amenities: toggled(draft.amenities, key) })}
                  label={t(`listing.amenities.${key as AmenityKey}`)}
                  testId={`filter-amenity-${key}`}
                />
              ))}
            </div>
            {amenitiesShown.length < amenityList.length && (
              <button
                type="button"
                onClick={() => setShowAllAmenities(true)}
                data-testid="filter-amenities-more"
                className="mt-1 inline-flex items-center gap-1 rounded-lg py-1 text-sm font-medium text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-brand-300"
              >
                {t('results.filters.showAllAmenities', { n: amenityList.length })}
                <ChevronDown className="size-4" aria-hidden="true" />
              </button>
            )}
          </Section>
        }

        <Section legend={t('results.filters.accessibility')} testId="filter-accessibility">
          <div className="flex flex-col">
            {accessibilityFeatures.map((key) => (
              <CheckboxRow
                key={key}
                checked={draft.amenities.includes(key)}
                name="amenities"
                value={key}
                onChange={() => update({ amenities: toggled(draft.amenities, key) })}
                label={t(`listing.amenities.${key}`)}
                testId={`filter-amenity-${key}`}
              />
            ))}
          </div>
        </Section>

        <Section legend={t('results.filters.more')}>
          <CheckboxRow
            checked={draft.petFriendly}
            name="petFriendly"
            onChange={(petFriendly) => update({ petFriendly })}
            label={t('results.filters.petFriendly')}
            testId="filter-pet-friendly"
          />
          {type !== 'hotel' && (
            <CheckboxRow
              checked={draft.swapAvailable}
              name="swapAvailable"
              onChange={(swapAvailable) => update({ swapAvailable })}
              label={t('results.filters.swapAvailable')}
              testId="filter-swap-available"
            />
          )}
          <CheckboxRow
            checked={draft.shabbatFriendly}
            name="shabbatFriendly"
            onChange={(shabbatFriendly) => update({ shabbatFriendly })}
            label={t('results.filters.shabbatFriendly')}
            testId="filter-shabbat-friendly"
          />
          <CheckboxRow
            checked={draft.verifiedPlace}
            name="verifiedPlace"
            onChange={(verifiedPlace) => update({ verifiedPlace })}
            label={t('results.filters.verifiedPlace')}
            testId="filter-verified-place"
          />
        </Section>

        <Button type="submit" size="lg" disabled={searching} data-testid="filter-search" className="w-full">
          {searching ? <Spinner className="size-4" /> : <Search className="size-4" aria-hidden="true" />}
          {searching ? t('results.filters.searching') : t('results.filters.search')}
        </Button>
      </form>
    </Card>
  );
}
