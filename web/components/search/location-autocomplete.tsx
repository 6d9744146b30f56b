import { Building2, Map, MapPin, X } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { maxLocationLength } from '../../../core/search-params.ts';
import type { PlaceSuggestion } from '../../../core/contracts/search.ts';
import { useLanguage } from '../../app/language.tsx';
import { cn } from '../../lib/cn.ts';
import { useValueTypedBeforeHydration } from '../../lib/use-value-typed-before-hydration.ts';
import { inputClasses } from '../ui/field.tsx';
import { usePlaceSuggestions } from './search-api.ts';

export interface LocationAutocompleteProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  /** Keep the label for screen readers only. */
  labelHidden?: boolean;
  /** Test ids: `${testId}`, `${testId}-input`, `${testId}-listbox`, `${testId}-option-${index}`. */
  testId?: string;
  /** Marks the field invalid (red border, aria-invalid), e.g. while a search form shows a location error. */
  invalid?: boolean;
  className?: string;
  /** Called with the place picked from the list (forms that need the place itself, not only its name). */
  onPick?(place: PlaceSuggestion): void;
  /** The field's name in its form, for a form that also works without scripts (e.g. `location`). */
  name?: string;
}

const kindIcons = { region: Map, city: Building2, neighbourhood: MapPin } as const;
const kindLabels = {
  region: 'search.location.kinds.region',
  city: 'search.location.kinds.city',
  neighbourhood: 'search.location.kinds.neighbourhood',
} as const;

/** The name with the typed text in bold (case-insensitive, first occurrence). */
function highlighted(name: string, typed: string): ReactNode {
  const query = typed.trim().toLocaleLowerCase();
  const at = query ? name.toLocaleLowerCase().indexOf(query) : -1;
  if (at < 0) return name;
  return (
    <>
      {name.slice(0, at)}
      <mark className="bg-transparent font-bold text-inherit">{name.slice(at, at + query.length)}</mark>
      {name.slice(at + query.length)}
    </>
  );
}

/**
 * Location input with place suggestions (ARIA 1.2 combobox with a listbox popup): suggestions from
 * GET /api/places/suggest as the visitor types (debounced, at most 8, only for non-empty text);
 * ArrowDown/ArrowUp move, Enter or a click picks, Escape closes. Picking puts the place's name in the field.
 */
export function LocationAutocomplete({
  id,
  label,
  value,
  onChange,
  placeholder,
  labelHidden = false,
  testId = 'location-autocomplete',
  invalid = false,
  className,
  onPick,
  name,
}: LocationAutocompleteProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  /** Open while the visitor types; closed after a pick, Escape or leaving the field. */
  const [open, setOpen] = useState(false);
  const [activeId, setActiveId] = useState<number | null>(null);
  const { suggestions, settled } = usePlaceSuggestions(value, language, open);
  const input = useRef<HTMLInputElement>(null);
  useValueTypedBeforeHydration(input, value, onChange);

  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const expanded = open && suggestions.length > 0;
  const activeIndex = expanded ? suggestions.findIndex((place) => place.id === activeId) : -1;
  const noMatches = open && settled && value.trim() !== '' && suggestions.length === 0;

  useEffect(() => {
    if (activeIndex >= 0) document.getElementById(`${id}-option-${activeIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, id]);

  const pick = (place: PlaceSuggestion) => {
    onChange(place.name);
    onPick?.(place);
    setOpen(false);
    setActiveId(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          return;
        }
        const count = suggestions.length;
        const next = event.key === 'ArrowDown' ? (activeIndex + 1) % count : activeIndex <= 0 ? count - 1 : activeIndex - 1;
        setActiveId(suggestions[next]!.id);
        return;
      }
      case 'Enter': {
        const place = suggestions[activeIndex];
        if (expanded && place) {
          event.preventDefault();
          pick(place);
        }
        return;
      }
      case 'Escape':
        if (open) {
          // Closing the list must not also close a dialog around the field.
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActiveId(null);
        }
        return;
      case 'Tab':
        setOpen(false);
        return;
    }
  };

  return (
    <div className={cn('flex flex-col gap-1.5', className)} data-testid={testId}>
      <label htmlFor={id} className={labelHidden ? 'sr-only' : 'text-sm font-medium text-slate-800 dark:text-slate-200'}>
        {label}
      </label>
      <div className="relative">
        <MapPin
          className="pointer-events-none absolute start-3.5 top-1/2 size-4.5 -translate-y-1/2 text-slate-400 dark:text-slate-500"
          aria-hidden="true"
        />
        <input
          ref={input}
          id={id}
          name={name}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-invalid={invalid || undefined}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={maxLocationLength}
          placeholder={placeholder}
          value={value}
          data-testid={`${testId}-input`}
          className={inputClasses(invalid, cn('ps-10', value ? 'pe-10' : ''))}
          onChange={(event) => {
            onChange(event.target.value);
            setOpen(true);
            setActiveId(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setActiveId(null);
          }}
        />
        {value && (
          <button
            type="button"
            aria-label={t('search.location.clear')}
            title={t('search.location.clear')}
            data-testid={`${testId}-clear`}
            className="absolute end-1.5 top-1/2 flex size-8 -translate-y-1/2 items-center justify-center rounded-lg text-slate-400 transition-colors hover:bg-slate-100 hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-brand-500 dark:hover:bg-slate-800 dark:hover:text-slate-200"
            onClick={() => {
              onChange('');
              setOpen(false);
              document.getElementById(id)?.focus();
            }}
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        )}

        <ul
          id={listboxId}
          role="listbox"
          aria-label={label}
          data-testid={`${testId}-listbox`}
          hidden={!expanded}
          className="absolute inset-x-0 top-full z-30 mt-2 max-h-80 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl shadow-slate-900/10 dark:border-slate-700 dark:bg-slate-900 dark:shadow-black/40"
        >
          {expanded &&
            suggestions.map((place, index) => {
              const Icon = kindIcons[place.kind];
              const active = index === activeIndex;
              return (
                <li
                  key={place.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={active}
                  data-testid={`${testId}-option-${index}`}
                  // Keep the focus in the input: the click picks without a blur first.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => !active && setActiveId(place.id)}
                  onClick={() => pick(place)}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-start',
                    active ? 'bg-brand-50 dark:bg-brand-950/70' : '',
                  )}
                >
                  <span
                    className={cn(
                      'flex size-8 shrink-0 items-center justify-center rounded-lg',
                      active
                        ? 'bg-white text-brand-700 dark:bg-slate-900 dark:text-brand-300'
                        : 'bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400',
                    )}
                  >
                    <Icon className="size-4" aria-hidden="true" />
                  </span>
                  <span className="flex min-w-0 flex-col">
                    <span className="truncate text-sm text-slate-900 dark:text-slate-100">{highlighted(place.name, value)}</span>
                    <span className="truncate text-xs text-slate-500 dark:text-slate-400">
                      {place.parentName ?? t(kindLabels[place.kind])}
                    </span>
                  </span>
                </li>
              );
            })}
        </ul>
        {noMatches && (
          <p
            className="absolute inset-x-0 top-full z-30 mt-2 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-600 shadow-xl shadow-slate-900/10 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300 dark:shadow-black/40"
            data-testid={`${testId}-empty`}
          >
            {t('search.location.noResults')}
          </p>
        )}
        <p role="status" className="sr-only">
          {expanded ? t('search.location.results', { count: suggestions.length }) : noMatches ? t('search.location.noResults') : ''}
        </p>
      </div>
    </div>
  );
}
