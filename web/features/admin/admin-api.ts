import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlatformSettings } from '../../../core/admin-schemas.ts';
import type { Role } from '../../../core/constants.ts';
import type {
  AdminSettings,
  AdminUser,
  AuditEvent,
  AuditQuery,
  MailPreview,
  MailPreviewBody,
  MoveReportBody,
  Report,
  ReportStatus,
  Stats,
  UsersQuery,
  Verifications,
} from '../../../core/contracts/admin.ts';
import type { PageViews } from '../../../core/contracts/analytics.ts';
import { legacyApi } from '../../lib/api-client.ts';

/** The filters as the tabs' forms hold them (the server checks each value against its list). */
export type AuditFilter = { [Key in keyof AuditQuery]?: string | undefined };
export type UsersFilter = { [Key in keyof UsersQuery]?: string | undefined };

const query = (params: { [key: string]: string | number | undefined }) => {
  const search = new URLSearchParams(Object.entries(params).flatMap(([key, value]) => (value ? [[key, String(value)]] : [])));
  return search.size ? `?${search}` : '';
};

/** The operators' paged record lists, shown on the Records tab. */
export const recordSources = {
  contact: '/api/admin/contact-messages',
  jobs: '/api/admin/job-applications',
  newsletter: '/api/admin/newsletter-subscriptions',
  signups: '/api/admin/signups',
} as const;
export type RecordSource = keyof typeof recordSources;

/** The admin area's queries; every key starts with adminQueries.all(), so one invalidation refreshes them all. */
export const adminQueries = {
  all: () => ['admin'] as const,
  stats: () =>
    queryOptions({ queryKey: [...adminQueries.all(), 'stats'], queryFn: ({ signal }) => legacyApi.get<Stats>('/api/admin/stats', signal) }),
  verifications: () =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'verifications'],
      queryFn: ({ signal }) => legacyApi.get<Verifications>('/api/admin/verifications', signal),
    }),
  reports: (status: ReportStatus | undefined) =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'reports', status],
      queryFn: ({ signal }) => legacyApi.get<Report[]>(`/api/admin/reports${query({ status })}`, signal),
    }),
  users: (filter: UsersFilter) =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'users', filter],
      queryFn: ({ signal }) => legacyApi.get<AdminUser[]>(`/api/admin/users${query(filter)}`, signal),
    }),
  settings: () =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'settings'],
      queryFn: ({ signal }) => legacyApi.get<AdminSettings>('/api/admin/settings', signal),
    }),
  audit: (filter: AuditFilter) =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'audit', filter],
      queryFn: ({ signal }) => legacyApi.get<AuditEvent[]>(`/api/admin/audit${query(filter)}`, signal),
    }),
  records: <T>(source: RecordSource) =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'records', source],
      queryFn: ({ signal }) => legacyApi.get<{ items: T[] }>(recordSources[source], signal),
    }),
  pageViews: (days: number) =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'page-views', days],
      queryFn: ({ signal }) => legacyApi.get<PageViews>(`/api/admin/analytics/page-views${query({ days, limit: 500 })}`, signal),
    }),
};

export const useStats = () => useQuery(adminQueries.stats());
export const useVerifications = () => useQuery(adminQueries.verifications());
export const useReports = (status: ReportStatus | undefined) => useQuery(adminQueries.reports(status));
export const useUsers = (filter: UsersFilter) => useQuery(adminQueries.users(filter));
export const useSettings = () => useQuery(adminQueries.settings());
export const auditCsvUrl = (filter: AuditFilter) => `/api/admin/audit.csv${query(filter)}`;
export const useAudit = (filter: AuditFilter) => useQuery(adminQueries.audit(filter));
export const useRecords = <T>(source: RecordSource) => useQuery(adminQueries.records<T>(source));
export const usePageViews = (days: number) => useQuery(adminQueries.pageViews(days));

/** Every admin action changes the figures and lists around it: refresh the whole admin area after it. */
export function useAdminAction<V>(action: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueries.all() }),
  });
}

export const decideIdDocument = (v: { userId: string; approve: boolean; reason?: string }) =>
  legacyApi.post(`/api/admin/verifications/${v.userId}/${v.approve ? 'approve' : 'reject'}`, v.approve ? {} : { reason: v.reason });
export const decideListing = (v: { id: number; approve: boolean; reason?: string }) =>
  legacyApi.post(`/api/admin/listings/${v.id}/${v.approve ? 'approve' : 'reject'}`, v.approve ? {} : { reason: v.reason });
export const decideListingChange = (v: { id: number; version: string; approve: boolean; reason?: string }) =>
  legacyApi.post(
    `/api/admin/listing-changes/${v.id}/${v.approve ? 'approve' : 'reject'}`,
    v.approve ? { version: v.version } : { reason: v.reason },
  );
export const decidePlace = (v: { id: number; approve: boolean; reason?: string }) =>
  legacyApi.post(`/api/admin/places/${v.id}/${v.approve ? 'approve' : 'reject'}`, v.approve ? {} : { reason: v.reason });
export const moveReport = (v: { id: number } & MoveReportBody) =>
  legacyApi.patch(`/api/admin/reports/${v.id}`, { status: v.status, notes: v.notes });
export const changeRole = (v: { id: string; role: Role }) => legacyApi.patch(`/api/admin/users/${v.id}/role`, { role: v.role });
export const setSuspended = (v: { id: string; suspend: boolean }) =>
  legacyApi.post(`/api/admin/users/${v.id}/${v.suspend ? 'suspend' : 'reactivate'}`);
export const saveSettings = (v: Partial<PlatformSettings>) => legacyApi.patch<AdminSettings>('/api/admin/settings', v);
export const previewMail = (v: MailPreviewBody) => legacyApi.post<MailPreview>('/api/admin/settings/mail-preview', v);

/** Every row of one record list for an export: the lists are paged at 200 at most, so read page after page. */
export async function allRecords<T>(source: RecordSource): Promise<T[]> {
  const pageSize = 200;
  const rows: T[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const page = await legacyApi.get<{ items: T[] }>(`${recordSources[source]}?limit=${pageSize}&offset=${offset}`);
    rows.push(...page.items);
    if (page.items.length < pageSize) return rows;
  }
}
