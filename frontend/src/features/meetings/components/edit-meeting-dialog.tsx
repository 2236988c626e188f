import * as yup from 'yup';
import { FormDialog } from '@/components/form/form-dialog';
import {
  MeetingFields,
  meetingFieldRules,
  meetingFieldsBody,
  meetingFieldValues,
  type MeetingFieldValues,
} from '@/features/meetings/components/meeting-fields';
import type { CreateMeetingRequest, Meeting } from '@/types/api';

const schema = yup.object(meetingFieldRules);

type Props = {
  open: boolean;
  meeting: Meeting;
  onSave: (body: CreateMeetingRequest) => Promise<unknown>;
  onClose: () => void;
};

/** Edits a meeting's details; its kind and committee are kept. */
export function EditMeetingDialog({ open, meeting, onSave, onClose }: Props) {
  return (
    <FormDialog<MeetingFieldValues>
      open={open}
      onClose={onClose}
      title="Edit meeting"
      initialValues={meetingFieldValues(meeting)}
      validationSchema={schema}
      submitLabel="Save meeting"
      busyLabel="Saving..."
      outcome={{ success: 'Meeting saved', failure: 'Failed to save the meeting' }}
      onSubmit={(values) =>
        onSave({
          ...meetingFieldsBody(values),
          kind: meeting.kind,
          committeeId: meeting.committeeId,
        })
      }
    >
      <MeetingFields />
    </FormDialog>
  );
}
