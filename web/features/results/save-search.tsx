import { BellPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { CreateSavedSearch } from '../../../core/contracts/saved-searches.ts';
import { alertFrequencies, maxSavedSearchNameLength, type AlertFrequency } from '../../../core/search-alerts.ts';
import type { Language } from '../../../core/languages.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field, inputClasses } from '../../components/ui/field.tsx';
import { api } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-message.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';

/**
 * "Save this search" (issue 38, item 4): a signed-in member names the search the URL shows and
 * chooses how often its new listings are mailed; the searches are managed on /saved.
 */
export function SaveSearch({ query, suggestedName, language }: { query: string; suggestedName: string; language: Language }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [frequency, setFrequency] = useState<AlertFrequency>('daily');
  const save = useMutation({ mutationFn: (body: CreateSavedSearch) => api.post('/api/saved-searches', { body }) });
  if (!user) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { name: name.trim() || suggestedName || t('results.saveSearch.defaultName'), query, frequency, language },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success(t('results.saveSearch.saved'));
        },
        onError: (error) => toast.error(t('results.saveSearch.failed'), { description: errorText(t, error) }),
      },
    );
  };

  return (
    <div className="relative">
      <Button
        variant="secondary"
        onClick={() => {
          setName(suggestedName);
          setOpen(!open);
        }}
        aria-expanded={open}
        aria-controls={`${id}-form`}
        data-testid="save-search"
      >
        <BellPlus className="size-4" aria-hidden="true" />
        {t('results.saveSearch.button')}
      </Button>
      {open && (
        <form
          id={`${id}-form`}
          onSubmit={submit}
          aria-label={t('results.saveSearch.title')}
          data-testid="save-search-form"
          className="absolute end-0 top-full z-30 mt-2 flex w-[min(20rem,calc(100vw-2rem))] flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <Field id={`${id}-name`} label={t('results.saveSearch.name')}>
            <input
              id={`${id}-name`}
              value={name}
              maxLength={maxSavedSearchNameLength}
              onChange={(event) => setName(event.target.value)}
              data-testid="save-search-name"
              className={inputClasses(false)}
              autoFocus
            />
          </Field>
          <Field id={`${id}-frequency`} label={t('results.saveSearch.frequency')}>
            <select
              id={`${id}-frequency`}
              value={frequency}
              onChange={(event) => setFrequency(event.target.value as AlertFrequency)}
              data-testid="save-search-frequency"
              className={inputClasses(false)}
            >
              {alertFrequencies.map((value) => (
                <option key={value} value={value}>
                  {t(`alertFrequency.${value}`)}
                </option>
              ))}
            </select>
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
              {t('results.saveSearch.cancel')}
            </Button>
            <Button type="submit" size="sm" disabled={save.isPending} data-testid="save-search-submit">
              {t('results.saveSearch.save')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
