import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import {
  errorToast,
  useNotify,
  useReportWrite,
} from '@/components/notifications/notifications-provider';
import { PageHeader } from '@/components/page-header';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { ActionStatusChip, actionStatusLabels, PriorityChip } from '@/components/status-chips';
import { ResponsiveTable, type Column } from '@/components/responsive-table/responsive-table';
import { RowAction } from '@/components/responsive-table/row-action';
import { meetingPath } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { formatDate, truncate } from '@/lib/format';
import { canChangeActionStatus, canManageContent } from '@/lib/permissions';
import type { Action, ActionStatus } from '@/types/api';
import { useActions } from '@/features/actions/api/get-actions';
import { useDeleteAction } from '@/features/actions/api/delete-action';
import {
  useUpdateActionStatus,
  type SettableStatus,
} from '@/features/actions/api/update-action-status';
import { CreateActionDialog } from '@/features/actions/components/create-action-dialog';

const counters: ActionStatus[] = ['pending', 'in-progress', 'complete', 'overdue'];
const settable: SettableStatus[] = ['pending', 'in-progress', 'complete'];

const columns: Column<Action>[] = [
  {
    header: 'Action',
    card: 'heading',
    minWidth: 220,
    cell: (a) => (
      <>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {a.title}
        </Typography>
        {a.description && (
          <Typography variant="body2" color="text.secondary">
            {truncate(a.description, 100)}
          </Typography>
        )}
        {a.meetingId && (
          <Link
            component={RouterLink}
            to={meetingPath(a.meetingId)}
            variant="body2"
            aria-label={`Meeting of ${a.title}`}
          >
            From a meeting&apos;s minutes
          </Link>
        )}
      </>
    ),
  },
  { header: 'Status', cell: (a) => <ActionStatusChip status={a.status} /> },
  { header: 'Priority', cell: (a) => <PriorityChip priority={a.priority} /> },
  {
    header: 'Due Date',
    nowrap: true,
    cell: (a) => (a.dueDate ? formatDate(a.dueDate) : 'No deadline'),
  },
  {
    header: 'Assigned To',
    cell: (a) =>
      a.assignedToName ?? (a.assignedTo !== null ? `User #${a.assignedTo}` : 'Unassigned'),
  },
];

function StatusSelect({ action }: { action: Action }) {
  const notify = useNotify();
  const update = useUpdateActionStatus();
  const [busy, setBusy] = useState(false);
  return (
    <TextField
      select
      size="small"
      id={`status-${action.id}`}
      value={action.status}
      disabled={busy}
      sx={{ minWidth: 150 }}
      slotProps={{
        select: { native: true },
        htmlInput: { 'aria-label': `Status of ${action.title}` },
      }}
      onChange={async (event) => {
        const status = event.target.value as SettableStatus;
        setBusy(true);
        try {
          await update(action.id, status);
          notify({ title: 'Action updated successfully' });
        } catch (error) {
          notify(errorToast(error, 'Failed to update action'));
        } finally {
          setBusy(false);
        }
      }}
    >
      {action.status === 'overdue' && (
        <option value="overdue" disabled>
          Overdue
        </option>
      )}
      {settable.map((s) => (
        <option key={s} value={s}>
          {actionStatusLabels[s]}
        </option>
      ))}
    </TextField>
  );
}

export function ActionsPage() {
  const user = useUser();
  const canManage = canManageContent(user);
  const report = useReportWrite();
  const remove = useDeleteAction();
  const { data, error, isLoading } = useActions();
  const [filter, setFilter] = useState<ActionStatus | null>(null);
  const [createOpen, setCreateOpen] = useState(false);
  const [deleting, setDeleting] = useState<Action | null>(null);

  const actions = data ?? [];
  const shown = filter ? actions.filter((a) => a.status === filter) : actions;

  return (
    <>
      <PageHeader
        title="Action Tracker"
        subtitle="Follow up the board's decisions and who is doing what"
        actions={
          canManage && (
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={() => setCreateOpen(true)}
            >
              Create Action
            </Button>
          )
        }
      />

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
          mb: 2,
        }}
      >
        {counters.map((status) => {
          const selected = filter === status;
          return (
            <Card
              key={status}
              sx={{
                borderColor: selected ? 'primary.main' : undefined,
                borderWidth: selected ? 2 : 1,
              }}
            >
              <CardActionArea
                aria-pressed={selected}
                onClick={() => setFilter(selected ? null : status)}
              >
                <CardContent>
                  <Typography variant="body2" color="text.secondary">
                    {actionStatusLabels[status]}
                  </Typography>
                  <Typography sx={{ fontSize: '1.5rem', fontWeight: 700 }}>
                    {actions.filter((a) => a.status === status).length}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          );
        })}
      </Box>

      <Card>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            px: 2,
            py: 1.5,
            gap: 1,
          }}
        >
          <Typography variant="h2">
            {filter ? `${actionStatusLabels[filter]} Actions` : 'All Actions'}
          </Typography>
          {filter && (
            <Button variant="outlined" onClick={() => setFilter(null)}>
              Show All
            </Button>
          )}
        </Box>
        {isLoading ? (
          <LoadingBlock />
        ) : error ? (
          <ErrorBlock error={error} />
        ) : shown.length === 0 ? (
          <EmptyState icon={<TaskAltOutlined />} title="No actions found" />
        ) : (
          <ResponsiveTable
            caption="Actions"
            rows={shown}
            rowKey={(a) => a.id}
            columns={columns}
            cardsBelow="md"
            actionsHeader="Controls"
            actions={(a) => (
              <>
                {canChangeActionStatus(user, a) && <StatusSelect action={a} />}
                {canManage && (
                  <RowAction
                    label="Delete"
                    accessibleLabel={`Delete ${a.title}`}
                    icon={<DeleteOutline />}
                    color="error"
                    onClick={() => setDeleting(a)}
                  />
                )}
              </>
            )}
          />
        )}
      </Card>

      {createOpen && <CreateActionDialog open onClose={() => setCreateOpen(false)} />}
      <ConfirmDialog
        open={!!deleting}
        title="Delete Action"
        message="Are you sure you want to delete this action? This cannot be undone."
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await report(remove(deleting.id), 'Action deleted successfully', 'Delete failed');
        }}
      />
    </>
  );
}
