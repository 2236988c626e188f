import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { ResponsiveTable, type Column } from '@/components/responsive-table/responsive-table';
import { RowAction } from '@/components/responsive-table/row-action';
import { roleLabel } from '@/lib/permissions';
import type {
  Attendance,
  GuestAttendance,
  MemberAttendance,
  RecordedAttendance,
} from '@/types/api';
import {
  addGuest,
  recordAttendance,
  recordedLabels,
  removeGuest,
  responseLabels,
} from '@/features/meetings/attendance/api/attendance';

const memberStatuses: RecordedAttendance[] = ['present', 'absent', 'apologies'];

function RecordSelect({
  meetingId,
  member,
  onSaved,
}: {
  meetingId: number;
  member: MemberAttendance;
  onSaved: (attendance: Attendance) => void;
}) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  return (
    <TextField
      select
      size="small"
      value={member.recorded ?? ''}
      disabled={busy}
      sx={{ minWidth: 150 }}
      slotProps={{
        select: { native: true },
        htmlInput: { 'aria-label': `Attendance of ${member.name}` },
      }}
      onChange={async (event) => {
        const value = event.target.value as RecordedAttendance | '';
        setBusy(true);
        try {
          onSaved(await recordAttendance(meetingId, member.userId, value || null));
        } catch (error) {
          notify(errorToast(error, 'Failed to record attendance'));
        } finally {
          setBusy(false);
        }
      }}
    >
      <option value="">Not recorded</option>
      {memberStatuses.map((status) => (
        <option key={status} value={status}>
          {recordedLabels[status]}
        </option>
      ))}
    </TextField>
  );
}

function answerText(member: MemberAttendance): string {
  if (!member.response) return 'No answer';
  const answer = responseLabels[member.response];
  return member.reason ? `${answer}: ${member.reason}` : answer;
}

/** The admin and chair view: every member's answer, what was recorded, and the guests. */
export function RecordingTable({
  meetingId,
  attendance,
  onSaved,
}: {
  meetingId: number;
  attendance: Attendance;
  onSaved: (attendance: Attendance) => void;
}) {
  const notify = useNotify();
  const [guestName, setGuestName] = useState('');
  const [adding, setAdding] = useState(false);

  const memberColumns: Column<MemberAttendance>[] = [
    { header: 'Member', cell: (m) => m.name, card: 'heading' },
    { header: 'Role', cell: (m) => roleLabel(m.role), nowrap: true },
    { header: 'Answer', cell: answerText },
    {
      header: 'Recorded',
      cell: (m) => <RecordSelect meetingId={meetingId} member={m} onSaved={onSaved} />,
    },
  ];
  const guestColumns: Column<GuestAttendance>[] = [
    { header: 'Guest', cell: (g) => g.name, card: 'heading' },
    { header: 'Kind', cell: (g) => (g.userId === null ? 'Visitor' : 'Portal user') },
  ];

  const add = async () => {
    if (!guestName.trim()) return;
    setAdding(true);
    try {
      onSaved(await addGuest(meetingId, guestName.trim()));
      setGuestName('');
    } catch (error) {
      notify(errorToast(error, 'Failed to add the guest'));
    } finally {
      setAdding(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <ResponsiveTable
        caption="Members' attendance"
        rows={attendance.members}
        rowKey={(m) => m.userId}
        columns={memberColumns}
      />
      <Typography variant="h3">Guests</Typography>
      {attendance.guests.length > 0 ? (
        <ResponsiveTable
          caption="Guests"
          rows={attendance.guests}
          rowKey={(g) => g.id}
          columns={guestColumns}
          actionsHeader="Remove"
          actions={(g) => (
            <RowAction
              label="Remove"
              accessibleLabel={`Remove ${g.name}`}
              icon={<DeleteOutlined />}
              color="error"
              onClick={async () => {
                try {
                  onSaved(await removeGuest(meetingId, g.id));
                } catch (error) {
                  notify(errorToast(error, 'Failed to remove the guest'));
                }
              }}
            />
          )}
        />
      ) : (
        <Typography variant="body2" color="text.secondary">
          No guests recorded.
        </Typography>
      )}
      <Box
        component="form"
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <TextField
          size="small"
          label="Guest's name"
          value={guestName}
          onChange={(e) => setGuestName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Button type="submit" variant="outlined" disabled={!guestName.trim() || adding}>
          Add guest
        </Button>
      </Box>
    </Box>
  );
}
