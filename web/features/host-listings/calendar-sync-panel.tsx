/**
 * The host's calendar sync panel for one listing: the export address (copy, rotate), the imported
 * calendars (add, sync now, their errors and conflicts) and removing one. Over 300 lines on purpose:
 * its parts share one query and one error display, and each is small.
 */
import { AlertTriangle, Copy, Link2, RefreshCw, RotateCcw, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { calendarSyncLimits, normalizeFeedUrl } from '../../../core/calendar-sync-rules.ts';
import type { CalendarFeed } from '../../../core/contracts/calendar-sync.ts';
import type { Language } from '../../../core/languages.ts';
import { useLanguage } from '../../app/language.tsx';
import { formatStayRange } from '../../components/search/date-range.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { Field, inputClasses } from '../../components/ui/field.tsx';
import { LoadingState } from '../../components/ui/loading-state.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorText } from '../../lib/error-message.ts';
import { formatDate } from '../../../core/format-date.ts';
import { toast } from '../../lib/toast.ts';
import {
  useAddCalendarFeed,
  useCalendarSync,
  useRemoveCalendarFeed,
  useRotateCalendarExport,
  useSyncCalendarFeed,
} from './calendar-sync-api.ts';
import { useListingCalendar } from './host-listings-api.ts';

/**
 * Calendar sync with other sites on a listing's calendar page (docs/decisions/016-calendar-sync.md):
 * the private export address (copy, make a new one), the other sites' calendars imported into it
 * (add, sync now, disconnect, each with its last sync), the dates they block (named after their
 * calendar, not removable one by one) and the stays they overlap.
 */
export function CalendarSyncPanel({ listingId }: { listingId: number }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const sync = useCalendarSync(listingId);
  const calendar = useListingCalendar(listingId);
  const onError = (error: unknown) => toast.error(errorText(t, error));
  const id = useId();

  if (sync.isError) return null;
  const imported = calendar.data?.imported ?? [];
  return (
    <Card as="section" aria-labelledby={`${id}-title`} className="mt-6 p-4 shadow-sm sm:p-6" data-testid="calendar-sync">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
        <Link2 className="size-5 text-brand-700 dark:text-brand-300" aria-hidden="true" />
        {t('hostListings.calendarSync.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('hostListings.calendarSync.intro')}</p>
      {sync.isPending ? (
        <LoadingState />
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-2">
          <div className="flex min-w-0 flex-col gap-8">
            <ExportAddress listingId={listingId} url={sync.data.exportUrl} onError={onError} />
            {sync.data.conflicts.length > 0 ? (
              <div
                role="alert"
                className="rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/40"
                data-testid="calendar-sync-conflicts"
              >
                <h3 className="flex items-center gap-2 font-semibold text-amber-900 dark:text-amber-200">
                  <AlertTriangle className="size-4" aria-hidden="true" />
                  {t('hostListings.calendarSync.conflictsTitle')}
                </h3>
                <p className="mt-1 text-sm text-amber-900 dark:text-amber-200">{t('hostListings.calendarSync.conflictsHint')}</p>
                <ul className="mt-2 flex flex-col gap-1 text-sm text-amber-950 dark:text-amber-100">
                  {sync.data.conflicts.map((conflict) => (
                    <li key={`${conflict.bookingId}-${conflict.startDate}-${conflict.feedName}`}>
                      {t('hostListings.calendarSync.conflict', {
                        feed: conflict.feedName,
                        eventDates: formatStayRange({ checkIn: conflict.startDate, checkOut: conflict.endDate }, language),
                        stayDates: formatStayRange(conflict, language),
                      })}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <section aria-labelledby={`${id}-imported`}>
              <h3 id={`${id}-imported`} className="font-semibold text-slate-900 dark:text-white">
                {t('hostListings.calendarSync.importedTitle')}
              </h3>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('hostListings.calendarSync.importedHint')}</p>
              {imported.length ? (
                <ul className="mt-3 flex flex-col gap-2" data-testid="calendar-sync-imported">
                  {imported.map((block) => (
                    <li
                      key={block.id}
                      className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-800 dark:text-slate-200"
                    >
                      {formatStayRange({ checkIn: block.startDate, checkOut: block.endDate }, language)}
                      <span className="rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-medium text-violet-900 dark:bg-violet-900/50 dark:text-violet-100">
                        {t('hostListings.calendarSync.from', { name: block.feedName })}
                      </span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>
          </div>
          <ImportedFeeds listingId={listingId} feeds={sync.data.feeds} language={language} onError={onError} />
        </div>
      )}
    </Card>
  );
}

function ExportAddress({ listingId, url, onError }: { listingId: number; url: string; onError: (error: unknown) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const rotate = useRotateCalendarExport(listingId, onError);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('hostListings.calendarSync.copied'));
    } catch {
      toast.error(t('hostListings.calendarSync.copyFailed'));
    }
  };
  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold text-slate-900 dark:text-white">
        {t('hostListings.calendarSync.exportTitle')}
      </h3>
      <Field
        id={`${id}-url`}
        label={t('hostListings.calendarSync.exportLabel')}
        hint={t('hostListings.calendarSync.exportHint')}
        className="mt-3"
      >
        <input
          id={`${id}-url`}
          readOnly
          dir="ltr"
          value={url}
          aria-describedby={`${id}-url-hint`}
          onFocus={(event) => event.currentTarget.select()}
          className={inputClasses(false, 'font-mono text-xs sm:text-xs')}
          data-testid="calendar-sync-export-url"
        />
      </Field>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          <Copy className="size-4" aria-hidden="true" />
          {t('hostListings.calendarSync.copy')}
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t('hostListings.calendarSync.rotate')}
          description={t('hostListings.calendarSync.rotateConfirm')}
          trigger={
            <Button variant="ghost" size="sm" data-testid="calendar-sync-rotate">
              <RotateCcw className="size-4" aria-hidden="true" />
              {t('hostListings.calendarSync.rotate')}
            </Button>
          }
          confirmLabel={t('hostListings.calendarSync.rotate')}
          confirmTestId="calendar-sync-rotate-confirm"
          pending={rotate.isPending}
          onConfirm={() =>
            rotate.mutate(undefined, {
              onSuccess: () => {
                setConfirming(false);
                toast.success(t('hostListings.calendarSync.rotated'));
              },
            })
          }
        />
      </div>
    </section>
  );
}

function ImportedFeeds({
  listingId,
  feeds,
  language,
  onError,
}: {
  listingId: number;
  feeds: CalendarFeed[];
  language: Language;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const add = useAddCalendarFeed(listingId, onError);
  const syncNow = useSyncCalendarFeed(listingId, onError);
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | undefined>();
  const full = feeds.length >= calendarSyncLimits.feedsPerListing;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = normalizeFeedUrl(url);
    if ('problem' in address) {
      setUrlError(t('errors.codes.invalid_feed_url'));
      return;
    }
    setUrlError(undefined);
    add.mutate(
      { name: name.trim(), url: address.url },
      {
        onSuccess: () => {
          setName('');
          setUrl('');
          toast.success(t('hostListings.calendarSync.added'));
        },
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className="min-w-0">
      <h3 id={`${id}-title`} className="font-semibold text-slate-900 dark:text-white">
        {t('hostListings.calendarSync.importTitle')}
      </h3>
      {feeds.length ? (
        <ul className="mt-3 flex flex-col gap-3" data-testid="calendar-sync-feeds">
          {feeds.map((feed) => (
            <li key={feed.id} className="rounded-xl border border-slate-200 p-3 dark:border-slate-800" data-testid="calendar-sync-feed">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900 dark:text-white">{feed.name}</p>
                  <p dir="ltr" className="truncate text-start text-xs text-slate-500 dark:text-slate-400">
                    {feed.url}
                  </p>
                </div>
                <div
                  className="flex flex-wrap gap-1"
                  role="group"
                  aria-label={t('hostListings.calendarSync.feedActions', { name: feed.name })}
                >
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={syncNow.isPending}
                    data-testid="calendar-sync-now"
                    onClick={() => syncNow.mutate(feed.id, { onSuccess: () => toast.success(t('hostListings.calendarSync.synced')) })}
                  >
                    {syncNow.isPending && syncNow.variables === feed.id ? (
                      <Spinner className="size-4" />
                    ) : (
                      <RefreshCw className="size-4" aria-hidden="true" />
                    )}
                    {t('hostListings.calendarSync.syncNow')}
                  </Button>
                  <RemoveFeed listingId={listingId} feed={feed} onError={onError} />
                </div>
              </div>
              <p className="mt-2 text-xs text-slate-600 dark:text-slate-400" data-testid="calendar-sync-feed-status">
                {feed.lastSyncedAt
                  ? t('hostListings.calendarSync.lastSynced', { time: formatDate(new Date(feed.lastSyncedAt), 'dateTime', language) })
                  : t('hostListings.calendarSync.neverSynced')}
                {' · '}
                {t('hostListings.calendarSync.events', { count: feed.eventCount })}
              </p>
              {feed.lastError ? (
                <p
                  className="mt-1 flex items-center gap-1.5 text-xs text-rose-700 dark:text-rose-300"
                  data-testid="calendar-sync-feed-error"
                >
                  <AlertTriangle className="size-3.5 shrink-0" aria-hidden="true" />
                  {t('hostListings.calendarSync.lastError', { error: t(`hostListings.calendarSync.errors.${feed.lastError}`) })}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t('hostListings.calendarSync.noFeeds')}</p>
      )}
      {full ? (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{t('errors.codes.too_many_feeds')}</p>
      ) : (
        <form className="mt-4 flex flex-col gap-3" onSubmit={submit} noValidate data-testid="calendar-sync-add">
          <Field id={`${id}-name`} label={t('hostListings.calendarSync.nameLabel')}>
            <input
              id={`${id}-name`}
              required
              maxLength={calendarSyncLimits.nameMax}
              value={name}
              placeholder={t('hostListings.calendarSync.namePlaceholder')}
              onChange={(event) => setName(event.target.value)}
              className={inputClasses(false)}
              data-testid="calendar-sync-name"
            />
          </Field>
          <Field id={`${id}-feed-url`} label={t('hostListings.calendarSync.urlLabel')} error={urlError}>
            <input
              id={`${id}-feed-url`}
              type="url"
              dir="ltr"
              required
              inputMode="url"
              maxLength={calendarSyncLimits.urlMax}
              value={url}
              placeholder="https://"
              aria-invalid={urlError ? true : undefined}
              aria-describedby={urlError ? `${id}-feed-url-error` : undefined}
              onChange={(event) => setUrl(event.target.value)}
              className={inputClasses(Boolean(urlError), 'text-start')}
              data-testid="calendar-sync-url"
            />
          </Field>
          <Button
            type="submit"
            className="self-start"
            disabled={add.isPending || !name.trim() || !url.trim()}
            data-testid="calendar-sync-submit"
          >
            {add.isPending ? <Spinner className="size-4" /> : <Link2 className="size-4" aria-hidden="true" />}
            {t('hostListings.calendarSync.add')}
          </Button>
        </form>
      )}
    </section>
  );
}

function RemoveFeed({ listingId, feed, onError }: { listingId: number; feed: CalendarFeed; onError: (error: unknown) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const remove = useRemoveCalendarFeed(listingId, onError);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={t('hostListings.calendarSync.remove')}
      description={t('hostListings.calendarSync.removeConfirm', { name: feed.name })}
      trigger={
        <Button variant="ghost" size="sm" data-testid="calendar-sync-remove">
          <Trash2 className="size-4" aria-hidden="true" />
          {t('hostListings.calendarSync.remove')}
        </Button>
      }
      confirmLabel={t('hostListings.calendarSync.remove')}
      confirmTestId="calendar-sync-remove-confirm"
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(feed.id, {
          onSuccess: () => {
            setOpen(false);
            toast.success(t('hostListings.calendarSync.removed'));
          },
        })
      }
    />
  );
}
