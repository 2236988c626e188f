import { useField } from 'formik';
import * as yup from 'yup';
import { FormDialog } from '@/components/form/form-dialog';
import { FormSelectField } from '@/components/form/form-select-field';
import { FormTextField } from '@/components/form/form-text-field';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { localInputToIso } from '@/lib/format';
import { useCreateMeeting } from '@/features/calendar/api/create-meeting';
import { useCommitteeChoices } from '@/features/calendar/api/get-committee-choices';
import { meetingKindLabels, type MeetingKind } from '@/features/calendar/meeting-kind';

const url = yup.string().trim().url('Please enter a valid URL');

const schema = yup.object({
  title: yup.string().trim().required('Title is required'),
  description: yup.string(),
  meetingDate: yup.string().required('Date and time is required'),
  durationMinutes: yup
    .number()
    .typeError('Planned length must be a number of minutes')
    .integer('Planned length must be a whole number of minutes')
    .min(1, 'Planned length must be from 1 to 1440 minutes')
    .max(1440, 'Planned length must be from 1 to 1440 minutes')
    .required('Planned length is required'),
  location: yup.string(),
  meetingLink: url,
  agendaLink: url,
  kind: yup.string().oneOf(['board', 'committee', 'agm', 'other']).required(),
  committeeId: yup.string().when('kind', {
    is: 'committee',
    then: (field) => field.required('Choose the committee that meets'),
  }),
});

type Values = {
  title: string;
  description: string;
  meetingDate: string;
  durationMinutes: string;
  location: string;
  meetingLink: string;
  agendaLink: string;
  kind: MeetingKind;
  committeeId: string;
};

/** The committee chooser, shown for a committee meeting only. */
function CommitteeField() {
  const [kind] = useField<MeetingKind>('kind');
  const { data } = useCommitteeChoices(kind.value === 'committee');
  if (kind.value !== 'committee') return null;
  return (
    <FormSelectField
      name="committeeId"
      label="Committee"
      required
      placeholder="Select a committee"
      options={(data ?? [])
        .filter((c) => !c.archived)
        .map((c) => ({ value: String(c.id), label: c.name }))}
    />
  );
}

export function ScheduleMeetingDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const notify = useNotify();
  const create = useCreateMeeting();
  return (
    <FormDialog<Values>
      open={open}
      onClose={onClose}
      title="Schedule Meeting"
      initialValues={{
        title: '',
        description: '',
        meetingDate: '',
        durationMinutes: '120',
        location: '',
        meetingLink: '',
        agendaLink: '',
        kind: 'board',
        committeeId: '',
      }}
      validationSchema={schema}
      submitLabel="Schedule Meeting"
      busyLabel="Scheduling..."
      onSubmit={async (values) => {
        try {
          await create({
            title: values.title.trim(),
            description: values.description.trim(),
            meetingDate: localInputToIso(values.meetingDate),
            durationMinutes: Number(values.durationMinutes),
            location: values.location.trim() || null,
            meetingLink: values.meetingLink.trim() || null,
            agendaLink: values.agendaLink.trim() || null,
            kind: values.kind,
            committeeId: values.kind === 'committee' ? Number(values.committeeId) : null,
          });
          notify({ title: 'Meeting created successfully' });
          onClose();
        } catch (error) {
          notify(errorToast(error, 'Failed to create meeting'));
          throw error;
        }
      }}
    >
      <FormTextField name="title" label="Title" required />
      <FormSelectField
        name="kind"
        label="Kind of meeting"
        options={Object.entries(meetingKindLabels).map(([value, label]) => ({ value, label }))}
      />
      <CommitteeField />
      <FormTextField name="description" label="Description" multiline minRows={2} />
      <FormTextField
        name="meetingDate"
        label="Date and Time"
        type="datetime-local"
        required
        shrinkLabel
      />
      <FormTextField
        name="durationMinutes"
        label="Planned length (minutes)"
        type="number"
        required
      />
      <FormTextField name="location" label="Location" />
      <FormTextField name="meetingLink" label="Meeting Link" type="url" placeholder="https://" />
      <FormTextField name="agendaLink" label="Agenda Link" type="url" placeholder="https://" />
    </FormDialog>
  );
}
