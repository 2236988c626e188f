// The quorum rule (spec §10 Rules): read by everyone on the Terms of office tab, changed by admins
// and chairs.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { ApiError, api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { GovernanceSettings } from '@/features/governance/types';
import { settingsPath, useGovernanceSettings } from '@/features/governance/api/interests';

type Rule = GovernanceSettings['quorumRule'];

const describe = (s: GovernanceSettings): string =>
  s.quorumRule === 'count'
    ? `${s.quorumMinimum} trustees`
    : `${s.quorumNumerator}/${s.quorumDenominator} of the serving trustees, and at least ${s.quorumMinimum}`;

function QuorumForm({ settings, onDone }: { settings: GovernanceSettings; onDone: () => void }) {
  const notify = useNotify();
  const revalidate = useRevalidate();
  const [rule, setRule] = useState<Rule>(settings.quorumRule);
  const [minimum, setMinimum] = useState(String(settings.quorumMinimum));
  const [numerator, setNumerator] = useState(String(settings.quorumNumerator));
  const [denominator, setDenominator] = useState(String(settings.quorumDenominator));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = async () => {
    try {
      await api.put<GovernanceSettings>(settingsPath, {
        quorumRule: rule,
        quorumMinimum: Number(minimum),
        ...(rule === 'fraction' && {
          quorumNumerator: Number(numerator),
          quorumDenominator: Number(denominator),
        }),
      });
      await revalidate(settingsPath, '/api/meetings');
      notify({ title: 'Quorum rule saved', severity: 'success' });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) setErrors(error.fieldErrors);
      notify(errorToast(error, 'Failed to save the quorum rule'));
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
        label="Quorum rule"
        value={rule}
        onChange={(e) => setRule(e.target.value as Rule)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="count">A number of trustees</option>
        <option value="fraction">A share of the serving trustees</option>
      </TextField>
      <TextField
        label={rule === 'count' ? 'Trustees needed' : 'At least'}
        type="number"
        value={minimum}
        onChange={(e) => setMinimum(e.target.value)}
        error={!!errors.quorumMinimum}
        helperText={errors.quorumMinimum}
        slotProps={{ htmlInput: { min: 1, max: 100 } }}
      />
      {rule === 'fraction' && (
        <Box sx={{ display: 'flex', gap: 2 }}>
          <TextField
            label="Numerator"
            type="number"
            value={numerator}
            onChange={(e) => setNumerator(e.target.value)}
            error={!!errors.quorumNumerator}
            helperText={errors.quorumNumerator}
            slotProps={{ htmlInput: { min: 1, max: 100 } }}
          />
          <TextField
            label="Denominator"
            type="number"
            value={denominator}
            onChange={(e) => setDenominator(e.target.value)}
            slotProps={{ htmlInput: { min: 1, max: 100 } }}
          />
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained">
          Save quorum rule
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </Box>
    </Box>
  );
}

export function QuorumSettings({ officer }: { officer: boolean }) {
  const { data } = useGovernanceSettings();
  const [editing, setEditing] = useState(false);
  if (!data || data.quorumRule === undefined) return null;
  return (
    <Card component="section" aria-labelledby="quorum-heading" sx={{ mt: 3 }}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography variant="h3" component="h2" id="quorum-heading">
          Quorum
        </Typography>
        <Typography>
          A meeting is quorate when at least {describe(data)} are present (a committee meeting: of
          its members).
        </Typography>
        {officer &&
          (editing ? (
            <QuorumForm settings={data} onDone={() => setEditing(false)} />
          ) : (
            <Box>
              <Button variant="outlined" onClick={() => setEditing(true)}>
                Change the quorum rule
              </Button>
            </Box>
          ))}
      </CardContent>
    </Card>
  );
}
