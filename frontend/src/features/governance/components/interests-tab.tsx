import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { EmptyState } from '@/components/empty-state';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { ResponsiveTable, type Column } from '@/components/responsive-table/responsive-table';
import { ToneChip } from '@/components/status-chips';
import { useUser } from '@/lib/auth';
import { downloadFile } from '@/lib/download';
import { formatDate } from '@/lib/format';
import { isAdminOrChair } from '@/lib/permissions';
import {
  interestsCsvPath,
  interestsPdfPath,
  useGovernanceSettings,
  useInterests,
  useSetRegisterVisibility,
} from '@/features/governance/api/interests';
import { useTermsOverview } from '@/features/governance/api/terms';
import { type Interest, interestKindLabels } from '@/features/governance/types';
import { InterestDialog } from '@/features/governance/components/interest-dialog';
import { InterestHistoryDialog } from '@/features/governance/components/interest-history-dialog';

const dates = (entry: Interest) =>
  entry.endedOn
    ? `${formatDate(entry.startedOn)} – ${formatDate(entry.endedOn)}`
    : `Since ${formatDate(entry.startedOn)}`;

function EntryButtons({
  entry,
  canEdit,
  onEdit,
  onHistory,
}: {
  entry: Interest;
  canEdit: boolean;
  onEdit: (entry: Interest) => void;
  onHistory: (entry: Interest) => void;
}) {
  return (
    <>
      {canEdit && (
        <Button
          size="small"
          onClick={() => onEdit(entry)}
          aria-label={`Edit ${entry.organisation}`}
        >
          Edit
        </Button>
      )}
      <Button
        size="small"
        onClick={() => onHistory(entry)}
        aria-label={`History of ${entry.organisation}`}
      >
        History
      </Button>
    </>
  );
}

export const interestColumns: Column<Interest>[] = [
  { header: 'Trustee', cell: (entry) => entry.userName },
  {
    header: 'Interest',
    card: 'heading',
    cell: (entry) => (
      <>
        <Typography sx={{ fontWeight: 600 }}>{entry.organisation}</Typography>
        <Typography variant="body2" color="text.secondary">
          {interestKindLabels[entry.kind]} · {entry.nature}
        </Typography>
      </>
    ),
  },
  { header: 'Dates', cell: dates },
];

function InterestTable({
  caption,
  entries,
  canEdit,
  onEdit,
  onHistory,
}: {
  caption: string;
  entries: Interest[];
  canEdit: (entry: Interest) => boolean;
  onEdit: (entry: Interest) => void;
  onHistory: (entry: Interest) => void;
}) {
  return (
    <Box sx={{ mb: 3 }}>
      <ResponsiveTable
        caption={caption}
        rows={entries}
        rowKey={(entry) => entry.id}
        columns={interestColumns}
        actions={(entry) => (
          <EntryButtons
            entry={entry}
            canEdit={canEdit(entry)}
            onEdit={onEdit}
            onHistory={onHistory}
          />
        )}
      />
    </Box>
  );
}

export function InterestsTab() {
  const user = useUser();
  const officer = isAdminOrChair(user);
  const notify = useNotify();
  const { data, error, isLoading } = useInterests();
  const { data: settings } = useGovernanceSettings();
  const { data: board } = useTermsOverview();
  const setVisibility = useSetRegisterVisibility();
  const [editing, setEditing] = useState<Interest | null | 'new'>(null);
  const [history, setHistory] = useState<number | null>(null);

  if (!user) return null;
  const entries = data ?? [];
  const current = entries.filter((e) => e.current);
  const past = entries.filter((e) => !e.current);
  const canEdit = (entry: Interest) => officer || entry.userId === user.id;
  const download = (path: string) =>
    downloadFile(path).catch((e) => notify(errorToast(e, 'Download failed')));

  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Record anything that could be, or could be seen as, a conflict with your duty to the
        charity: jobs, directorships, other trusteeships, shareholdings, close family links and
        gifts or hospitality.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
          Add interest
        </Button>
        <Button variant="outlined" onClick={() => download(interestsCsvPath)}>
          Export CSV
        </Button>
        <Button variant="outlined" onClick={() => download(interestsPdfPath)}>
          Export PDF
        </Button>
        {officer && settings && (
          <FormControlLabel
            sx={{ ml: { sm: 'auto' } }}
            control={
              <Switch
                checked={settings.registerVisibility === 'officers'}
                onChange={(event) =>
                  setVisibility(event.target.checked ? 'officers' : 'members').catch((e) =>
                    notify(errorToast(e, 'Failed to change the setting')),
                  )
                }
              />
            }
            label="Only admins and chairs read the whole register"
          />
        )}
      </Box>
      {isLoading ? (
        <LoadingBlock />
      ) : error ? (
        <ErrorBlock error={error} />
      ) : entries.length === 0 ? (
        <EmptyState title="No interests declared" description="The register is empty." />
      ) : (
        <>
          <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
            Current interests <ToneChip label={String(current.length)} tone="primary" />
          </Typography>
          <InterestTable
            caption="Current interests"
            entries={current}
            canEdit={canEdit}
            onEdit={setEditing}
            onHistory={(e) => setHistory(e.id)}
          />
          <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
            Past interests
          </Typography>
          <InterestTable
            caption="Past interests"
            entries={past}
            canEdit={canEdit}
            onEdit={setEditing}
            onHistory={(e) => setHistory(e.id)}
          />
        </>
      )}
      {editing !== null && (
        <InterestDialog
          open
          onClose={() => setEditing(null)}
          entry={editing === 'new' ? null : editing}
          trustees={officer ? (board ?? []).map((t) => ({ id: t.userId, name: t.name })) : null}
          selfId={user.id}
        />
      )}
      <InterestHistoryDialog id={history} onClose={() => setHistory(null)} />
    </Box>
  );
}
