// The admins' single sign-on settings on Account security (docs/spec.md §13 Single sign-on): whether the
// identity provider's second factor counts as the portal's, and password sign-in off for everyone but a
// break-glass admin.
import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SecuritySettings } from '@/types/api';
import { useUsers } from '@/features/identity/users/api/get-users';

type Props = {
  settings: SecuritySettings;
  saving: boolean;
  /** Saves the settings with these changes. */
  onSave: (changes: Partial<SecuritySettings>) => Promise<void>;
};

export function SingleSignOnSettings({ settings, saving, onSave }: Props) {
  const { data: users } = useUsers(true);
  const admins = (users ?? []).filter((u) => u.role === 'admin' && u.active);
  const [breakGlass, setBreakGlass] = useState<number | ''>(settings.breakGlassAdminId ?? '');
  const trustHelp = useId();
  const passwordHelp = useId();

  return (
    <Box sx={{ display: 'grid', gap: 1, mt: 2 }}>
      <FormControlLabel
        control={
          <Switch
            checked={!!settings.trustProviderMfa}
            disabled={saving}
            onChange={(event) => void onSave({ trustProviderMfa: event.target.checked })}
            slotProps={{ input: { 'aria-describedby': trustHelp } }}
          />
        }
        label="Count the identity provider's second factor"
      />
      <Typography id={trustHelp} variant="body2" color="text.secondary">
        When the identity provider says it asked for a second factor, a single sign-on meets the
        two-factor rule without the portal&apos;s own code.
      </Typography>
      <TextField
        select
        label="Break-glass admin"
        value={breakGlass}
        onChange={(event) => setBreakGlass(Number(event.target.value))}
        disabled={saving || !!settings.passwordSignInOff}
        sx={{ maxWidth: 360, mt: 1 }}
        helperText="The one admin who keeps password sign-in when it is off for everyone else"
      >
        {admins.map((admin) => (
          <MenuItem key={admin.id} value={admin.id}>
            {admin.name} ({admin.email})
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Switch
            checked={!!settings.passwordSignInOff}
            disabled={saving || (!settings.passwordSignInOff && breakGlass === '')}
            onChange={(event) =>
              void onSave({
                passwordSignInOff: event.target.checked,
                breakGlassAdminId: breakGlass === '' ? null : breakGlass,
              })
            }
            slotProps={{ input: { 'aria-describedby': passwordHelp } }}
          />
        }
        label="Turn off password sign-in except for the break-glass admin"
      />
      <Typography id={passwordHelp} variant="body2" color="text.secondary">
        Everyone else signs in with single sign-on only.
      </Typography>
    </Box>
  );
}
