// Answering an evaluation (docs/spec.md §17): one principle per step, each statement scored 1 to 5 or
// "don't know", then the free-text questions; full screen on a phone.
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { LoadingBlock } from '@/components/query-state';
import {
  useEvaluation,
  useEvaluationActions,
  type EvaluationQuestion,
} from '@/features/governance/evaluation/api';

const choices = [
  { value: '1', label: '1 Strongly disagree' },
  { value: '2', label: '2' },
  { value: '3', label: '3' },
  { value: '4', label: '4' },
  { value: '5', label: '5 Strongly agree' },
  { value: 'dk', label: "Don't know" },
];

/** The questions grouped by principle, in order. */
function steps(
  questions: EvaluationQuestion[],
): { principle: string; questions: EvaluationQuestion[] }[] {
  const groups: { principle: string; questions: EvaluationQuestion[] }[] = [];
  for (const q of questions) {
    const last = groups[groups.length - 1];
    if (last && last.principle === q.principle) last.questions.push(q);
    else groups.push({ principle: q.principle, questions: [q] });
  }
  return groups;
}

export function AnswerDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const notify = useNotify();
  const { answer } = useEvaluationActions();
  const { data: round } = useEvaluation(id);
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(false);
  const groups = round ? steps(round.questions) : [];
  const group = groups[step];
  const complete =
    group?.questions.every((q) => q.kind === 'text' || values[q.id] !== undefined) ?? false;
  const last = step === groups.length - 1;
  const submit = async () => {
    if (!round) return;
    setBusy(true);
    try {
      await answer(
        id,
        round.questions.map((q) => {
          const value = values[q.id];
          if (q.kind === 'text') return { questionId: q.id, text: value ?? '' };
          if (value === 'dk') return { questionId: q.id, dontKnow: true };
          return { questionId: q.id, score: Number(value) };
        }),
      );
      notify({ title: 'Thank you: your answers are in' });
      onClose();
    } catch (error) {
      notify(errorToast(error, 'Failed to send your answers'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-labelledby="answer-title"
    >
      <DialogTitle id="answer-title">{round?.title ?? 'Evaluation'}</DialogTitle>
      <DialogContent>
        {!group ? (
          <LoadingBlock />
        ) : (
          <>
            <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
              {group.principle} ({step + 1} of {groups.length})
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Your answers are anonymous: they are stored without your name.
            </Typography>
            {group.questions.map((q) =>
              q.kind === 'text' ? (
                <TextField
                  key={q.id}
                  label={q.text}
                  multiline
                  minRows={3}
                  fullWidth
                  sx={{ mb: 2 }}
                  value={values[q.id] ?? ''}
                  onChange={(e) => setValues({ ...values, [q.id]: e.target.value })}
                  slotProps={{ htmlInput: { maxLength: 4000 } }}
                />
              ) : (
                <FormControl key={q.id} component="fieldset" sx={{ mb: 2, display: 'block' }}>
                  <FormLabel component="legend">{q.text}</FormLabel>
                  <RadioGroup
                    row
                    aria-label={q.text}
                    value={values[q.id] ?? ''}
                    onChange={(e) => setValues({ ...values, [q.id]: e.target.value })}
                  >
                    {choices.map((c) => (
                      <FormControlLabel
                        key={c.value}
                        value={c.value}
                        control={<Radio />}
                        label={c.label}
                      />
                    ))}
                  </RadioGroup>
                </FormControl>
              ),
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button disabled={step === 0} onClick={() => setStep(step - 1)}>
          Back
        </Button>
        {last ? (
          <Button variant="contained" disabled={!complete || busy} onClick={() => void submit()}>
            Send my answers
          </Button>
        ) : (
          <Button variant="contained" disabled={!complete} onClick={() => setStep(step + 1)}>
            Next
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
