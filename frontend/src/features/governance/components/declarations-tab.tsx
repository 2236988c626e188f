import { useState } from 'react';
import * as yup from 'yup';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
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
import { formatDate, formatDateTime } from '@/lib/format';
import { isAdminOrChair } from '@/lib/permissions';
import { useRound, useRoundActions, useRounds } from '@/features/governance/api/declarations';
import { useLibrary } from '@/features/governance/api/library';
import { DeclareDialog } from '@/features/governance/components/declare-dialog';
import { useSignatureSlots } from '@/features/governance/components/signature-slots';

const schema = yup.object({
  year: yup.number().required('Year is required'),
  deadline: yup.string().required('Deadline is required'),
  codeOfConductDocumentId: yup.string().required('Choose the code of conduct'),
});

type Values = { year: string; deadline: string; codeOfConductDocumentId: string };

function OpenRoundDialog({ onClose }: { onClose: () => void }) {
  const { open } = useRoundActions();
  const { data: library } = useLibrary();
  return (
    <FormDialog<Values>
      open
      onClose={onClose}
      title="Open a declarations round"
      description="Every serving trustee is asked to declare. The code of conduct is a document from the library."
      initialValues={{
        year: String(new Date().getFullYear()),
        deadline: '',
        codeOfConductDocumentId: '',
      }}
      validationSchema={schema}
      submitLabel="Open round"
      busyLabel="Opening..."
      outcome={{ success: 'Declarations round opened', failure: 'Failed to open the round' }}
      onSubmit={(values) =>
        open({
          year: Number(values.year),
          deadline: values.deadline,
          codeOfConductDocumentId: Number(values.codeOfConductDocumentId),
        })
      }
    >
      <FormTextField name="year" label="Year" type="number" required />
      <FormTextField name="deadline" label="Deadline" type="date" required shrinkLabel />
      <FormSelectField
        name="codeOfConductDocumentId"
        label="Code of conduct"
        placeholder="Choose a document"
        options={(library ?? []).map((d) => ({ value: String(d.id), label: d.title }))}
      />
    </FormDialog>
  );
}

function RoundCard({ id }: { id: number }) {
  const user = useUser();
  const officer = isAdminOrChair(user);
  const notify = useNotify();
  const { close, remind } = useRoundActions();
  const slots = useSignatureSlots();
  const { data: round, mutate } = useRound(id);
  const [declaring, setDeclaring] = useState(false);
  if (!round || !user) return <LoadingBlock />;
  const me = round.members.find((m) => m.userId === user.id);
  const open = round.closedAt === null;
  const outstanding = round.members.filter((m) => !m.declared);
  return (
    <Card component="section" aria-label={`Declarations ${round.year}`} sx={{ mb: 2 }}>
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="h3" component="h2">
            Declarations {round.year}
          </Typography>
          <ToneChip label={open ? 'Open' : 'Closed'} tone={open ? 'info' : 'default'} />
        </Box>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          Deadline {formatDate(round.deadline)} · {round.members.length - outstanding.length} of{' '}
          {round.members.length} declared · Code of conduct:{' '}
          {round.codeOfConductDocumentId !== null ? (
            <Button
              size="small"
              onClick={() =>
                downloadFile(`/api/documents/${round.codeOfConductDocumentId}/download`)
              }
            >
              {round.codeOfConductTitle}
            </Button>
          ) : (
            round.codeOfConductTitle
          )}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', my: 1 }}>
          {open && me && !me.declared && (
            <Button variant="contained" onClick={() => setDeclaring(true)}>
              Make my declaration
            </Button>
          )}
          {open && officer && (
            <>
              <Button
                variant="outlined"
                onClick={() =>
                  remind(id)
                    .then((r) =>
                      notify({
                        title: r.mailConfigured
                          ? `Reminded ${r.reminded} trustees`
                          : 'Mail is not configured: no reminders were sent',
                      }),
                    )
                    .catch((e) => notify(errorToast(e, 'Failed to send reminders')))
                }
              >
                Remind those not declared
              </Button>
              <Button
                variant="outlined"
                onClick={() =>
                  close(id)
                    .then(() => mutate())
                    .catch((e) => notify(errorToast(e, 'Failed to close the round')))
                }
              >
                Close round
              </Button>
            </>
          )}
        </Box>
        <List dense aria-label={`Trustees in the ${round.year} round`}>
          {round.members.map((m) => (
            <ListItem key={m.userId} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemText
                primary={
                  <Box
                    component="span"
                    sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
                  >
                    {m.name}
                    <ToneChip
                      label={m.declared ? 'Declared' : 'Not declared'}
                      tone={m.declared ? 'success' : 'warning'}
                    />
                    {m.mayBeDisqualified && (
                      <ToneChip label="May be disqualified: chair to follow up" tone="error" />
                    )}
                  </Box>
                }
                secondary={
                  m.declaredAt
                    ? `Declared as ${m.declaredName} on ${formatDateTime(m.declaredAt)}`
                    : null
                }
              />
              {slots.declaration?.({ roundId: round.id, userId: m.userId, declared: m.declared })}
            </ListItem>
          ))}
        </List>
      </CardContent>
      {declaring && (
        <DeclareDialog
          round={round}
          onClose={() => {
            setDeclaring(false);
            void mutate();
          }}
        />
      )}
    </Card>
  );
}

export function DeclarationsTab() {
  const user = useUser();
  const officer = isAdminOrChair(user);
  const { data, error, isLoading } = useRounds();
  const [opening, setOpening] = useState(false);
  if (isLoading) return <LoadingBlock />;
  if (error) return <ErrorBlock error={error} />;
  const rounds = data ?? [];
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Once a year each trustee confirms that their register entries are complete, that they are
        eligible to serve, and that they accept the code of conduct.
      </Typography>
      {officer && (
        <Button variant="contained" sx={{ mb: 2 }} onClick={() => setOpening(true)}>
          Open a round
        </Button>
      )}
      {rounds.length === 0 ? (
        <EmptyState title="No declarations rounds yet" />
      ) : (
        rounds.map((r) => <RoundCard key={r.id} id={r.id} />)
      )}
      {opening && <OpenRoundDialog onClose={() => setOpening(false)} />}
    </Box>
  );
}
