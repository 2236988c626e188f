// Shows how strong a new password is while it is typed: a bar of five steps, a word, and zxcvbn's
// advice. The estimator and its dictionaries load on first use (a separate chunk).
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MIN_PASSWORD_LENGTH } from '@/features/identity/passwords/lib/password-rules';
import type { StrengthEstimate } from '@/features/identity/passwords/lib/password-strength';

const CHECK_DELAY_MS = 150;

type Estimator = (password: string, userInputs?: string[]) => StrengthEstimate;

let loading: Promise<Estimator> | null = null;

function loadEstimator(): Promise<Estimator> {
  loading ??= import(
    /* webpackChunkName: "password-strength" */ '@/features/identity/passwords/lib/password-strength'
  ).then((m) => m.estimateStrength);
  // A failed load (a network blip) is tried again by the next meter.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

const levels = [
  { word: 'Very weak', color: 'error.main' },
  { word: 'Weak', color: 'error.main' },
  { word: 'Fair', color: 'warning.main' },
  { word: 'Good', color: 'success.main' },
  { word: 'Strong', color: 'success.dark' },
] as const;

type Props = {
  password: string;
  /** Words that make a password easy to guess for this user: their name and e-mail address. */
  userInputs?: string[];
  /** The id the password field names in its aria-describedby. */
  id?: string;
};

export function PasswordStrengthMeter({ password, userInputs = [], id }: Props) {
  const [estimate, setEstimate] = useState<Estimator | null>(null);

  useEffect(() => {
    let live = true;
    loadEstimator()
      .then((fn) => {
        if (live) setEstimate(() => fn);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  const inputsKey = userInputs.filter(Boolean).join('\n');
  const [checked, setChecked] = useState<StrengthEstimate | null>(null);
  // Checked once typing pauses (a check takes tens of milliseconds).
  useEffect(() => {
    if (!estimate || !password) return undefined;
    const timer = window.setTimeout(() => {
      setChecked(estimate(password, inputsKey ? inputsKey.split('\n') : []));
    }, CHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [estimate, password, inputsKey]);
  const result = password ? checked : null;

  const tooShort = password.length > 0 && password.length < MIN_PASSWORD_LENGTH;
  // A short password is at most "Weak", whatever the estimate says.
  const score = result ? (tooShort ? Math.min(result.score, 1) : result.score) : null;
  const level = score === null ? null : levels[score];
  const advice = result
    ? [
        tooShort ? `Use at least ${MIN_PASSWORD_LENGTH} characters.` : null,
        result.warning,
        result.suggestions[0] ?? null,
      ].filter((text): text is string => !!text)
    : [];

  return (
    <Box id={id} data-testid="password-strength" sx={{ minHeight: 24 }}>
      {password && level && score !== null && (
        <>
          <Box
            role="meter"
            aria-label="Password strength"
            aria-valuemin={0}
            aria-valuemax={4}
            aria-valuenow={score}
            aria-valuetext={level.word}
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gap: 0.5, mb: 0.5 }}
          >
            {levels.map((_, step) => (
              <Box
                key={step}
                sx={{
                  height: 6,
                  borderRadius: 3,
                  bgcolor: step <= score ? level.color : 'action.disabledBackground',
                }}
              />
            ))}
          </Box>
        </>
      )}
      <Box aria-live="polite">
        {password && level && (
          <Typography variant="body2">
            Password strength: <strong>{level.word}</strong>
          </Typography>
        )}
        {password && !level && (
          <Typography variant="body2" color="text.secondary">
            Checking strength...
          </Typography>
        )}
      </Box>
      {password && advice.length > 0 && (
        <Typography variant="body2" color="text.secondary" component="div">
          {advice.join(' ')}
        </Typography>
      )}
    </Box>
  );
}
