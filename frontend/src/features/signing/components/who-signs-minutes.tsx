// 'Who signs the minutes' on the meeting page (spec §16 Signing), for admins and chairs: who chaired
// the meeting (they sign its minutes; nobody recorded, the board's chair does) and the trustee the board
// names to sign them too. The named signer needs the meeting's written minutes, so that field shows
// once there are some.
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { ApiError } from '@/lib/api-client';
import { recordMeetingChair, useMeetingChair } from '@/features/signing/api/meeting-chair';
import { useMeetingPeople, type MeetingPerson } from '@/features/signing/api/meeting-people';
import { nameMinutesSigner, useMinutesSigner } from '@/features/signing/api/minutes-signer';

const idOf = (value: string) => (value === '' ? null : Number(value));

function PersonSelect({
  label,
  none,
  value,
  onChange,
  people,
  error,
}: {
  label: string;
  none: string;
  value: string;
  onChange: (value: string) => void;
  people: MeetingPerson[];
  error?: string;
}) {
  return (
    <TextField
      select
      fullWidth
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{none}</option>
      {people.map((p) => (
        <option key={p.id} value={String(p.id)}>
          {p.present ? `${p.name} (present)` : p.name}
        </option>
      ))}
    </TextField>
  );
}

export function WhoSignsMinutes({ meetingId }: { meetingId: number }) {
  const notify = useNotify();
  const people = useMeetingPeople(meetingId);
  const { data: chair, mutate: mutateChair } = useMeetingChair(meetingId);
  // A 404 means no written minutes yet: nobody can be named to sign them.
  const { data: named, error: noMinutes, mutate: mutateNamed } = useMinutesSigner(meetingId, true);
  const [chairedBy, setChairedBy] = useState('');
  const [signer, setSigner] = useState('');
  const [errors, setErrors] = useState<{ chair?: string; signer?: string }>({});
  const [saving, setSaving] = useState(false);

  const savedChair = chair?.chairedBy ? String(chair.chairedBy.id) : '';
  const savedSigner = named?.signer ? String(named.signer.userId) : '';
  useEffect(() => setChairedBy(savedChair), [savedChair]);
  useEffect(() => setSigner(savedSigner), [savedSigner]);

  if (!people || !chair) return null;
  const canName = named !== undefined && !noMinutes;

  const save = async () => {
    setSaving(true);
    const found: { chair?: string; signer?: string } = {};
    const fieldError = (error: unknown) =>
      error instanceof ApiError ? (error.fieldErrors?.userId ?? undefined) : undefined;
    let failed: unknown = null;
    if (chairedBy !== savedChair) {
      try {
        await mutateChair(await recordMeetingChair(meetingId, idOf(chairedBy)), {
          revalidate: false,
        });
      } catch (error) {
        found.chair = fieldError(error);
        failed = error;
      }
    }
    if (canName && signer !== savedSigner) {
      try {
        await mutateNamed(await nameMinutesSigner(meetingId, idOf(signer)), { revalidate: false });
      } catch (error) {
        found.signer = fieldError(error);
        failed = error;
      }
    }
    setErrors(found);
    setSaving(false);
    if (failed) notify(errorToast(failed, 'Failed to save who signs the minutes'));
    else notify({ title: 'Saved who signs the minutes', severity: 'success' });
  };

  return (
    <Box
      component="form"
      aria-label="Who signs the minutes"
      sx={{ display: 'grid', gap: 2, mt: 2, mb: 3, maxWidth: 480 }}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Typography variant="subtitle1" component="h3">
        Who signs the minutes
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Whoever chaired the meeting signs its approved minutes; when nobody is recorded, the chair
        of the board does.
      </Typography>
      <PersonSelect
        label="Chaired by"
        none="Not recorded"
        value={chairedBy}
        onChange={setChairedBy}
        people={people}
        error={errors.chair}
      />
      {canName && (
        <PersonSelect
          label="Also named to sign"
          none="Nobody"
          value={signer}
          onChange={setSigner}
          people={people}
          error={errors.signer}
        />
      )}
      <Box>
        <Button type="submit" variant="outlined" disabled={saving}>
          Save
        </Button>
      </Box>
    </Box>
  );
}
