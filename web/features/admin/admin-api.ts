import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EditableMailTemplate, MailText, PlatformSettings } from '../../../core/admin-rules.ts';
import type { ListingStatus, PropertyType, Role, VerificationStatus } from '../../../core/constants.ts';
import type { Language } from '../../../core/languages.ts';
import { api } from '../../lib/api-client.ts';

export interface Stat {
  value: number;
  lastMonth: number;
}
export interface Stats {
  totalUsers: Stat;
  activeListings: Stat;
  monthlyRevenue: Stat;
  pendingReviews: Stat;
}
export interface IdDocument {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  submittedAt: string | null;
  status: VerificationStatus;
  documentUrl: string;
}
export interface PendingListing {
  id: number;
  titleEn: string;
  titleHe: string;
  propertyType: PropertyType;
  status: ListingStatus;
  submittedAt: string;
  host: { id: string; email: string; firstName: string; lastName: string };
}
export type ChangeValue = string | number | boolean | string[] | null;
/** A host's edits of a published listing, waiting for a decision: guests see the approved version meanwhile. */
export interface ListingChange {
  id: number;
  titleEn: string;
  titleHe: string;
  propertyType: PropertyType;
  status: ListingStatus;
  submittedAt: string | null;
  host: { id: string; email: string; firstName: string; lastName: string };
  changes: { field: string; before: ChangeValue; after: ChangeValue }[];
  photos: { before: string[]; after: string[] } | null;
  version: string;
}
export type ReportStatus = 'pending' | 'investigating' | 'resolved' | 'dismissed';
export interface Report {
  id: number;
  targetType: 'property' | 'user';
  propertyId: number | null;
  propertyTitleEn: string | null;
  propertyTitleHe: string | null;
  reportedUserId: string | null;
  reportedEmail: string | null;
  reporterEmail: string;
  reason: string;
  details: string | null;
  status: ReportStatus;
  notes: string | null;
  createdAt: string;
}
export type UserStatus = 'active' | 'suspended';
export interface AdminUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  status: UserStatus;
  idVerificationStatus: VerificationStatus;
  createdAt: string;
  /** Confirmed stays at the user's listings that have not ended yet. */
  staysAhead: { bookingId: string; propertyId: number; title: string; checkIn: string; checkOut: string; guestEmail: string }[];
}
export interface AuditEvent {
  id: number;
  createdAt: string;
  eventType: string;
  email: string | null;
  description: string | null;
  ip: string | null;
}
export type AdminSettings = PlatformSettings & { mailDefaults: Record<EditableMailTemplate, Record<Language, MailText>> };

export type AuditFilter = { user?: string | undefined; eventType?: string | undefined };

const root = ['admin'] as const;
const query = (params: { [key: string]: string | undefined }) => {
  const search = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1])));
  return search.size ? `?${search}` : '';
};

export const useStats = () => useQuery({ queryKey: [...root, 'stats'], queryFn: ({ signal }) => api.get<Stats>('/api/admin/stats', signal) });
export const useVerifications = () =>
  useQuery({
    queryKey: [...root, 'verifications'],
    queryFn: ({ signal }) => api.get<{ idDocuments: IdDocument[]; listings: PendingListing[]; listingChanges: ListingChange[] }>('/api/admin/verifications', signal),
  });
export const useReports = (status: ReportStatus | undefined) =>
  useQuery({ queryKey: [...root, 'reports', status], queryFn: ({ signal }) => api.get<Report[]>(`/api/admin/reports${query({ status })}`, signal) });
export const useUsers = (filter: { q?: string | undefined; role?: string | undefined; status?: string | undefined }) =>
  useQuery({ queryKey: [...root, 'users', filter], queryFn: ({ signal }) => api.get<AdminUser[]>(`/api/admin/users${query(filter)}`, signal) });
export const useSettings = () =>
  useQuery({ queryKey: [...root, 'settings'], queryFn: ({ signal }) => api.get<AdminSettings>('/api/admin/settings', signal) });
export const auditCsvUrl = (filter: AuditFilter) => `/api/admin/audit.csv${query(filter)}`;
export const useAudit = (filter: AuditFilter) =>
  useQuery({ queryKey: [...root, 'audit', filter], queryFn: ({ signal }) => api.get<AuditEvent[]>(`/api/admin/audit${query(filter)}`, signal) });

/** Every admin action changes the figures and lists around it: refresh the whole admin area after it. */
export function useAdminAction<V>(action: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSettled: () => queryClient.invalidateQueries({ queryKey: root }),
  });
}

export const decideIdDocument = (v: { userId: string; approve: boolean; reason?: string }) =>
  api.post(`/api/admin/verifications/${v.userId}/${v.approve ? 'approve' : 'reject'}`, v.approve ? {} : { reason: v.reason });
export const decideListing = (v: { id: number; approve: boolean; reason?: string }) =>
  api.post(`/api/admin/listings/${v.id}/${v.approve ? 'approve' : 'reject'}`, v.approve ? {} : { reason: v.reason });
export const decideListingChange = (v: { id: number; version: string; approve: boolean; reason?: string }) =>
  api.post(`/api/admin/listing-changes/${v.id}/${v.approve ? 'approve' : 'reject'}`, v.approve ? { version: v.version } : { reason: v.reason });
export const moveReport = (v: { id: number; status: ReportStatus; notes?: string }) => api.patch(`/api/admin/reports/${v.id}`, { status: v.status, notes: v.notes });
export const changeRole = (v: { id: string; role: Role }) => api.patch(`/api/admin/users/${v.id}/role`, { role: v.role });
export const setSuspended = (v: { id: string; suspend: boolean }) => api.post(`/api/admin/users/${v.id}/${v.suspend ? 'suspend' : 'reactivate'}`);
export const saveSettings = (v: Partial<PlatformSettings>) => api.patch<AdminSettings>('/api/admin/settings', v);
export const previewMail = (v: { template: EditableMailTemplate; language: Language; text: MailText }) =>
  api.post<{ subject: string; text: string; html: string }>('/api/admin/settings/mail-preview', v);

export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  subject: string;
  category: string | null;
  message: string;
  createdAt: string;
}
export interface JobApplication {
  id: number;
  positionSlug: string;
  name: string;
  email: string;
  cvBytes: number;
  language: Language;
  cvUrl: string;
  createdAt: string;
}
export interface NewsletterSubscription {
  id: number;
  email: string;
  language: Language;
  source: string;
  confirmedAt: string | null;
  createdAt: string;
}
export interface LandingSignup {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  signupType: 'property_owner' | 'discount_seeker';
  language: Language;
  createdAt: string;
}
export interface PageViews {
  since: string;
  items: { path: string | null; views: number; visitors: number }[];
}

/** The operators' paged record lists, shown on the Records tab. */
export const recordSources = {
  contact: '/api/admin/contact-messages',
  jobs: '/api/admin/job-applications',
  newsletter: '/api/admin/newsletter-subscriptions',
  signups: '/api/admin/signups',
} as const;
export type RecordSource = keyof typeof recordSources;

export const useRecords = <T>(source: RecordSource) =>
  useQuery({ queryKey: [...root, 'records', source], queryFn: ({ signal }) => api.get<{ items: T[] }>(recordSources[source], signal) });

/** Every row of one record list for an export: the lists are paged at 200 at most, so read page after page. */
export async function allRecords<T>(source: RecordSource): Promise<T[]> {
  const pageSize = 200;
  const rows: T[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const page = await api.get<{ items: T[] }>(`${recordSources[source]}?limit=${pageSize}&offset=${offset}`);
    rows.push(...page.items);
    if (page.items.length < pageSize) return rows;
  }
}

export const usePageViews = (days: number) =>
  useQuery({ queryKey: [...root, 'page-views', days], queryFn: ({ signal }) => api.get<PageViews>(`/api/admin/analytics/page-views?days=${days}&limit=500`, signal) });
