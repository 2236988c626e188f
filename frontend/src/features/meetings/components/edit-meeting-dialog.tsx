import dayjs from 'dayjs';
import * as yup from 'yup';
import { FormDialog } from '@/components/form/form-dialog';
import { FormTextField } from '@/components/form/form-text-field';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { localInputToIso } from '@/lib/format';
import type { CreateMeetingRequest, Meeting } from '@/types/api';

const url = yup.string().trim().url('Please enter a valid URL');

const schema = yup.object({
  title: yup.string().trim().required('Title is required').max(200),
  description: yup.string().max(5000),
  meetingDate: yup.string().required('Date and time is required'),
  durationMinutes: yup
    .number()
    .typeError('Planned length must be a number of minutes')
    .integer('Planned length must be a whole number of minutes')
    .min(1, 'Planned length must be from 1 to 1440 minutes')
    .max(1440, 'Planned length must be from 1 to 1440 minutes')
    .required('Planned length is required'),
  location: yup.string().max(200),
  meetingLink: url,
  agendaLink: url,
});

type Values = {
  title: string;
  description: string;
  meetingDate: string;
  durationMinutes: string;
  location: string;
  meetingLink: string;
  agendaLink: string;
};

type Props = {
  open: boolean;
  meeting: Meeting;
  onSave: (body: CreateMeetingRequest) => Promise<unknown>;
  onClose: () => void;
};

/** Edits a meeting's details; its kind and committee are kept. */
export function EditMeetingDialog({ open, meeting, onSave, onClose }: Props) {
  const notify = useNotify();
  return (
    <FormDialog<Values>
      open={open}
      onClose={onClose}
      title="Edit meeting"
      initialValues={{
        title: meeting.title,
        description: meeting.description,
        meetingDate: dayjs(meeting.meetingDate).format('YYYY-MM-DDTHH:mm'),
        durationMinutes: String(meeting.durationMinutes),
        location: meeting.location ?? '',
        meetingLink: meeting.meetingLink ?? '',
        agendaLink: meeting.agendaLink ?? '',
      }}
      validationSchema={schema}
      submitLabel="Save meeting"
      busyLabel="Saving..."
      onSubmit={async (values) => {
        try {
          await onSave({
            title: values.title.trim(),
            description: values.description.trim(),
            meetingDate: localInputToIso(values.meetingDate),
            durationMinutes: Number(values.durationMinutes),
            location: values.location.trim() || null,
            meetingLink: values.meetingLink.trim() || null,
            agendaLink: values.agendaLink.trim() || null,
            kind: meeting.kind,
            committeeId: meeting.committeeId,
          });
          notify({ title: 'Meeting saved' });
          onClose();
        } catch (error) {
          notify(errorToast(error, 'Failed to save the meeting'));
          throw error;
        }
      }}
    >
      <FormTextField name="title" label="Title" required />
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
