// The admins' Audit log page (spec §12): who did what, when, newest first,
// filtered by person, kind and dates, paged, and exported as CSV. Entries cannot be changed.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { PageHeader } from '@/components/page-header';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { ResponsiveTable, type Column } from '@/components/responsive-table/responsive-table';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { formatDateTime } from '@/lib/format';
import type { AuditEvent, AuditKind } from '@/types/api';
import {
  emptyFilters,
  useAuditEvents,
  type AuditFilters,
} from '@/features/audit/api/get-audit-events';
import { useAuditPeople } from '@/features/audit/api/get-people';
import { exportAuditCsv } from '@/features/audit/api/export-audit-csv';
import { auditKindLabels, auditKinds } from '@/features/audit/kinds';

const pageSizes = [25, 50, 100];

/** Who did it: the name copied when it happened; marked once the account is deleted. */
export function actorText(event: AuditEvent): string {
  if (event.actorName) {
    return event.actorId === null ? `${event.actorName} (account deleted)` : event.actorName;
  }
  return event.actorEmail ?? 'Anonymous';
}

/** What it was about: the label it had then, else its type and id. */
export function objectText(event: AuditEvent): string {
  if (event.objectLabel) return event.objectLabel;
  if (event.objectType) return [event.objectType, event.objectId].filter(Boolean).join(' ');
  return '';
}

const eventColumns: Column<AuditEvent>[] = [
  { header: 'Time', nowrap: true, cell: (e) => formatDateTime(e.occurredAt) },
  { header: 'Person', wrapAnywhere: true, cell: actorText },
  { header: 'Event', cell: (e) => auditKindLabels[e.kind] ?? e.kind },
  { header: 'Object', wrapAnywhere: true, cell: objectText },
  { header: 'Details', wrapAnywhere: true, cell: (e) => e.details ?? '' },
  { header: 'Address', cell: (e) => e.clientAddress ?? '' },
];

export function AuditLogPage() {
  const notify = useNotify();
  const [filters, setFilters] = useState<AuditFilters>(emptyFilters);
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(50);
  const [exporting, setExporting] = useState(false);
  const { data, error, isLoading } = useAuditEvents(filters, page + 1, limit);
  const people = useAuditPeople();

  const change = (patch: Partial<AuditFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(0);
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await exportAuditCsv(filters);
    } catch (e) {
      notify(errorToast(e, 'Export failed'));
    } finally {
      setExporting(false);
    }
  };

  const filtered = Object.values(filters).some((value) => value !== '');

  return (
    <Box>
      <PageHeader
        title="Audit log"
        subtitle="Who signed in, changed accounts or settings, and opened or changed board papers. Entries cannot be edited or deleted."
        actions={
          <Button
            variant="contained"
            startIcon={<FileDownloadOutlined />}
            onClick={exportCsv}
            disabled={exporting}
          >
            Export CSV
          </Button>
        }
      />
      <Card sx={{ p: 2, mb: 2 }}>
        <Box
          component="form"
          aria-label="Filters"
          onSubmit={(event) => event.preventDefault()}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
        >
          <TextField
            select
            size="small"
            label="Person"
            value={filters.userId}
            sx={{ minWidth: 200 }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            onChange={(event) => change({ userId: event.target.value })}
          >
            <option value="">Anyone</option>
            {(people.data ?? []).map((person) => (
              <option key={person.id} value={String(person.id)}>
                {person.name}
              </option>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Event"
            value={filters.kind}
            sx={{ minWidth: 220 }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            onChange={(event) => change({ kind: event.target.value as AuditKind | '' })}
          >
            <option value="">Any event</option>
            {auditKinds.map((kind) => (
              <option key={kind} value={kind}>
                {auditKindLabels[kind]}
              </option>
            ))}
          </TextField>
          <TextField
            type="date"
            size="small"
            label="From"
            value={filters.from}
            slotProps={{ inputLabel: { shrink: true } }}
            onChange={(event) => change({ from: event.target.value })}
          />
          <TextField
            type="date"
            size="small"
            label="To"
            value={filters.to}
            slotProps={{ inputLabel: { shrink: true } }}
            onChange={(event) => change({ to: event.target.value })}
          />
          <Button onClick={() => change(emptyFilters)} disabled={!filtered}>
            Clear filters
          </Button>
        </Box>
      </Card>
      {isLoading && <LoadingBlock />}
      {error && <ErrorBlock error={error} />}
      {data && (
        <Card>
          {data.items.length === 0 ? (
            <Typography sx={{ p: 2 }}>No events match these filters.</Typography>
          ) : (
            <ResponsiveTable
              caption="Audit events"
              rows={data.items}
              rowKey={(e) => e.id}
              columns={eventColumns}
              cardsBelow="md"
            />
          )}
          <TablePagination
            component="div"
            count={data.total}
            page={page}
            rowsPerPage={limit}
            rowsPerPageOptions={pageSizes}
            slotProps={{ select: { native: true, inputProps: { 'aria-label': 'Rows per page' } } }}
            onPageChange={(_, next) => setPage(next)}
            onRowsPerPageChange={(event) => {
              setLimit(Number(event.target.value));
              setPage(0);
            }}
          />
        </Card>
      )}
    </Box>
  );
}
