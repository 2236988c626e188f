import { useState } from 'react';
import * as yup from 'yup';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FormDialog } from '@/components/form/form-dialog';
import { FormSelectField } from '@/components/form/form-select-field';
import { FormTextField } from '@/components/form/form-text-field';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { ResponsiveTable, type Column } from '@/components/responsive-table/responsive-table';
import { ToneChip } from '@/components/status-chips';
import { useUser } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { isAdminOrChair, roleLabel } from '@/lib/permissions';
import { useChangeTerm, useRecordTerm, useTermsOverview } from '@/features/governance/api/terms';
import type { Term, TrusteeService } from '@/features/governance/types';
import { QuorumSettings } from '@/features/governance/components/quorum-settings';
import { ReadingRecordsSetting } from '@/features/governance/components/reading-records-setting';
import { SecretarySetting } from '@/features/governance/components/secretary-setting';

const schema = yup.object({
  userId: yup.string().required('Trustee is required'),
  startedOn: yup.string().required('Appointment date is required'),
  termYears: yup.number().min(1).max(10).required('Term length is required'),
});

/** A term's appointment date, length and kind: the same fields when it is recorded and changed. */
function TermFields() {
  return (
    <>
      <FormTextField name="startedOn" label="Appointed on" type="date" required shrinkLabel />
      <FormTextField name="termYears" label="Term length (years)" type="number" required />
      <FormSelectField
        name="reappointment"
        label="Appointment"
        options={[
          { value: 'no', label: 'First appointment' },
          { value: 'yes', label: 'Reappointment' },
        ]}
      />
    </>
  );
}

type Values = { userId: string; startedOn: string; termYears: string; reappointment: string };

function RecordTermDialog({ board, onClose }: { board: TrusteeService[]; onClose: () => void }) {
  const record = useRecordTerm();
  return (
    <FormDialog<Values>
      open
      onClose={onClose}
      title="Record a term"
      initialValues={{
        userId: String(board[0]?.userId ?? ''),
        startedOn: '',
        termYears: '3',
        reappointment: 'no',
      }}
      validationSchema={schema}
      submitLabel="Record"
      busyLabel="Saving..."
      outcome={{ success: 'Term recorded', failure: 'Failed to record the term' }}
      onSubmit={(values) =>
        record({
          userId: Number(values.userId),
          startedOn: values.startedOn,
          termYears: Number(values.termYears),
          reappointment: values.reappointment === 'yes',
        })
      }
    >
      <FormSelectField
        name="userId"
        label="Trustee"
        options={board.map((t) => ({ value: String(t.userId), label: t.name }))}
      />
      <TermFields />
    </FormDialog>
  );
}

const editSchema = yup.object({
  startedOn: yup.string().required('Appointment date is required'),
  termYears: yup.number().min(1).max(10).required('Term length is required'),
  endedOn: yup.string(),
});

type EditValues = { startedOn: string; termYears: string; reappointment: string; endedOn: string };

/** Changes a term (typically the date a trustee left early) or deletes one recorded by mistake. */
function EditTermDialog({ term, onClose }: { term: Term; onClose: () => void }) {
  const notify = useNotify();
  const { update, remove } = useChangeTerm();
  return (
    <FormDialog<EditValues>
      open
      onClose={onClose}
      title="Change a term"
      description={
        <Button
          color="error"
          onClick={() =>
            remove(term.id)
              .then(() => {
                notify({ title: 'Term deleted' });
                onClose();
              })
              .catch((e) => notify(errorToast(e, 'Failed to delete the term')))
          }
        >
          Delete this term (recorded by mistake)
        </Button>
      }
      initialValues={{
        startedOn: term.startedOn,
        termYears: String(term.termYears),
        reappointment: term.reappointment ? 'yes' : 'no',
        endedOn: term.endedOn ?? '',
      }}
      validationSchema={editSchema}
      submitLabel="Save"
      busyLabel="Saving..."
      outcome={{ success: 'Term updated', failure: 'Failed to update the term' }}
      onSubmit={(values) =>
        update(term.id, {
          startedOn: values.startedOn,
          termYears: Number(values.termYears),
          reappointment: values.reappointment === 'yes',
          endedOn: values.endedOn || null,
        })
      }
    >
      <TermFields />
      <FormTextField
        name="endedOn"
        label="Left on"
        type="date"
        shrinkLabel
        helperText="Only when the trustee left before the term's end"
      />
    </FormDialog>
  );
}

const termColumns = (
  officer: boolean,
  onChange: (term: Term) => void,
): Column<TrusteeService>[] => [
  {
    header: 'Trustee',
    card: 'heading',
    cell: (t) => (
      <>
        <Typography sx={{ fontWeight: 600 }}>{t.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {roleLabel(t.role)}
        </Typography>
      </>
    ),
  },
  {
    header: 'Current term ends',
    cell: (t) => (
      <>
        {t.currentTermEndsOn ? formatDate(t.currentTermEndsOn) : 'No current term'}{' '}
        {t.termEndingSoon && <ToneChip label="Ends soon" tone="warning" />}
      </>
    ),
  },
  {
    header: 'Total service',
    cell: (t) => (
      <>
        {t.serviceYears} years{' '}
        {t.pastNineYears && <ToneChip label="Over nine years" tone="error" />}
      </>
    ),
  },
  {
    header: 'Terms',
    cell: (t) =>
      t.terms.map((term) => (
        <Typography key={term.id} variant="body2">
          {formatDate(term.startedOn)} – {formatDate(term.endsOn)} ({term.termYears} years
          {term.reappointment ? ', reappointed' : ''}
          {term.endedOn ? ', left early' : ''})
          {officer && (
            <Button
              size="small"
              onClick={() => onChange(term)}
              aria-label={`Change the term of ${t.name} from ${formatDate(term.startedOn)}`}
            >
              Change
            </Button>
          )}
        </Typography>
      )),
  },
];

export function TermsTab() {
  const user = useUser();
  const officer = isAdminOrChair(user);
  const { data, error, isLoading } = useTermsOverview();
  const [recording, setRecording] = useState(false);
  const [editing, setEditing] = useState<Term | null>(null);
  if (isLoading) return <LoadingBlock />;
  if (error) return <ErrorBlock error={error} />;
  const board = data ?? [];
  const warnings = board.filter((t) => t.termEndingSoon || t.pastNineYears);
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Each trustee serves for a term and may be reappointed. The Charity Governance Code asks
        boards to explain why anyone serving more than nine years in total remains independent.
      </Typography>
      {officer && warnings.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {warnings.map((t) => (
            <div key={t.userId}>
              {t.name}:{' '}
              {[
                t.termEndingSoon && `term ends ${formatDate(t.currentTermEndsOn)}`,
                t.pastNineYears && `${t.serviceYears} years' service (over nine)`,
              ]
                .filter(Boolean)
                .join('; ')}
            </div>
          ))}
        </Alert>
      )}
      {officer && (
        <Button variant="contained" sx={{ mb: 2 }} onClick={() => setRecording(true)}>
          Record a term
        </Button>
      )}
      <ResponsiveTable
        caption="Terms of office"
        rows={board}
        rowKey={(t) => t.userId}
        columns={termColumns(officer, setEditing)}
      />
      <QuorumSettings officer={officer} />
      <SecretarySetting officer={officer} />
      <ReadingRecordsSetting officer={officer} />
      {recording && <RecordTermDialog board={board} onClose={() => setRecording(false)} />}
      {editing && <EditTermDialog term={editing} onClose={() => setEditing(null)} />}
    </Box>
  );
}
