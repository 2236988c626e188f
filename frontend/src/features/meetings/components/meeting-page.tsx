// `/meetings/:id`, one designed whole (spec §2 Meeting page): first the meeting at a glance with the
// reader's own next steps, then the agenda (each item with its papers and conflicts of interest),
// the attendance and the minutes; once the meeting is held, attendance and minutes come before the
// agenda. Admins and chairs also edit, cancel, publish and build the agenda here. On a phone the
// sections after the first screen fold; `#agenda`, `#papers`, `#attendance`, `#minutes` unfold one.
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { PageHeader } from '@/components/page-header';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { paths } from '@/config/paths';
import { downloadMeetingIcs } from '@/lib/download';
import { useUser } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import { isGuest } from '@/lib/permissions';
import type { AgendaItem } from '@/types/api';
import { meetingApi, useMeeting, useRefreshMeeting } from '@/features/meetings/api/meeting';
import { AgendaBuilder, type AgendaActions } from '@/features/meetings/components/agenda-builder';
import { AgendaItemDialog } from '@/features/meetings/components/agenda-item-dialog';
import { BoardPackSection } from '@/features/meetings/components/board-pack-section';
import { KeepOffline } from '@/features/meetings/offline/components/keep-offline';
import { EditMeetingDialog } from '@/features/meetings/components/edit-meeting-dialog';
import { PaperDialog } from '@/features/meetings/components/paper-dialog';
import { ResolutionOffers } from '@/features/meetings/components/resolution-offers';
import { ReadingSummarySection } from '@/features/meetings/reading/components/reading-summary-section';
import { AttendanceSection } from '@/features/meetings/attendance/components/attendance-section';
import {
  ConflictGuidance,
  ItemConflictsView,
  useConflicts,
} from '@/features/meetings/conflicts/components/item-conflicts';
import { FoldSection } from '@/features/meetings/components/fold-section';
import {
  isHeld,
  MeetingOverview,
  type MeetingTask,
} from '@/features/meetings/components/meeting-overview';
import { ActionsArising } from '@/features/meetings/minutes/components/actions-arising';
import {
  MinutesSection,
  type MinutesSignatureSlot,
} from '@/features/meetings/minutes/components/minutes-section';

/**
 * `tasks`: the reader's own tasks for this meeting (the app reads them from the tasks API); undefined
 * while they load.
 */
export function MeetingPage({
  tasks,
  minutesSignature,
  whoSigns,
}: {
  tasks?: MeetingTask[];
  /** The signature of approved minutes (spec §16), from the signing feature through the app. */
  minutesSignature?: MinutesSignatureSlot;
  /** Who chaired the meeting and who is named to sign its minutes (spec §16), for admins and chairs. */
  whoSigns?: (meetingId: number) => ReactNode;
}) {
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
  // A guest sees the agenda, its papers and the pack, and answers whether they attend; nothing the
  // board keeps for itself (conflicts, reading records, the minutes, who attends: spec §6 Guests).
  const guest = isGuest(user);
  const conflicts = useConflicts(id, !guest);

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

  // After the meeting (spec §2 Meeting page): held once its planned end is past. A roll call taken at
  // the start of a meeting in progress does not make it held.
  const held = isHeld(meeting);

  const agendaSection = (
    <FoldSection
      id="agenda"
      title="Agenda"
      inner={['papers']}
      aside={
        (canManage && meeting.agendaStatus === 'draft') ||
        meeting.agendaPublishedAt ||
        (manage && (meeting.agendaStatus === 'draft' || meeting.agendaChangedSincePublication)) ? (
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            {canManage && meeting.agendaStatus === 'draft' && (
              <Typography color="text.secondary">Draft: only admins and chairs see it.</Typography>
            )}
            {meeting.agendaPublishedAt && (
              <Typography variant="body2" color="text.secondary">
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
        ) : null
      }
    >
      {agendaVisible ? (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Box id="papers" sx={{ scrollMarginTop: 80, '& > section': { mt: 0 } }}>
            {agenda.length > 0 && !cancelled && !guest && <KeepOffline meetingId={meeting.id} />}
            <BoardPackSection meetingId={meeting.id} agenda={agenda} />
          </Box>
          {!guest && <ReadingSummarySection meetingId={meeting.id} />}
          {agenda.length > 0 && !guest && <ConflictGuidance />}
          <AgendaBuilder
            meeting={meeting}
            agenda={agenda}
            canManage={manage}
            actions={actions}
            itemExtra={(item) => {
              const itemConflicts = conflicts.item(item.id);
              return itemConflicts ? (
                <ItemConflictsView meetingId={id} item={itemConflicts} controller={conflicts} />
              ) : null;
            }}
          />
          {manage && meeting.kind === 'board' && (
            <ResolutionOffers meetingId={meeting.id} onAdded={refresh} />
          )}
        </Box>
      ) : (
        <Typography color="text.secondary">The agenda has not been published yet.</Typography>
      )}
    </FoldSection>
  );
  const attendanceSection = guest ? null : (
    <FoldSection id="attendance" title="Attendance">
      <AttendanceSection meetingId={id} role={user.role} />
    </FoldSection>
  );
  const minutesSection = guest ? null : (
    <FoldSection id="minutes" title="Minutes">
      <MinutesSection meeting={meeting} agenda={agenda} embedded signature={minutesSignature} />
      {manage && whoSigns?.(meeting.id)}
      {held && <ActionsArising meetingId={id} />}
    </FoldSection>
  );

  return (
    <>
      <PageHeader
        title={meeting.title}
        subtitle={
          <>
            <Link component={RouterLink} to={paths.calendar}>
              {guest ? 'Meetings' : 'Calendar'}
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
      <MeetingOverview
        meeting={meeting}
        tasks={tasks}
        agenda={agenda}
        agendaVisible={agendaVisible}
        conflicts={conflicts}
      />
      {held ? (
        <>
          {attendanceSection}
          {minutesSection}
          {agendaSection}
        </>
      ) : (
        <>
          {agendaSection}
          {attendanceSection}
          {minutesSection}
        </>
      )}
      {conflicts.dialog}

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
