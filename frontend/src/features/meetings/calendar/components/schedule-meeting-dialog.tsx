import { useField } from 'formik';
import * as yup from 'yup';
import { FormDialog } from '@/components/form/form-dialog';
import { FormSelectField } from '@/components/form/form-select-field';
import {
  MeetingFields,
  meetingFieldRules,
  meetingFieldsBody,
  meetingFieldValues,
  type MeetingFieldValues,
} from '@/features/meetings/components/meeting-fields';
import { useCreateMeeting } from '@/features/meetings/calendar/api/create-meeting';
import { useCommitteeChoices } from '@/features/meetings/calendar/api/get-committee-choices';
import { meetingKindLabels, type MeetingKind } from '@/features/meetings/calendar/meeting-kind';

const schema = yup.object({
  ...meetingFieldRules,
  kind: yup.string().oneOf(['board', 'committee', 'agm', 'other']).required(),
  committeeId: yup.string().when('kind', {
    is: 'committee',
    then: (field) => field.required('Choose the committee that meets'),
  }),
});

type Values = MeetingFieldValues & {
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
  const create = useCreateMeeting();
  return (
    <FormDialog<Values>
      open={open}
      onClose={onClose}
      title="Schedule Meeting"
      initialValues={{ ...meetingFieldValues(), kind: 'board', committeeId: '' }}
      validationSchema={schema}
      submitLabel="Schedule Meeting"
      busyLabel="Scheduling..."
      outcome={{ success: 'Meeting created successfully', failure: 'Failed to create meeting' }}
      onSubmit={(values) =>
        create({
          ...meetingFieldsBody(values),
          kind: values.kind,
          committeeId: values.kind === 'committee' ? Number(values.committeeId) : null,
        })
      }
    >
      <MeetingFields
        afterTitle={
          <>
            <FormSelectField
              name="kind"
              label="Kind of meeting"
              options={Object.entries(meetingKindLabels).map(([value, label]) => ({
                value,
                label,
              }))}
            />
            <CommitteeField />
          </>
        }
      />
    </FormDialog>
  );
}
