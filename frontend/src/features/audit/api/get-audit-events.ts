import useSWR from 'swr';
import type { AuditEventPage, AuditKind } from '@/types/api';

export const auditEventsPath = '/api/audit-events';
export const auditCsvPath = '/api/audit-events.csv';

/** The filters of the Audit log page; empty strings mean "any". */
export type AuditFilters = {
  userId: string;
  kind: AuditKind | '';
  from: string;
  to: string;
};

export const emptyFilters: AuditFilters = { userId: '', kind: '', from: '', to: '' };

/** The query string of the filters (and the page, for the list), without empty values. */
export function auditQuery(filters: AuditFilters, page?: { page: number; limit: number }): string {
  const params = new URLSearchParams();
  if (filters.userId) params.set('userId', filters.userId);
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (page) {
    params.set('page', String(page.page));
    params.set('limit', String(page.limit));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** One page of the audit log, newest first (admins only). */
export const useAuditEvents = (filters: AuditFilters, page: number, limit: number) =>
  useSWR<AuditEventPage>(`${auditEventsPath}${auditQuery(filters, { page, limit })}`);
