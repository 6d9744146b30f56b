import { Download, FileText } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { toast } from '../../lib/toast.ts';
import { isPositionSlug } from '../../../core/careers.ts';
import { toCsv } from '../../../core/csv.ts';
import { formatNumber } from '../../../core/format.ts';
import type { JobApplicationRecord } from '../../../core/contracts/careers.ts';
import type { ContactMessageRecord } from '../../../core/contracts/contact.ts';
import type { SubscriptionRecord } from '../../../core/contracts/newsletter.ts';
import type { SignupRecord } from '../../../core/contracts/signups.ts';
import { useLanguage } from '../../app/language.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { formatDate } from '../../../core/format-date.ts';
import { errorText } from '../../lib/error-message.ts';
import { allRecords, recordLists, usePageViews, useRecords, type RecordList, type RecordSource } from './admin-api.ts';
import { QueryState } from './query-state.tsx';

interface Column<T> {
  label: string;
  cell: (row: T) => ReactNode;
  /** The value written to the CSV file: raw, not localised, so that it sorts and imports well. */
  csv: (row: T) => unknown;
  csvName: string;
}

/** Downloads text as a file without a server round trip. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function RecordSection<T extends { id: number }>({
  source,
  list,
  title,
  columns,
}: {
  source: RecordSource;
  /** The list's pages, typed by its entry in the endpoints map. */
  list: RecordList<T>;
  title: string;
  columns: Column<T>[];
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const records = useRecords(source, list);
  const [exporting, setExporting] = useState(false);

  // The CSV is built here from the JSON lists (every page of them), through the same formula-safe writer as the audit CSV.
  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = await allRecords(list);
      download(
        `${source}.csv`,
        toCsv(
          columns.map((c) => c.csvName),
          rows.map((row) => columns.map((c) => c.csv(row))),
        ),
      );
    } catch (error) {
      toast.error(t('admin.actionFailed'), { description: errorText(t, error) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3" data-testid={`records-${source}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void exportCsv()}
          disabled={exporting}
          aria-label={t('admin.records.exportNamed', { name: title })}
          data-testid={`records-${source}-csv`}
        >
          <Download className="size-4" aria-hidden="true" />
          {t('admin.audit.export')}
        </Button>
      </div>
      <QueryState query={records} empty={(data) => data.items.length === 0}>
        {(data) => (
          <DataTable
            columns={columns.map((column) => ({ id: column.csvName, header: column.label, cell: column.cell }))}
            rows={data.items}
            rowKey={(row) => row.id}
            labelledBy={headingId}
            caption={t('admin.records.latest', { count: data.items.length, n: data.items.length })}
            className="min-w-[40rem]"
          />
        )}
      </QueryState>
    </section>
  );
}

function PageViewsSection() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const headingId = useId();
  const days = 30;
  const views = usePageViews(days);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3" data-testid="records-page-views">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('admin.records.pageViews', { count: days, n: days })}
      </h2>
      <QueryState query={views} empty={(data) => data.items.length === 0}>
        {(data) => (
          <DataTable
            columns={[
              {
                id: 'page',
                header: t('admin.records.page'),
                rowHeader: true,
                cell: (row) => (
                  <bdi dir="ltr" className="font-mono text-xs">
                    {row.path ?? '—'}
                  </bdi>
                ),
              },
              { id: 'views', header: t('admin.records.views'), cell: (row) => formatNumber(row.views, language) },
              { id: 'visitors', header: t('admin.records.visitors'), cell: (row) => formatNumber(row.visitors, language) },
            ]}
            rows={data.items}
            rowKey={(row) => row.path ?? ''}
            labelledBy={headingId}
            className="min-w-[28rem]"
          />
        )}
      </QueryState>
    </section>
  );
}

/** Contact messages, job applications, newsletter and landing sign-ups, and page views: the operators' records. */
export function RecordsTab() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const date = (value: string | null) => (value ? formatDate(new Date(value), 'dateTime', language) : '—');
  const email = (value: string) => <bdi dir="ltr">{value}</bdi>;
  const created = {
    label: t('admin.records.received'),
    cell: (r: { createdAt: string }) => <span className="whitespace-nowrap">{date(r.createdAt)}</span>,
    csv: (r: { createdAt: string }) => r.createdAt,
    csvName: 'created_at',
  };

  const contact: Column<ContactMessageRecord>[] = [
    created,
    { label: t('admin.records.name'), cell: (r) => <span dir="auto">{r.name}</span>, csv: (r) => r.name, csvName: 'name' },
    { label: t('admin.records.email'), cell: (r) => email(r.email), csv: (r) => r.email, csvName: 'email' },
    { label: t('admin.records.subject'), cell: (r) => <span dir="auto">{r.subject}</span>, csv: (r) => r.subject, csvName: 'subject' },
    {
      label: t('admin.records.message'),
      cell: (r) => (
        <p dir="auto" className="max-w-md whitespace-pre-line">
          {r.message}
        </p>
      ),
      csv: (r) => r.message,
      csvName: 'message',
    },
  ];
  const jobs: Column<JobApplicationRecord>[] = [
    created,
    {
      label: t('admin.records.position'),
      // The position's title in the page's language; a closed position has no title left, only its slug.
      cell: (r) =>
        isPositionSlug(r.positionSlug) ? t(`careersPage.positions.${r.positionSlug}.title`) : <bdi dir="ltr">{r.positionSlug}</bdi>,
      csv: (r) => r.positionSlug,
      csvName: 'position',
    },
    { label: t('admin.records.name'), cell: (r) => <span dir="auto">{r.name}</span>, csv: (r) => r.name, csvName: 'name' },
    { label: t('admin.records.email'), cell: (r) => email(r.email), csv: (r) => r.email, csvName: 'email' },
    {
      label: t('admin.records.cv'),
      cell: (r) => (
        <a
          href={r.cvUrl}
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
          data-testid="records-cv-link"
        >
          <FileText className="size-4" aria-hidden="true" />
          {t('admin.records.openCv', { name: r.name })}
        </a>
      ),
      csv: (r) => new URL(r.cvUrl, window.location.origin).href,
      csvName: 'cv_url',
    },
  ];
  const newsletter: Column<SubscriptionRecord>[] = [
    created,
    { label: t('admin.records.email'), cell: (r) => email(r.email), csv: (r) => r.email, csvName: 'email' },
    {
      label: t('admin.records.language'),
      cell: (r) => t(`admin.records.languageNames.${r.language}`),
      csv: (r) => r.language,
      csvName: 'language',
    },
    { label: t('admin.records.source'), cell: (r) => <bdi dir="ltr">{r.source}</bdi>, csv: (r) => r.source, csvName: 'source' },
    {
      label: t('admin.records.confirmed'),
      cell: (r) => (r.confirmedAt ? date(r.confirmedAt) : t('admin.records.notConfirmed')),
      csv: (r) => r.confirmedAt,
      csvName: 'confirmed_at',
    },
  ];
  const signups: Column<SignupRecord>[] = [
    created,
    {
      label: t('admin.records.name'),
      cell: (r) => <span dir="auto">{`${r.firstName} ${r.lastName}`}</span>,
      csv: (r) => `${r.firstName} ${r.lastName}`,
      csvName: 'name',
    },
    { label: t('admin.records.email'), cell: (r) => email(r.email), csv: (r) => r.email, csvName: 'email' },
    {
      label: t('admin.records.signupType'),
      cell: (r) => t(`admin.records.signupTypes.${r.signupType}`),
      csv: (r) => r.signupType,
      csvName: 'signup_type',
    },
    {
      label: t('admin.records.language'),
      cell: (r) => t(`admin.records.languageNames.${r.language}`),
      csv: (r) => r.language,
      csvName: 'language',
    },
  ];

  return (
    <div className="flex flex-col gap-10">
      <RecordSection source="contact" list={recordLists.contact} title={t('admin.records.contact')} columns={contact} />
      <RecordSection source="jobs" list={recordLists.jobs} title={t('admin.records.jobs')} columns={jobs} />
      <RecordSection source="newsletter" list={recordLists.newsletter} title={t('admin.records.newsletter')} columns={newsletter} />
      <RecordSection source="signups" list={recordLists.signups} title={t('admin.records.signups')} columns={signups} />
      <PageViewsSection />
    </div>
  );
}
