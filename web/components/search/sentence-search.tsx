import { Search, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { PropertyType } from '../../../core/constants.ts';
import {
  applyInterpretation,
  chipsOf,
  maxSentenceLength,
  withoutChip,
  type InterpretedChip,
  type InterpretedQuery,
  type Interpretation,
} from '../../../core/search-interpretation.ts';
import { clearedResultsFilters, defaultSearchSort, resultsFiltersToParams, type SearchSort } from '../../../core/search-params.ts';
import { useLanguage } from '../../app/language.tsx';
import type { TFunction, TranslationKey } from '../../i18n/translator.ts';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { api } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { errorText } from '../../lib/error-message.ts';
import { formatStayRange } from './date-range.ts';

/**
 * What a sentence search leaves in the history entry of the results it opened: the sentence, its
 * reading and the type of the page it was typed on, so the results show the chips and a removed chip
 * can be applied again from the reading.
 */
export interface SentenceState {
  sentence: string;
  interpretation: Interpretation;
  baseType: PropertyType;
}

function sentenceStateOf(state: unknown): SentenceState | null {
  const sentence = (state as { sentence?: SentenceState } | null)?.sentence;
  return sentence && typeof sentence.sentence === 'string' && sentence.interpretation?.query ? sentence : null;
}

/** A chip's words, in the page's language. */
function chipLabel(t: TFunction, chip: InterpretedChip, query: InterpretedQuery, type: PropertyType, language: 'en' | 'he'): string {
  if (chip.startsWith('amenity:')) return t(`listing.amenities.${chip.slice('amenity:'.length)}` as TranslationKey);
  const unit = t(`sentenceSearch.chips.units.${type}` as TranslationKey);
  switch (chip) {
    case 'type':
      return t(`sentenceSearch.chips.types.${query.type ?? type}` as TranslationKey);
    case 'location':
      return query.location ?? '';
    case 'dates':
      return formatStayRange({ checkIn: query.checkIn ?? '', checkOut: query.checkOut ?? '' }, language);
    case 'flexible':
      return t('sentenceSearch.chips.flexible');
    case 'price': {
      const number = (value: number) => value.toLocaleString(language === 'he' ? 'he-IL' : 'en-IL');
      if (query.minPrice !== undefined && query.maxPrice !== undefined) {
        return t('sentenceSearch.chips.priceRange', { min: number(query.minPrice), max: number(query.maxPrice), unit });
      }
      return query.maxPrice !== undefined
        ? t('sentenceSearch.chips.priceMax', { max: number(query.maxPrice), unit })
        : t('sentenceSearch.chips.priceMin', { min: number(query.minPrice ?? 0), unit });
    }
    case 'party': {
      const children = type === 'hotel' ? (query.children?.length ?? 0) : 0;
      return children
        ? t('sentenceSearch.chips.children', { count: children, guests: query.guests ?? 0 })
        : t('sentenceSearch.chips.guests', { count: query.guests ?? 0 });
    }
    case 'rooms':
      return t('sentenceSearch.chips.rooms', { count: query.rooms ?? 0 });
    case 'bedrooms':
      return t('sentenceSearch.chips.bedrooms', { count: query.bedrooms ?? 0 });
    case 'petFriendly':
      return t('sentenceSearch.chips.petFriendly');
    default:
      return t('sentenceSearch.chips.shabbatFriendly');
  }
}

/**
 * One search box that takes a sentence, in Hebrew or English (issue 38), beside the search form. The
 * server reads it (GET /api/search/interpret: the interpreter is not shipped to the browser), then the
 * results open at the structured URL, so the search can be shared and refined with the form. What was
 * understood shows as chips; removing one searches again without it.
 */
export function SentenceSearch({
  type,
  sort = defaultSearchSort,
  className,
}: {
  type: PropertyType;
  sort?: SearchSort;
  className?: string;
}) {
  const { t } = useTranslation();
  const { language, localize } = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const current = sentenceStateOf(location.state);
  const [text, setText] = useState(current?.sentence ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const open = (state: SentenceState, replace: boolean) => {
    const filters = applyInterpretation(state.interpretation.query, { ...clearedResultsFilters(state.baseType), sort });
    navigate(localize(`/results?${resultsFiltersToParams(filters).toString()}`), { state: { sentence: state }, replace });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const sentence = text.trim();
    if (!sentence || busy) return;
    setBusy(true);
    setError(null);
    try {
      const params = new URLSearchParams({ q: sentence, lang: language, type });
      const interpretation = await api.get<Interpretation>(`/api/search/interpret?${params.toString()}`);
      open({ sentence, interpretation, baseType: type }, false);
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  };

  const remove = (chip: InterpretedChip) => {
    if (!current) return;
    const query = withoutChip(current.interpretation.query, chip);
    open({ ...current, interpretation: { ...current.interpretation, query } }, true);
  };

  const query = current?.interpretation.query;
  const chips = query ? chipsOf(query) : [];
  const shownType = query?.type ?? current?.baseType ?? type;
  const unmatched = current?.interpretation.unmatched ?? [];

  return (
    <section className={cn('w-full', className)} data-testid="sentence-search" aria-labelledby="sentence-search-label">
      <form onSubmit={(event) => void submit(event)} className="flex w-full items-center gap-2">
        <label id="sentence-search-label" htmlFor="sentence-search-input" className="sr-only">
          {t('sentenceSearch.label')}
        </label>
        <input
          id="sentence-search-input"
          data-testid="sentence-input"
          type="search"
          value={text}
          maxLength={maxSentenceLength}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('sentenceSearch.placeholder')}
          dir="auto"
          enterKeyHint="search"
          className="h-12 min-w-0 flex-1 rounded-xl border border-slate-300 bg-white px-4 text-base text-slate-900 shadow-xs placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-white dark:placeholder:text-slate-400"
        />
        <button
          type="submit"
          data-testid="sentence-submit"
          disabled={busy}
          className="inline-flex h-12 shrink-0 items-center gap-2 rounded-xl bg-brand-700 px-4 text-base font-semibold text-white shadow-sm transition-colors hover:bg-brand-800 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-60 dark:focus-visible:ring-offset-slate-950"
        >
          <Search className="size-4" aria-hidden="true" />
          <span className="max-sm:sr-only">{busy ? t('sentenceSearch.reading') : t('sentenceSearch.submit')}</span>
        </button>
      </form>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400" data-testid="sentence-error">
          {error}
        </p>
      )}
      {current && (
        <div className="mt-3 text-start" data-testid="sentence-understood">
          {chips.length > 0 ? (
            <>
              <p className="text-sm font-medium text-slate-700 dark:text-slate-300">{t('sentenceSearch.understood')}</p>
              <ul className="mt-2 flex flex-wrap gap-2">
                {chips.map((chip) => {
                  const label = chipLabel(t, chip, query!, shownType, language);
                  return (
                    <li
                      key={chip}
                      data-testid="sentence-chip"
                      data-chip={chip}
                      className="inline-flex items-center gap-1 rounded-full border border-brand-200 bg-brand-50 py-1 ps-3 pe-1 text-sm text-brand-900 dark:border-brand-800 dark:bg-brand-950 dark:text-brand-100"
                    >
                      <span dir="auto">{label}</span>
                      <button
                        type="button"
                        onClick={() => remove(chip)}
                        aria-label={t('sentenceSearch.remove', { chip: label })}
                        data-testid="sentence-chip-remove"
                        className="inline-flex size-6 items-center justify-center rounded-full hover:bg-brand-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:hover:bg-brand-900"
                      >
                        <X className="size-3.5" aria-hidden="true" />
                      </button>
                    </li>
                  );
                })}
              </ul>
            </>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('sentenceSearch.nothing')}</p>
          )}
          {unmatched.length > 0 && (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400" data-testid="sentence-unmatched">
              {t('sentenceSearch.notUnderstood', { words: unmatched.join(', ') })}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
