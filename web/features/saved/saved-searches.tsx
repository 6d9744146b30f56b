import { Bell, Pencil, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { SavedSearch } from '../../../core/contracts/saved-searches.ts';
import { alertFrequencies, maxSavedSearchNameLength, type AlertFrequency } from '../../../core/search-alerts.ts';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { Button } from '../../components/ui/button.tsx';
import { inputClasses } from '../../components/ui/field.tsx';
import { errorText } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { useDeleteSavedSearch, useSavedSearches, useUpdateSavedSearch } from './saved-api.ts';

/** One saved search: its name (renamed in place), a link to its results, how often it mails, and Delete. */
function SavedSearchRow({ search }: { search: SavedSearch }) {
  const { t } = useTranslation();
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(search.name);
  const failed = (error: unknown) => toast.error(t('saved.searches.failed'), { description: errorText(t, error) });

  const rename = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ id: search.id, name }, { onSuccess: () => setEditing(false), onError: failed });
  };
  const changeFrequency = (frequency: AlertFrequency) =>
    update.mutate({ id: search.id, frequency }, { onSuccess: () => toast.success(t('saved.searches.updated')), onError: failed });

  return (
    <li
      className="flex flex-wrap items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      data-testid="saved-search"
      data-id={search.id}
    >
      {editing ? (
        <form onSubmit={rename} className="flex min-w-0 flex-1 basis-60 items-center gap-2">
          <input
            value={name}
            maxLength={maxSavedSearchNameLength}
            onChange={(event) => setName(event.target.value)}
            aria-label={t('saved.searches.name', { name: search.name })}
            data-testid="saved-search-name-input"
            className={inputClasses(false, 'h-9')}
            autoFocus
          />
          <Button type="submit" size="sm" disabled={update.isPending} data-testid="saved-search-name-save">
            {t('saved.searches.save')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setEditing(false)}>
            {t('saved.searches.cancel')}
          </Button>
        </form>
      ) : (
        <div className="flex min-w-0 flex-1 basis-60 items-center gap-2">
          <LocalizedLink
            to={`/results?${search.query}`}
            className="truncate font-semibold text-slate-900 hover:text-brand-700 hover:underline dark:text-white dark:hover:text-brand-300"
            data-testid="saved-search-open"
          >
            {search.name}
          </LocalizedLink>
          <button
            type="button"
            onClick={() => {
              setName(search.name);
              setEditing(true);
            }}
            title={t('saved.searches.rename')}
            aria-label={`${t('saved.searches.rename')}: ${search.name}`}
            data-testid="saved-search-rename"
            className="flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
          >
            <Pencil className="size-4" aria-hidden="true" />
          </button>
        </div>
      )}
      <div className="flex items-center gap-2">
        <Bell className="size-4 text-slate-400" aria-hidden="true" />
        <select
          value={search.frequency}
          onChange={(event) => changeFrequency(event.target.value as AlertFrequency)}
          aria-label={t('saved.searches.frequency', { name: search.name })}
          data-testid="saved-search-frequency"
          className={inputClasses(false, 'h-9 w-auto pe-8')}
        >
          {alertFrequencies.map((value) => (
            <option key={value} value={value}>
              {t(`alertFrequency.${value}`)}
            </option>
          ))}
        </select>
        <button
          type="button"
          onClick={() => remove.mutate(search.id, { onSuccess: () => toast.success(t('saved.searches.deleted')), onError: failed })}
          aria-label={t('saved.searches.delete', { name: search.name })}
          title={t('saved.searches.delete', { name: search.name })}
          data-testid="saved-search-delete"
          className="flex size-9 items-center justify-center rounded-lg text-rose-600 hover:bg-rose-50 focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-rose-400 dark:hover:bg-rose-950/50"
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </button>
      </div>
    </li>
  );
}

/** The Saved page's searches (issue 38, item 4): each one's alerts managed in place. */
export function SavedSearches() {
  const { t } = useTranslation();
  const query = useSavedSearches();
  const searches = query.data;
  return (
    <section aria-labelledby="saved-searches-heading" className="mt-8" data-testid="saved-searches">
      <h2 id="saved-searches-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('saved.searches.title')}
      </h2>
      {query.isError && !searches ? (
        <p className="mt-3 text-sm text-rose-700 dark:text-rose-300">{t('saved.searches.errorTitle')}</p>
      ) : !searches ? (
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">{t('saved.searches.loading')}</p>
      ) : searches.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400" data-testid="saved-searches-empty">
          {t('saved.searches.empty')}
        </p>
      ) : (
        <ul className="mt-3 flex flex-col gap-3">
          {searches.map((search) => (
            <SavedSearchRow key={search.id} search={search} />
          ))}
        </ul>
      )}
    </section>
  );
}
