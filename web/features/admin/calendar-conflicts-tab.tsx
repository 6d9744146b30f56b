import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { AdminCalendarConflicts } from '../../../core/contracts/calendar-sync.ts';
import { useLanguage } from '../../app/language.tsx';
import { formatStayRange } from '../../components/search/date-range.ts';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table.tsx';
import { api } from '../../lib/api-client.ts';
import { QueryState } from './query-state.tsx';

type Conflict = AdminCalendarConflicts['conflicts'][number];

/**
 * Stays that a calendar imported from another site overlaps, on every listing (calendar sync,
 * docs/decisions/016-calendar-sync.md): double bookings across sites, flagged and never cancelled.
 */
export function CalendarConflictsTab() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const conflicts = useQuery({
    // Listing titles come in the page's language.
    queryKey: ['admin', 'calendar-conflicts', language],
    queryFn: ({ signal }) => api.get('/api/admin/calendar-conflicts', { query: { lang: language }, signal }),
    select: (data) => data.conflicts,
  });
  const columns: DataTableColumn<Conflict>[] = [
    {
      id: 'listing',
      header: t('admin.calendarConflicts.listing'),
      cell: (c) => <bdi dir="auto">{c.listingTitle || `#${c.propertyId}`}</bdi>,
    },
    { id: 'host', header: t('admin.calendarConflicts.host'), cell: (c) => <bdi dir="ltr">{c.hostEmail}</bdi> },
    { id: 'stay', header: t('admin.calendarConflicts.stay'), cell: (c) => formatStayRange(c, language), className: 'whitespace-nowrap' },
    { id: 'feed', header: t('admin.calendarConflicts.feed'), cell: (c) => <bdi dir="auto">{c.feedName}</bdi> },
    {
      id: 'event',
      header: t('admin.calendarConflicts.eventDates'),
      cell: (c) => formatStayRange({ checkIn: c.startDate, checkOut: c.endDate }, language),
      className: 'whitespace-nowrap',
    },
  ];
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('admin.calendarConflicts.hint')}</p>
      <QueryState query={conflicts} empty={(data) => data.length === 0}>
        {(data) => (
          <DataTable
            columns={columns}
            rows={data}
            rowKey={(c) => `${c.bookingId}-${c.feedName}-${c.startDate}`}
            label={t('admin.tabs.calendarConflicts')}
            className="min-w-[40rem]"
            testId="calendar-conflicts-table"
          />
        )}
      </QueryState>
    </div>
  );
}
