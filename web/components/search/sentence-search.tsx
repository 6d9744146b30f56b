import { Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { PropertyType } from '../../../core/constants.ts';
import type { Interpretation } from '../../../core/search-interpretation.ts';
import { defaultSearchSort, type SearchSort } from '../../../core/search-params.ts';
import { useLanguage } from '../../app/language.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { api } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { errorText } from '../../lib/error-message.ts';

// The chips and the reading's URL are a chunk of their own, fetched on a submit or on results a sentence opened.
const SentenceChips = lazy(() => import('./sentence-chips.tsx'));

/** Mirrors core/search-interpretation.ts maxSentenceLength (300), without loading that module in the first load. */
const maxSentenceLength = 300;

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
  // For tests: the box answers input once it has hydrated (it is a chunk of its own, loaded after the page).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const open = async (state: SentenceState, replace: boolean) => {
    const { sentenceQueryString } = await import('./sentence-chips.tsx');
    navigate(localize(`/results?${sentenceQueryString(state, sort)}`), { state: { sentence: state }, replace });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const sentence = text.trim();
    if (!sentence || busy) return;
    setBusy(true);
    setError(null);
    try {
      const interpretation = await api.get('/api/search/interpret', { query: { q: sentence, lang: language, type } });
      await open({ sentence, interpretation, baseType: type }, false);
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={cn('w-full', className)} data-testid="sentence-search" data-ready={ready} aria-labelledby="sentence-search-label">
      {/* A real form: before the scripts arrive (or without them) it goes to /results?q=, which the server reads and redirects to the structured search (server/web-static.ts). */}
      <form action={localize('/results')} method="get" onSubmit={(event) => void submit(event)} className="flex w-full items-center gap-2">
        <input type="hidden" name="type" value={type} />
        <label id="sentence-search-label" htmlFor="sentence-search-input" className="sr-only">
          {t('sentenceSearch.label')}
        </label>
        <input
          id="sentence-search-input"
          data-testid="sentence-input"
          name="q"
          type="search"
          value={text}
          maxLength={maxSentenceLength}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('sentenceSearch.placeholder')}
          // Empty, the box takes the page's direction, so a Hebrew hint too long for a phone is cut at its end, not its start.
          dir={text ? 'auto' : undefined}
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
        <Suspense fallback={null}>
          <SentenceChips state={current} language={language} onChange={(next) => void open(next, true)} />
        </Suspense>
      )}
    </section>
  );
}
