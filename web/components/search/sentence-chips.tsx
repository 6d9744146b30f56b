import { X } from 'lucide-react';
import type { PropertyType } from '../../../core/constants.ts';
import {
  chipsOf,
  sentenceResultsQuery,
  withoutChip,
  type InterpretedChip,
  type InterpretedQuery,
} from '../../../core/search-interpretation.ts';
import type { SearchSort } from '../../../core/search-params.ts';
import { formatNumber } from '../../../core/format.ts';
import type { Language } from '../../../core/languages.ts';
import type { TFunction, TranslationKey } from '../../i18n/translator.ts';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { formatStayRange } from './date-range.ts';
import type { SentenceState } from './sentence-search.tsx';

/**
 * The sentence search's chips and its way from a reading to a results URL: loaded on a sentence's
 * submit or on results a sentence opened, never in a page's first load (docs/performance-rules.md).
 */

/** The /results query string of a reading: its fields over a cleared search of the page's type. */
export function sentenceQueryString(state: SentenceState, sort: SearchSort): string {
  return sentenceResultsQuery(state.interpretation, state.baseType, sort);
}

/** A chip's words, in the page's language. */
function chipLabel(t: TFunction, chip: InterpretedChip, query: InterpretedQuery, type: PropertyType, language: Language): string {
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
      const number = (value: number) => formatNumber(value, language);
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

/** What a sentence was read as, each chip removable, and the words left over. */
export default function SentenceChips({
  state,
  language,
  onChange,
}: {
  state: SentenceState;
  language: Language;
  onChange: (state: SentenceState) => void;
}) {
  const { t } = useTranslation();
  const query = state.interpretation.query;
  const chips = chipsOf(query);
  const shownType = query.type ?? state.baseType;
  const unmatched = state.interpretation.unmatched;
  const remove = (chip: InterpretedChip) =>
    onChange({ ...state, interpretation: { ...state.interpretation, query: withoutChip(query, chip) } });
  return (
    <div className="mt-3 text-start" data-testid="sentence-understood">
      {chips.length > 0 ? (
        <>
          <p className="text-sm font-medium text-slate-700 dark:text-slate-300">{t('sentenceSearch.understood')}</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {chips.map((chip) => {
              const label = chipLabel(t, chip, query, shownType, language);
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
        // The words left over are searched for in the listings' own text; removing them widens the search.
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400" data-testid="sentence-unmatched">
          <span dir="auto">{t('sentenceSearch.wordsSearched', { words: unmatched.join(', ') })}</span>
          <button
            type="button"
            onClick={() => onChange({ ...state, interpretation: { ...state.interpretation, unmatched: [] } })}
            aria-label={t('sentenceSearch.remove', { chip: unmatched.join(', ') })}
            data-testid="sentence-words-remove"
            className="inline-flex size-6 items-center justify-center rounded-full hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:hover:bg-slate-800"
          >
            <X className="size-3.5" aria-hidden="true" />
          </button>
        </p>
      )}
    </div>
  );
}
