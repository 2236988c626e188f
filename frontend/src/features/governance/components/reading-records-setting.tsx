// Reading records (spec §2 Pack reader, Reading records): what the portal records and who sees it, for
// everyone; admins and chairs switch it on and off. Switching it off deletes every record, so it asks first.
import { useState } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { useGovernanceSettings } from '@/features/governance/api/interests';
import {
  useSetReadingRecords,
  type ReadingRecordsSettings,
} from '@/features/governance/api/reading-records';

export function ReadingRecordsSetting({ officer }: { officer: boolean }) {
  const { data } = useGovernanceSettings();
  const settings = data as ReadingRecordsSettings | undefined;
  const setReadingRecords = useSetReadingRecords();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  if (settings?.readingRecords === undefined) return null;
  const on = settings.readingRecords;

  const save = (next: boolean) =>
    setReadingRecords(next)
      .then(() =>
        notify({
          title: next ? 'Reading records switched on' : 'Reading records switched off',
          severity: 'success',
        }),
      )
      .catch((e) => notify(errorToast(e, 'Failed to change the setting')));

  return (
    <Card component="section" aria-labelledby="reading-records-heading" sx={{ mt: 3 }}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography variant="h3" component="h2" id="reading-records-heading">
          Reading records
        </Typography>
        <Typography id="reading-records-description">
          While this is on, the portal records which pages of which paper each person has shown in
          the portal&apos;s reader, and when; not what they read elsewhere, nor how long they
          looked. Each person sees their own record; admins and chairs see, per paper and person,
          whether it was not opened, started or read. Nobody else sees it.
        </Typography>
        {officer ? (
          <FormControlLabel
            control={
              <Switch
                checked={on}
                slotProps={{ input: { 'aria-describedby': 'reading-records-description' } }}
                onChange={(event) => (event.target.checked ? void save(true) : setConfirming(true))}
              />
            }
            label="Record which pages each person has read"
          />
        ) : (
          <Typography color="text.secondary">
            {on ? 'Reading records are on.' : 'Reading records are switched off for this board.'}
          </Typography>
        )}
        <ConfirmDialog
          open={confirming}
          title="Switch off reading records"
          message="Every reading record is deleted, for every paper and every person, and nothing is recorded while the setting is off. This cannot be undone."
          confirmLabel="Switch off and delete"
          busyLabel="Switching off..."
          onConfirm={() => save(false)}
          onClose={() => setConfirming(false)}
        />
      </CardContent>
    </Card>
  );
}
