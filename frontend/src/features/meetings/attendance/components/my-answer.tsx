import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import type { Attendance, AttendanceResponse, MemberAttendance } from '@/types/api';
import { respond, responseLabels } from '@/features/meetings/attendance/api/attendance';

const REASON_MAX = 500;

/** The member's own answer: Attending, Apologies (with an optional reason) or Not sure. */
export function MyAnswer({
  meetingId,
  mine,
  onSaved,
}: {
  meetingId: number;
  mine: MemberAttendance;
  onSaved: (attendance: Attendance) => void;
}) {
  const notify = useNotify();
  const [response, setResponse] = useState<AttendanceResponse | ''>(mine.response ?? '');
  const [reason, setReason] = useState(mine.reason ?? '');
  const [saving, setSaving] = useState(false);
  const changed = response !== (mine.response ?? '') || reason !== (mine.reason ?? '');

  const save = async () => {
    if (!response) return;
    setSaving(true);
    try {
      onSaved(await respond(meetingId, response, reason));
      notify({ title: 'Your answer was saved', severity: 'success' });
    } catch (error) {
      notify(errorToast(error, 'Failed to save your answer'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box component="section" aria-label="Your answer" sx={{ display: 'grid', gap: 1 }}>
      <FormControl>
        <FormLabel id={`answer-${meetingId}`}>Will you attend?</FormLabel>
        <RadioGroup
          row
          aria-labelledby={`answer-${meetingId}`}
          value={response}
          onChange={(_, value) => setResponse(value as AttendanceResponse)}
        >
          {(Object.keys(responseLabels) as AttendanceResponse[]).map((value) => (
            <FormControlLabel
              key={value}
              value={value}
              control={<Radio />}
              label={responseLabels[value]}
            />
          ))}
        </RadioGroup>
      </FormControl>
      {response === 'apologies' && (
        <TextField
          label="Reason (optional)"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
          multiline
          minRows={1}
        />
      )}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={save} disabled={!response || !changed || saving}>
          Save answer
        </Button>
        {mine.response && (
          <Typography variant="body2" color="text.secondary">
            You answered: {responseLabels[mine.response]}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
