import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlatformSettings } from '../../../core/admin-schemas.ts';
import type { Role } from '../../../core/constants.ts';
import type { AuditQuery, MailPreviewBody, MoveReportBody, RecordsQuery, ReportStatus, UsersQuery } from '../../../core/contracts/admin.ts';
import { api, queryString } from '../../lib/api-client.ts';

/** The filters as the tabs' forms hold them: an empty field is left undefined, which the query leaves out. */
export type AuditFilter = Partial<AuditQuery>;
export type UsersFilter = Partial<UsersQuery>;

/** The operators' paged record lists, shown on the Records tab: each one's page (`limit`, `offset`; the server's defaults when left out). */
export const recordLists = {
  contact: (page: Partial<RecordsQuery>, signal?: AbortSignal) => api.get('/api/admin/contact-messages', { query: page, signal }),
  jobs: (page: Partial<RecordsQuery>, signal?: AbortSignal) => api.get('/api/admin/job-applications', { query: page, signal }),
  newsletter: (page: Partial<RecordsQuery>, signal?: AbortSignal) =>
    api.get('/api/admin/newsletter-subscriptions', { query: page, signal }),
  signups: (page: Partial<RecordsQuery>, signal?: AbortSignal) => api.get('/api/admin/signups', { query: page, signal }),
};
export type RecordSource = keyof typeof recordLists;
/** One page of a record list, whichever it is: the Records tab's sections take theirs as a prop. */
export type RecordList<T> = (page: Partial<RecordsQuery>, signal?: AbortSignal) => Promise<{ items: T[] }>;

/** The admin area's queries; every key starts with adminQueries.all(), so one invalidation refreshes them all. */
export const adminQueries = {
  all: () => ['admin'] as const,
  stats: () =>
    queryOptions({ queryKey: [...adminQueries.all(), 'stats'], queryFn: ({ signal }) => api.get('/api/admin/stats', { signal }) }),
  verifications: () =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'verifications'],
      queryFn: ({ signal }) => api.get('/api/admin/verifications', { signal }),
    }),
  reports: (status: ReportStatus | undefined) =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'reports', status],
      queryFn: ({ signal }) => api.get('/api/admin/reports', { query: { status }, signal }),
    }),
  users: (filter: UsersFilter) =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'users', filter],
      queryFn: ({ signal }) => api.get('/api/admin/users', { query: filter, signal }),
    }),
  settings: () =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'settings'],
      queryFn: ({ signal }) => api.get('/api/admin/settings', { signal }),
    }),
  audit: (filter: AuditFilter) =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'audit', filter],
      queryFn: ({ signal }) => api.get('/api/admin/audit', { query: filter, signal }),
    }),
  records: <T>(source: RecordSource, list: RecordList<T>) =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'records', source],
      queryFn: ({ signal }) => list({}, signal),
    }),
  pageViews: (days: number) =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'page-views', days],
      queryFn: ({ signal }) => api.get('/api/admin/analytics/page-views', { query: { days, limit: 500 }, signal }),
    }),
};

export const useStats = () => useQuery(adminQueries.stats());
export const useVerifications = () => useQuery(adminQueries.verifications());
export const useReports = (status: ReportStatus | undefined) => useQuery(adminQueries.reports(status));
export const useUsers = (filter: UsersFilter) => useQuery(adminQueries.users(filter));
export const useSettings = () => useQuery(adminQueries.settings());
export const auditCsvUrl = (filter: AuditFilter) => `/api/admin/audit.csv${queryString(filter)}`;
export const useAudit = (filter: AuditFilter) => useQuery(adminQueries.audit(filter));
export const useRecords = <T>(source: RecordSource, list: RecordList<T>) => useQuery(adminQueries.records(source, list));
export const usePageViews = (days: number) => useQuery(adminQueries.pageViews(days));

/** Every admin action changes the figures and lists around it: refresh the whole admin area after it. */
export function useAdminAction<V>(action: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueries.all() }),
  });
}

/** A reason goes with a refusal only (the reject routes ask for one; an approval has none). */
type Decision = { approve: true } | { approve: false; reason: string };

export const decideIdDocument = (v: { userId: string } & Decision) =>
  v.approve
    ? api.post('/api/admin/verifications/:userId/approve', { params: v })
    : api.post('/api/admin/verifications/:userId/reject', { params: v, body: { reason: v.reason } });
export const decideListing = (v: { id: number } & Decision) =>
  v.approve
    ? api.post('/api/admin/listings/:id/approve', { params: v })
    : api.post('/api/admin/listings/:id/reject', { params: v, body: { reason: v.reason } });
export const decideListingChange = (v: { id: number; version: string } & Decision) =>
  v.approve
    ? api.post('/api/admin/listing-changes/:id/approve', { params: v, body: { version: v.version } })
    : api.post('/api/admin/listing-changes/:id/reject', { params: v, body: { reason: v.reason } });
export const decidePlace = (v: { id: number } & Decision) =>
  v.approve
    ? api.post('/api/admin/places/:id/approve', { params: v })
    : api.post('/api/admin/places/:id/reject', { params: v, body: { reason: v.reason } });
export const moveReport = (v: { id: number } & MoveReportBody) =>
  api.patch('/api/admin/reports/:id', { params: v, body: { status: v.status, notes: v.notes } });
export const changeRole = (v: { id: string; role: Role }) => api.patch('/api/admin/users/:id/role', { params: v, body: { role: v.role } });
export const setSuspended = (v: { id: string; suspend: boolean }) =>
  v.suspend ? api.post('/api/admin/users/:id/suspend', { params: v }) : api.post('/api/admin/users/:id/reactivate', { params: v });
export const saveSettings = (v: Partial<PlatformSettings>) => api.patch('/api/admin/settings', { body: v });
export const previewMail = (v: MailPreviewBody) => api.post('/api/admin/settings/mail-preview', { body: v });

/** Every row of one record list for an export: the lists are paged at 200 at most, so read page after page. */
export async function allRecords<T>(list: RecordList<T>): Promise<T[]> {
  const pageSize = 200;
  const rows: T[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const page = await list({ limit: pageSize, offset });
    rows.push(...page.items);
    if (page.items.length < pageSize) return rows;
  }
}
