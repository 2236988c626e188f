// The board's secretary (spec §10 settings, §16 Signing): a governance setting, shown to everyone on the
// Terms of office tab and changed by admins and chairs. The secretary certifies passed written
// resolutions besides the chair.
import { useState } from 'react';
import useSWR from 'swr';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { ApiError, api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { components } from '@/types/api.generated';
import type { GovernanceSettings } from '@/features/governance/types';
import { settingsPath, useGovernanceSettings } from '@/features/governance/api/interests';

type ActiveUser = components['schemas']['DirectoryEntry'];

function SecretaryForm({ current, onDone }: { current: number | null; onDone: () => void }) {
  const notify = useNotify();
  const revalidate = useRevalidate();
  const { data: users } = useSWR<ActiveUser[]>('/api/trustees/active', (path: string) =>
    api.get<ActiveUser[]>(path),
  );
  const [value, setValue] = useState(current === null ? '' : String(current));
  const [error, setError] = useState<string | undefined>();

  const save = async () => {
    try {
      await api.put<GovernanceSettings>(settingsPath, {
        secretaryId: value === '' ? null : Number(value),
      });
      await revalidate(settingsPath);
      notify({ title: 'Board secretary saved', severity: 'success' });
      onDone();
    } catch (e) {
      if (e instanceof ApiError) setError(e.fieldErrors?.secretaryId ?? undefined);
      notify(errorToast(e, 'Failed to save the board secretary'));
    }
  };

  return (
    <Box
      component="form"
      sx={{ display: 'grid', gap: 2, maxWidth: 420 }}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <TextField
        select
        label="Board secretary"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={!!error}
        helperText={error}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">None</option>
        {(users ?? []).map((u) => (
          <option key={u.id} value={String(u.id)}>
            {u.name}
          </option>
        ))}
      </TextField>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained">
          Save board secretary
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </Box>
    </Box>
  );
}

export function SecretarySetting({ officer }: { officer: boolean }) {
  const { data } = useGovernanceSettings();
  const [editing, setEditing] = useState(false);
  if (!data) return null;
  const name = data.secretaryName ?? null;
  return (
    <Card component="section" aria-labelledby="secretary-heading" sx={{ mt: 3 }}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography variant="h3" component="h2" id="secretary-heading">
          Board secretary
        </Typography>
        <Typography>
          {name
            ? `${name} is the board's secretary and certifies passed written resolutions, as the chair does.`
            : 'The board has no secretary in the portal: the chair certifies passed written resolutions.'}
        </Typography>
        {officer &&
          (editing ? (
            <SecretaryForm current={data.secretaryId ?? null} onDone={() => setEditing(false)} />
          ) : (
            <Box>
              <Button variant="outlined" onClick={() => setEditing(true)}>
                Change the board secretary
              </Button>
            </Box>
          ))}
      </CardContent>
    </Card>
  );
}
