import * as yup from 'yup';
import { FormDialog } from '@/components/form/form-dialog';
import { FormTextField } from '@/components/form/form-text-field';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { localInputToIso } from '@/lib/format';
import { useCreateMeeting } from '@/features/calendar/api/create-meeting';

const url = yup.string().trim().url('Please enter a valid URL');

const schema = yup.object({
  title: yup.string().trim().required('Title is required'),
  description: yup.string(),
  meetingDate: yup.string().required('Date and time is required'),
  location: yup.string(),
  meetingLink: url,
  agendaLink: url,
});

type Values = {
  title: string;
  description: string;
  meetingDate: string;
  location: string;
  meetingLink: string;
  agendaLink: string;
};

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
        location: '',
        meetingLink: '',
        agendaLink: '',
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
            location: values.location.trim() || null,
            meetingLink: values.meetingLink.trim() || null,
            agendaLink: values.agendaLink.trim() || null,
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
      <FormTextField name="description" label="Description" multiline minRows={2} />
      <FormTextField
        name="meetingDate"
        label="Date and Time"
        type="datetime-local"
        required
        shrinkLabel
      />
      <FormTextField name="location" label="Location" />
      <FormTextField name="meetingLink" label="Meeting Link" type="url" placeholder="https://" />
      <FormTextField name="agendaLink" label="Agenda Link" type="url" placeholder="https://" />
    </FormDialog>
  );
}
