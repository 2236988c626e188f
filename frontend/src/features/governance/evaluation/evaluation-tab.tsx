// The Governance page's "Evaluation" tab (docs/spec.md §17): officers build, open, remind and close board
// evaluations; trustees answer the open one, one principle at a time; readers see the results as bars.
import { useState } from 'react';
import * as yup from 'yup';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { FormDialog } from '@/components/form/form-dialog';
import { FormSelectField } from '@/components/form/form-select-field';
import { FormTextField } from '@/components/form/form-text-field';
import { EmptyState } from '@/components/empty-state';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { ToneChip } from '@/components/status-chips';
import { useUser } from '@/lib/auth';
import { downloadFile } from '@/lib/download';
import { formatDate } from '@/lib/format';
import { isAdminOrChair } from '@/lib/permissions';
import { useTermsOverview } from '@/features/governance/api/terms';
import {
  evaluationsPath,
  useEvaluationActions,
  useEvaluations,
  type EvaluationRound,
} from '@/features/governance/evaluation/api';
import { AnswerDialog } from '@/features/governance/evaluation/answer-dialog';
import { EditorDialog } from '@/features/governance/evaluation/editor-dialog';
import { ResultsDialog } from '@/features/governance/evaluation/results-dialog';

const statusLabels = { draft: 'Draft', open: 'Open', closed: 'Closed' } as const;

type CreateValues = {
  title: string;
  kind: string;
  appraisedUserId: string;
  resultsUserId: string;
};

const createSchema = yup.object({
  title: yup.string().trim().required('Title is required').max(200),
  kind: yup.string().required(),
});

function CreateDialog({ onClose }: { onClose: () => void }) {
  const { create } = useEvaluationActions();
  const { data: board } = useTermsOverview();
  const people = (board ?? []).map((t) => ({ value: String(t.userId), label: t.name }));
  return (
    <FormDialog<CreateValues>
      open
      onClose={onClose}
      title="New evaluation"
      description="It starts from the Charity Governance Code template; edit it before opening it."
      initialValues={{ title: '', kind: 'board', appraisedUserId: '', resultsUserId: '' }}
      validationSchema={createSchema}
      submitLabel="Create draft"
      busyLabel="Creating..."
      outcome={{ success: 'Draft evaluation created', failure: 'Failed to create the evaluation' }}
      onSubmit={(values) =>
        create({
          title: values.title,
          kind: values.kind === 'chair' ? 'chair' : 'board',
          appraisedUserId: values.appraisedUserId ? Number(values.appraisedUserId) : null,
          resultsUserId: values.resultsUserId ? Number(values.resultsUserId) : null,
        })
      }
    >
      <FormTextField name="title" label="Title" required />
      <FormSelectField
        name="kind"
        label="Kind"
        options={[
          { value: 'board', label: "The board's evaluation" },
          { value: 'chair', label: "The chair's appraisal" },
        ]}
      />
      <FormSelectField
        name="appraisedUserId"
        label="Chair appraised (chair's appraisal only)"
        placeholder="Choose a trustee"
        options={people}
      />
      <FormSelectField
        name="resultsUserId"
        label="Vice-chair who reads the results (chair's appraisal only)"
        placeholder="Choose a trustee"
        options={people}
      />
    </FormDialog>
  );
}

function OpenDialog({ round, onClose }: { round: EvaluationRound; onClose: () => void }) {
  const { open } = useEvaluationActions();
  return (
    <FormDialog<{ closesOn: string }>
      open
      onClose={onClose}
      title="Open the evaluation"
      description="Trustees can answer until the closing date; the statements can no longer change."
      initialValues={{ closesOn: '' }}
      validationSchema={yup.object({ closesOn: yup.string().required('Closing date is required') })}
      submitLabel="Open"
      busyLabel="Opening..."
      outcome={{ success: 'Evaluation opened', failure: 'Failed to open the evaluation' }}
      onSubmit={(values) => open(round.id, values.closesOn)}
    >
      <FormTextField name="closesOn" label="Closes on" type="date" required shrinkLabel />
    </FormDialog>
  );
}

function RoundCard({ round }: { round: EvaluationRound }) {
  const user = useUser();
  const officer = isAdminOrChair(user);
  const notify = useNotify();
  const { close, remind } = useEvaluationActions();
  const [dialog, setDialog] = useState<'edit' | 'open' | 'answer' | 'results' | null>(null);
  // Results wait for 3 answers and for the round to close (docs/spec.md §17 Results).
  const enough = round.answered >= 3 && round.status === 'closed';
  // The chair appraised (not asked) does not run their own appraisal (docs/spec.md §17 Rounds).
  const runs = officer && round.asked;
  return (
    <Card component="section" aria-label={round.title} sx={{ mb: 2 }}>
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="h3" component="h2">
            {round.title}
          </Typography>
          <ToneChip
            label={statusLabels[round.status]}
            tone={round.status === 'open' ? 'info' : 'default'}
          />
          {round.kind === 'chair' && <ToneChip label="Chair's appraisal" tone="default" />}
        </Box>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {round.closesOn ? `Closes ${formatDate(round.closesOn)} · ` : ''}
          {round.answered} answered
          {round.appraised ? ` · Appraising ${round.appraised.name}` : ''}
          {round.resultsReader ? ` · Results to ${round.resultsReader.name}` : ''}
        </Typography>
        {round.answeredByMe && (
          <Typography sx={{ mt: 1 }}>Thank you: your anonymous answers are in.</Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
          {round.status === 'open' && round.asked && !round.answeredByMe && (
            <Button variant="contained" onClick={() => setDialog('answer')}>
              Answer the evaluation
            </Button>
          )}
          {runs && round.status === 'draft' && (
            <>
              <Button variant="outlined" onClick={() => setDialog('edit')}>
                Edit statements
              </Button>
              <Button variant="contained" onClick={() => setDialog('open')}>
                Open
              </Button>
            </>
          )}
          {runs && round.status === 'open' && (
            <>
              <Button
                variant="outlined"
                onClick={() =>
                  remind(round.id)
                    .then((r) =>
                      notify({
                        title: !r.mailConfigured
                          ? 'Mail is not configured: no reminders were sent'
                          : r.reminded === 0
                            ? 'Nobody to remind: everyone asked has answered or was reminded today'
                            : `Reminded ${r.reminded} ${r.reminded === 1 ? 'person' : 'people'}`,
                      }),
                    )
                    .catch((e) => notify(errorToast(e, 'Failed to send reminders')))
                }
              >
                Remind those not answered
              </Button>
              <Button
                variant="outlined"
                onClick={() =>
                  close(round.id).catch((e) =>
                    notify(errorToast(e, 'Failed to close the evaluation')),
                  )
                }
              >
                Close
              </Button>
            </>
          )}
          {round.canReadResults && round.status !== 'draft' && (
            <>
              <Button variant="outlined" disabled={!enough} onClick={() => setDialog('results')}>
                Results
              </Button>
              <Button
                disabled={!enough}
                onClick={() => void downloadFile(`${evaluationsPath}/${round.id}/results/csv`)}
              >
                CSV
              </Button>
              <Button
                disabled={!enough}
                onClick={() => void downloadFile(`${evaluationsPath}/${round.id}/results/pdf`)}
              >
                PDF report
              </Button>
            </>
          )}
        </Box>
        {round.canReadResults && round.status !== 'draft' && !enough && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {round.status === 'closed'
              ? 'Results are shown once at least 3 trustees have answered.'
              : round.answered >= 3
                ? 'Results are shown once the evaluation has closed.'
                : 'Results are shown once the evaluation has closed and at least 3 trustees have answered.'}
          </Typography>
        )}
      </CardContent>
      {dialog === 'edit' && <EditorDialog id={round.id} onClose={() => setDialog(null)} />}
      {dialog === 'open' && <OpenDialog round={round} onClose={() => setDialog(null)} />}
      {dialog === 'answer' && <AnswerDialog id={round.id} onClose={() => setDialog(null)} />}
      {dialog === 'results' && <ResultsDialog id={round.id} onClose={() => setDialog(null)} />}
    </Card>
  );
}

export function EvaluationTab() {
  const user = useUser();
  const officer = isAdminOrChair(user);
  const { data, error, isLoading } = useEvaluations();
  const [creating, setCreating] = useState(false);
  if (isLoading) return <LoadingBlock />;
  if (error) return <ErrorBlock error={error} />;
  const rounds = data ?? [];
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        The board evaluates itself against the Charity Governance Code. Answers are anonymous to
        everyone, admins included; results appear once at least 3 trustees have answered.
      </Typography>
      {officer && (
        <Button variant="contained" sx={{ mb: 2 }} onClick={() => setCreating(true)}>
          New evaluation
        </Button>
      )}
      {rounds.length === 0 ? (
        <EmptyState title="No evaluations yet" />
      ) : (
        rounds.map((round) => <RoundCard key={round.id} round={round} />)
      )}
      {creating && <CreateDialog onClose={() => setCreating(false)} />}
    </Box>
  );
}
