// `/meetings/:id`: everything about one meeting: details, cancelled state, the agenda (with its
// papers) and, for admins and chairs, editing, cancelling, publishing and the agenda builder; then the
// attendance and the written minutes.
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { PageHeader } from '@/components/page-header';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { paths } from '@/config/paths';
import { downloadMeetingIcs, openExternal } from '@/lib/download';
import { useUser } from '@/lib/auth';
import { formatDateTime, formatLongDate, formatTime } from '@/lib/format';
import type { AgendaItem, Meeting } from '@/types/api';
import { meetingApi, useMeeting, useRefreshMeeting } from '@/features/meetings/api/meeting';
import { AgendaBuilder, type AgendaActions } from '@/features/meetings/components/agenda-builder';
import { AgendaItemDialog } from '@/features/meetings/components/agenda-item-dialog';
import { BoardPackSection } from '@/features/meetings/components/board-pack-section';
import { EditMeetingDialog } from '@/features/meetings/components/edit-meeting-dialog';
import { PaperDialog } from '@/features/meetings/components/paper-dialog';
import { ResolutionOffers } from '@/features/meetings/components/resolution-offers';
import { AttendanceSection } from '@/features/meetings/attendance/components/attendance-section';
import { ConflictsSection } from '@/features/meetings/conflicts/components/conflicts-section';
import { MinutesSection } from '@/features/meetings/minutes/components/minutes-section';

const kindLabels: Record<Meeting['kind'], string> = {
  board: 'Board meeting',
  committee: 'Committee meeting',
  agm: 'AGM',
  other: 'Other meeting',
};

function Details({ meeting }: { meeting: Meeting }) {
  return (
    <Card component="section" aria-labelledby="meeting-details" sx={{ mb: 3 }}>
      <CardContent>
        <Typography id="meeting-details" variant="h2" sx={{ mb: 1 }}>
          Details
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Chip
            variant="outlined"
            label={
              meeting.committeeName
                ? `${meeting.committeeName} committee`
                : kindLabels[meeting.kind]
            }
          />
          {meeting.status === 'cancelled' && <Chip color="error" label="Cancelled" />}
          <Chip
            color={meeting.agendaStatus === 'published' ? 'success' : 'default'}
            label={meeting.agendaStatus === 'published' ? 'Agenda published' : 'Agenda draft'}
          />
        </Box>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '10rem 1fr' },
            gap: 0.5,
            m: 0,
          }}
        >
          <Typography component="dt" color="text.secondary">
            Date
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {formatLongDate(meeting.meetingDate)}
          </Typography>
          <Typography component="dt" color="text.secondary">
            Time
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {formatTime(meeting.meetingDate)} – {formatTime(meeting.plannedEnd)} (
            {meeting.durationMinutes} min planned)
          </Typography>
          {meeting.location && (
            <>
              <Typography component="dt" color="text.secondary">
                Location
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {meeting.location}
              </Typography>
            </>
          )}
        </Box>
        {meeting.description && (
          <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>{meeting.description}</Typography>
        )}
        {meeting.status !== 'cancelled' && meeting.meetingLink && (
          <Button
            variant="contained"
            size="small"
            sx={{ mt: 2 }}
            onClick={() => openExternal(meeting.meetingLink as string)}
          >
            Join Meeting
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

export function MeetingPage() {
  const params = useParams();
  const id = Number(params.id);
  const { data, error, isLoading } = useMeeting(id);
  const refresh = useRefreshMeeting(id);
  const notify = useNotify();
  const navigate = useNavigate();
  const user = useUser();
  const [editing, setEditing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [itemDialog, setItemDialog] = useState<{ item: AgendaItem | null } | null>(null);
  const [paperItem, setPaperItem] = useState<AgendaItem | null>(null);

  if (!Number.isInteger(id) || id <= 0)
    return <ErrorBlock error={new Error('Meeting not found')} />;
  if (isLoading) return <LoadingBlock />;
  if (error || !data) return <ErrorBlock error={error} />;

  const { meeting, agenda, agendaVisible, canManage } = data;
  const cancelled = meeting.status === 'cancelled';
  const manage = canManage && !cancelled;
  const after = async <T,>(promise: Promise<T>) => {
    const result = await promise;
    await refresh();
    return result;
  };
  const actions: AgendaActions = {
    addItem: (body) => after(meetingApi.addItem(id, body)),
    addStandardItems: () => after(meetingApi.addStandardItems(id)),
    updateItem: (item, body) => after(meetingApi.updateItem(id, item, body)),
    deleteItem: (item) => after(meetingApi.deleteItem(id, item)),
    reorder: (ids) => after(meetingApi.reorder(id, ids)),
    uploadPaper: (item, form) => after(meetingApi.uploadPaper(id, item, form)),
    linkPaper: (item, documentId) => after(meetingApi.linkPaper(id, item, documentId)),
    removePaper: (item, paper) => after(meetingApi.removePaper(id, item, paper)),
    downloadPaper: (item, paper) => meetingApi.downloadPaper(id, item, paper),
    editItem: (item) => setItemDialog({ item }),
    attachPaper: (item) => setPaperItem(item),
  };
  const publish = () =>
    after(meetingApi.publish(id))
      .then(() => notify({ title: 'Agenda published' }))
      .catch((e) => notify(errorToast(e, 'Failed to publish the agenda')));

  return (
    <>
      <PageHeader
        title={meeting.title}
        subtitle={
          <>
            <Link component={RouterLink} to={paths.calendar}>
              Calendar
            </Link>{' '}
            / {formatDateTime(meeting.meetingDate)}
          </>
        }
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={<EventAvailableOutlined />}
              aria-label={`Add to calendar: ${meeting.title}`}
              onClick={() =>
                downloadMeetingIcs(meeting.id).catch((e) =>
                  notify(errorToast(e, 'Failed to download the calendar file')),
                )
              }
            >
              Add to calendar
            </Button>
            {canManage && (
              <>
                {!cancelled && (
                  <Button variant="outlined" onClick={() => setEditing(true)}>
                    Edit meeting
                  </Button>
                )}
                {!cancelled && (
                  <Button variant="outlined" color="error" onClick={() => setCancelling(true)}>
                    Cancel meeting
                  </Button>
                )}
                <Button color="error" onClick={() => setDeleting(true)}>
                  Delete
                </Button>
              </>
            )}
          </Box>
        }
      />
      {cancelled && (
        <Alert severity="error" sx={{ mb: 3 }}>
          This meeting was cancelled
          {meeting.cancelledAt ? ` on ${formatDateTime(meeting.cancelledAt)}` : ''}. It is kept for
          the record.
        </Alert>
      )}
      <Details meeting={meeting} />

      <Box component="section" aria-labelledby="agenda-heading" sx={{ mb: 3 }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography id="agenda-heading" variant="h2">
            Agenda
          </Typography>
          {canManage && meeting.agendaStatus === 'draft' && (
            <Typography color="text.secondary">Draft: only admins and chairs see it.</Typography>
          )}
          {meeting.agendaPublishedAt && (
            <Typography color="text.secondary">
              Published {formatDateTime(meeting.agendaPublishedAt)}
              {meeting.agendaChangedSincePublication ? '; changed since publication' : ''}
            </Typography>
          )}
          {manage &&
            (meeting.agendaStatus === 'draft' || meeting.agendaChangedSincePublication) && (
              <Button variant="contained" onClick={() => void publish()}>
                {meeting.agendaStatus === 'draft' ? 'Publish agenda' : 'Publish changes'}
              </Button>
            )}
        </Box>
        {agendaVisible ? (
          <>
            <AgendaBuilder meeting={meeting} agenda={agenda} canManage={manage} actions={actions} />
            {manage && meeting.kind === 'board' && (
              <ResolutionOffers meetingId={meeting.id} onAdded={refresh} />
            )}
            <BoardPackSection meetingId={meeting.id} agenda={agenda} />
          </>
        ) : (
          <Typography color="text.secondary">The agenda has not been published yet.</Typography>
        )}
      </Box>

      <Box sx={{ mb: 3 }}>
        <AttendanceSection meetingId={id} role={user.role} />
      </Box>

      <Box sx={{ mb: 3 }}>
        <ConflictsSection meetingId={id} />
      </Box>

      <Box sx={{ mb: 3 }}>
        <MinutesSection meeting={meeting} agenda={agenda} />
      </Box>

      {itemDialog && (
        <AgendaItemDialog
          open
          item={itemDialog.item}
          onSave={(body) =>
            itemDialog.item ? actions.updateItem(itemDialog.item.id, body) : actions.addItem(body)
          }
          onClose={() => setItemDialog(null)}
        />
      )}
      {paperItem && (
        <PaperDialog
          open
          item={paperItem}
          onUpload={(form) => actions.uploadPaper(paperItem.id, form)}
          onLink={(documentId) => actions.linkPaper(paperItem.id, documentId)}
          onClose={() => setPaperItem(null)}
        />
      )}
      {editing && (
        <EditMeetingDialog
          open
          meeting={meeting}
          onSave={(body) => after(meetingApi.update(id, body))}
          onClose={() => setEditing(false)}
        />
      )}
      <ConfirmDialog
        open={cancelling}
        title="Cancel meeting"
        message="Cancel this meeting? It stays on the calendar, marked as cancelled, and can no longer be changed."
        confirmLabel="Cancel meeting"
        busyLabel="Cancelling..."
        onConfirm={() =>
          after(meetingApi.cancel(id))
            .then(() => notify({ title: 'Meeting cancelled' }))
            .catch((e) => notify(errorToast(e, 'Failed to cancel the meeting')))
        }
        onClose={() => setCancelling(false)}
      />
      <ConfirmDialog
        open={deleting}
        title="Delete meeting"
        message="Delete this meeting, its agenda and its uploaded papers? Deleting is for meetings recorded by mistake; cancel a meeting that will not take place."
        onConfirm={() =>
          meetingApi
            .remove(id)
            .then(async () => {
              notify({ title: 'Meeting deleted' });
              await refresh();
              navigate(paths.calendar);
            })
            .catch((e) => notify(errorToast(e, 'Failed to delete the meeting')))
        }
        onClose={() => setDeleting(false)}
      />
    </>
  );
}
