import { downloadFile } from '@/lib/download';
import { auditCsvPath, auditQuery, type AuditFilters } from '@/features/audit/api/get-audit-events';

/** Saves the filtered audit log as `audit-log.csv`; answers the file name. */
export const exportAuditCsv = (filters: AuditFilters): Promise<string> =>
  downloadFile(`${auditCsvPath}${auditQuery(filters)}`);
