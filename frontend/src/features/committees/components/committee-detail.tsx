import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { fixedErrorToast, useReportWrite } from '@/components/notifications/notifications-provider';
import { ToneChip } from '@/components/status-chips';
import { useUser } from '@/lib/auth';
import { canManageCommittee } from '@/lib/permissions';
import type { Committee } from '@/types/api';
import { useArchiveCommittee } from '@/features/committees/api/archive-committee';
import { useDeleteCommittee } from '@/features/committees/api/delete-committee';
import { CommitteeChat } from '@/features/committees/components/committee-chat';
import { CommitteeDocuments } from '@/features/committees/components/committee-documents';
import { CommitteeMembers } from '@/features/committees/components/committee-members';

type Props = {
  committee: Committee;
  onGone: () => void;
  /** The tab to open on (from the address); chat otherwise. */
  initialTab?: 'chat' | 'documents' | 'members';
};

export function CommitteeDetail({ committee, onGone, initialTab = 'chat' }: Props) {
  const user = useUser();
  const report = useReportWrite();
  const archive = useArchiveCommittee();
  const remove = useDeleteCommittee();
  const canManage = canManageCommittee(user, committee);
  const [tab, setTab] = useState<'chat' | 'documents' | 'members'>(initialTab);
  const [confirm, setConfirm] = useState<'archive' | 'delete' | null>(null);

  return (
    <Box component="section" aria-label={committee.name}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', mb: 1 }}>
        <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <Typography
            variant="h2"
            sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
          >
            {committee.name}
            {committee.archived && <ToneChip label="Archived" tone="warning" />}
          </Typography>
          {committee.description && (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {committee.description}
            </Typography>
          )}
        </Box>
        {canManage && !committee.archived && (
          <Button
            variant="outlined"
            startIcon={<ArchiveOutlined />}
            onClick={() => setConfirm('archive')}
          >
            Archive
          </Button>
        )}
        {canManage && committee.archived && (
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteOutline />}
            onClick={() => setConfirm('delete')}
          >
            Delete
          </Button>
        )}
      </Box>
      <Tabs
        value={tab}
        onChange={(_, value: typeof tab) => setTab(value)}
        aria-label="Committee sections"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        <Tab value="chat" label="Live Chat" />
        <Tab value="documents" label="Documents" />
        <Tab value="members" label={`Members (${committee.memberCount})`} />
      </Tabs>
      {tab === 'chat' && <CommitteeChat committee={committee} />}
      {tab === 'documents' && <CommitteeDocuments committee={committee} />}
      {tab === 'members' && <CommitteeMembers committee={committee} canManage={canManage} />}

      <ConfirmDialog
        open={confirm === 'archive'}
        title="Archive Committee"
        message="Archive this committee? Its chat becomes read-only and no more documents can be uploaded."
        confirmLabel="Archive"
        busyLabel="Archiving..."
        destructive={false}
        onClose={() => setConfirm(null)}
        onConfirm={async () => {
          if (
            await report(archive(committee.id), 'Committee archived successfully', () =>
              fixedErrorToast('Failed to archive committee'),
            )
          )
            onGone();
        }}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        title="Delete Committee"
        message="Are you sure you want to permanently delete this committee? This action cannot be undone."
        onClose={() => setConfirm(null)}
        onConfirm={async () => {
          if (
            await report(remove(committee.id), 'Committee deleted successfully', () =>
              fixedErrorToast('Failed to delete committee'),
            )
          )
            onGone();
        }}
      />
    </Box>
  );
}
