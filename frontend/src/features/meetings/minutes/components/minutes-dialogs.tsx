// The dialogs of the minutes section: record an entry, edit its text, approve, record a correction.
import { useField } from 'formik';
import useSWR from 'swr';
import * as yup from 'yup';
import dayjs from 'dayjs';
import { FormDialog } from '@/components/form/form-dialog';
import { FormSelectField } from '@/components/form/form-select-field';
import { FormTextField } from '@/components/form/form-text-field';
import { formatDate } from '@/lib/format';
import type {
  AgendaItem,
  ApproveMinutesRequest,
  DirectoryEntry,
  Meeting,
  MinuteEntry,
  MinuteEntryRequest,
} from '@/types/api';
import { kindLabels, type EntryKind } from '@/features/meetings/minutes/api/written-minutes';

type Close = { onClose: () => void };

const entrySchema = yup.object({
  kind: yup.string().oneOf(Object.keys(kindLabels)).required(),
  text: yup
    .string()
    .trim()
    .required('Text is required')
    .when('kind', {
      is: 'action',
      then: (field) => field.max(200, 'An action must be at most 200 characters'),
      otherwise: (field) => field.max(5000, 'Text must be at most 5000 characters'),
    }),
  assignedTo: yup.string(),
  dueDate: yup.string(),
});

type EntryValues = { kind: EntryKind; text: string; assignedTo: string; dueDate: string };

function ActionFields() {
  const [kind] = useField<EntryKind>('kind');
  const { data } = useSWR<DirectoryEntry[]>(
    kind.value === 'action' ? '/api/trustees/active' : null,
  );
  if (kind.value !== 'action') return null;
  return (
    <>
      <FormSelectField
        name="assignedTo"
        label="Assigned to"
        placeholder="Nobody yet"
        options={(data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
      />
      <FormTextField name="dueDate" label="Due date" type="date" shrinkLabel />
    </>
  );
}

export function EntryDialog({
  item,
  onSave,
  onClose,
}: Close & {
  /** The agenda item the entry is recorded at; `null`: General. */
  item: AgendaItem | null;
  onSave: (body: MinuteEntryRequest) => Promise<unknown>;
}) {
  const where = item ? `item ${item.number}: ${item.title}` : 'General';
  return (
    <FormDialog<EntryValues>
      open
      onClose={onClose}
      title={item ? `Record at item ${item.number}` : 'Record under General'}
      description={`Recorded in the minutes at ${where}. An action also goes into the action tracker, linked to this meeting.`}
      initialValues={{ kind: 'note', text: '', assignedTo: '', dueDate: '' }}
      validationSchema={entrySchema}
      submitLabel="Record"
      busyLabel="Recording..."
      outcome={{
        success: (values) => `${kindLabels[values.kind]} recorded`,
        failure: 'Failed to record the entry',
      }}
      onSubmit={async (values) => {
        const action = values.kind === 'action';
        await onSave({
          agendaItemId: item?.id ?? null,
          kind: values.kind,
          text: values.text.trim(),
          assignedTo: action && values.assignedTo ? Number(values.assignedTo) : null,
          dueDate: action && values.dueDate ? values.dueDate : null,
        });
      }}
    >
      <FormSelectField
        name="kind"
        label="Kind"
        required
        options={Object.entries(kindLabels).map(([value, label]) => ({ value, label }))}
      />
      <FormTextField name="text" label="Text" required multiline minRows={3} />
      <ActionFields />
    </FormDialog>
  );
}

export function EditEntryDialog({
  entry,
  onSave,
  onClose,
}: Close & { entry: MinuteEntry; onSave: (text: string) => Promise<unknown> }) {
  return (
    <FormDialog<{ text: string }>
      open
      onClose={onClose}
      title="Edit entry"
      initialValues={{ text: entry.text }}
      validationSchema={yup.object({
        text: yup
          .string()
          .trim()
          .required('Text is required')
          .max(entry.kind === 'action' ? 200 : 5000),
      })}
      submitLabel="Save entry"
      busyLabel="Saving..."
      outcome={{ success: 'Entry saved', failure: 'Failed to save the entry' }}
      onSubmit={(values) => onSave(values.text.trim())}
    >
      <FormTextField name="text" label="Text" required multiline minRows={3} />
    </FormDialog>
  );
}

type ApproveValues = { approvedOn: string; approvedAtMeetingId: string };

export function ApproveDialog({
  meeting,
  onSave,
  onClose,
}: Close & { meeting: Meeting; onSave: (body: ApproveMinutesRequest) => Promise<unknown> }) {
  const { data } = useSWR<Meeting[]>('/api/meetings');
  const later = (data ?? [])
    .filter(
      (m) =>
        m.id !== meeting.id &&
        m.status !== 'cancelled' &&
        dayjs(m.meetingDate).isAfter(meeting.meetingDate),
    )
    .sort((a, b) => a.meetingDate.localeCompare(b.meetingDate));
  return (
    <FormDialog<ApproveValues>
      open
      onClose={onClose}
      title="Approve minutes"
      description="Record the date on which the minutes were approved as a true record, and the later meeting at which that happened. Approved minutes can no longer be edited."
      initialValues={{ approvedOn: dayjs().format('YYYY-MM-DD'), approvedAtMeetingId: '' }}
      validationSchema={yup.object({
        approvedOn: yup.string().required('Date of approval is required'),
        approvedAtMeetingId: yup
          .string()
          .required('Choose the later meeting at which the minutes were approved'),
      })}
      submitLabel="Approve minutes"
      busyLabel="Approving..."
      outcome={{ success: 'Minutes approved', failure: 'Failed to approve the minutes' }}
      onSubmit={(values) =>
        onSave({
          approvedOn: values.approvedOn,
          approvedAtMeetingId: Number(values.approvedAtMeetingId),
        })
      }
    >
      <FormTextField name="approvedOn" label="Date of approval" type="date" required shrinkLabel />
      <FormSelectField
        name="approvedAtMeetingId"
        label="Approved at the meeting"
        required
        placeholder={later.length ? 'Select a later meeting' : 'No later meeting is scheduled'}
        options={later.map((m) => ({
          value: String(m.id),
          label: `${m.title} (${formatDate(m.meetingDate)})`,
        }))}
      />
    </FormDialog>
  );
}

export function CorrectionDialog({
  onSave,
  onClose,
}: Close & { onSave: (reason: string) => Promise<unknown> }) {
  return (
    <FormDialog<{ reason: string }>
      open
      onClose={onClose}
      title="Record a correction"
      description="A correction starts a new draft version of the minutes, copying what they say now. The approved version is kept unchanged and stays readable."
      initialValues={{ reason: '' }}
      validationSchema={yup.object({
        reason: yup
          .string()
          .trim()
          .required('Say why the minutes are corrected')
          .max(1000, 'The reason must be at most 1000 characters'),
      })}
      submitLabel="Start correction"
      busyLabel="Starting..."
      outcome={{
        success: 'Correction started as a new version',
        failure: 'Failed to record the correction',
      }}
      onSubmit={(values) => onSave(values.reason.trim())}
    >
      <FormTextField
        name="reason"
        label="Reason for the correction"
        required
        multiline
        minRows={2}
      />
    </FormDialog>
  );
}
