import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import PushPinOutlined from '@mui/icons-material/PushPinOutlined';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { useReportWrite } from '@/components/notifications/notifications-provider';
import { PageHeader } from '@/components/page-header';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { ToneChip } from '@/components/status-chips';
import { useUser } from '@/lib/auth';
import { formatDate, plural } from '@/lib/format';
import { canManageContent } from '@/lib/permissions';
import type { Notice } from '@/types/api';
import { isExpired, useNotices } from '@/features/notices/api/get-notices';
import { useDeleteNotice } from '@/features/notices/api/delete-notice';
import { PostNoticeDialog } from '@/features/notices/components/post-notice-dialog';

const priorityTone = { high: 'error', normal: 'info', low: 'success' } as const;
const priorityLabel = { high: 'High Priority', normal: 'Normal', low: 'Low Priority' } as const;

function NoticeCard({
  notice,
  canDelete,
  onDelete,
}: {
  notice: Notice;
  canDelete: boolean;
  onDelete: () => void;
}) {
  const expired = isExpired(notice);
  return (
    <Card
      component="article"
      aria-label={notice.title}
      data-expired={expired || undefined}
      sx={{
        borderLeft: 4,
        borderLeftColor: notice.pinned ? 'primary.main' : 'divider',
        // Dimmed without lowering text contrast: a muted surface and a dashed edge.
        ...(expired && { bgcolor: 'action.hover', borderStyle: 'dashed' }),
      }}
    >
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
              {notice.pinned && <ToneChip label="Pinned" tone="primary" />}
              <ToneChip
                label={priorityLabel[notice.priority]}
                tone={priorityTone[notice.priority]}
              />
              {expired && <ToneChip label="Expired" tone="default" />}
            </Box>
            <Typography
              variant="h2"
              component="h3"
              sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
            >
              {notice.pinned && <PushPinOutlined fontSize="small" aria-hidden />}
              {notice.title}
            </Typography>
          </Box>
          {canDelete && (
            <Tooltip title="Delete">
              <IconButton aria-label={`Delete ${notice.title}`} color="error" onClick={onDelete}>
                <DeleteOutline />
              </IconButton>
            </Tooltip>
          )}
        </Box>
        <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>{notice.content}</Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 1.5, color: 'text.secondary' }}>
          <Typography variant="body2">Posted {formatDate(notice.publishedAt)}</Typography>
          {notice.expiresAt && (
            <Typography variant="body2">
              {expired ? 'Expired' : 'Expires'} {formatDate(notice.expiresAt)}
            </Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

export function NoticesPage() {
  const user = useUser();
  const canManage = canManageContent(user);
  const report = useReportWrite();
  const remove = useDeleteNotice();
  const [showExpired, setShowExpired] = useState(false);
  const [postOpen, setPostOpen] = useState(false);
  const [deleting, setDeleting] = useState<Notice | null>(null);
  const { data, error, isLoading } = useNotices(showExpired);

  // Expired notices are listed only when the switch is on, whatever the server sends.
  const notices = (data ?? []).filter((n) => showExpired || !isExpired(n));

  return (
    <>
      <PageHeader
        title="Board Noticeboard"
        subtitle="Announcements for all trustees"
        actions={
          canManage && (
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={() => setPostOpen(true)}
            >
              Post Notice
            </Button>
          )
        }
      />
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          mb: 2,
        }}
      >
        <FormControlLabel
          control={
            <Switch
              checked={showExpired}
              onChange={(event) => setShowExpired(event.target.checked)}
            />
          }
          label="Show expired notices"
        />
        <Typography color="text.secondary" role="status">
          {plural(notices.length, 'notice', 'notices')}
        </Typography>
      </Box>
      {isLoading ? (
        <LoadingBlock />
      ) : error ? (
        <ErrorBlock error={error} />
      ) : notices.length === 0 ? (
        <Card>
          <EmptyState icon={<CampaignOutlined />} title="No notices found" />
        </Card>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {notices.map((n) => (
            <NoticeCard
              key={n.id}
              notice={n}
              canDelete={canManage}
              onDelete={() => setDeleting(n)}
            />
          ))}
        </Box>
      )}
      {postOpen && <PostNoticeDialog open onClose={() => setPostOpen(false)} />}
      <ConfirmDialog
        open={!!deleting}
        title="Delete Notice"
        message="Are you sure you want to delete this notice?"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await report(remove(deleting.id), 'Notice deleted successfully', 'Delete failed');
        }}
      />
    </>
  );
}
