// The fields a meeting is scheduled and edited with (calendar's "Schedule Meeting", the meeting page's
// "Edit meeting"): one set of rules and labels, matching what the server checks.
import type { ReactNode } from 'react';
import dayjs from 'dayjs';
import * as yup from 'yup';
import { FormTextField } from '@/components/form/form-text-field';
import { localInputToIso } from '@/lib/format';
import type { CreateMeetingRequest, Meeting } from '@/types/api';

const url = yup.string().trim().url('Please enter a valid URL');

/** The rules of the shared fields, to spread into a dialog's schema. */
export const meetingFieldRules = {
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
};

export type MeetingFieldValues = {
  title: string;
  description: string;
  meetingDate: string;
  durationMinutes: string;
  location: string;
  meetingLink: string;
  agendaLink: string;
};

/** The form's values for a meeting, or for a new one (two hours long). */
export function meetingFieldValues(meeting?: Meeting): MeetingFieldValues {
  return {
    title: meeting?.title ?? '',
    description: meeting?.description ?? '',
    meetingDate: meeting ? dayjs(meeting.meetingDate).format('YYYY-MM-DDTHH:mm') : '',
    durationMinutes: String(meeting?.durationMinutes ?? 120),
    location: meeting?.location ?? '',
    meetingLink: meeting?.meetingLink ?? '',
    agendaLink: meeting?.agendaLink ?? '',
  };
}

/** The request's fields from the form's values (blank optional fields are sent as null). */
export function meetingFieldsBody(
  values: MeetingFieldValues,
): Omit<CreateMeetingRequest, 'kind' | 'committeeId'> {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    meetingDate: localInputToIso(values.meetingDate),
    durationMinutes: Number(values.durationMinutes),
    location: values.location.trim() || null,
    meetingLink: values.meetingLink.trim() || null,
    agendaLink: values.agendaLink.trim() || null,
  };
}

/** The fields in order; `afterTitle` goes between the title and the description. */
export function MeetingFields({ afterTitle }: { afterTitle?: ReactNode }) {
  return (
    <>
      <FormTextField name="title" label="Title" required />
      {afterTitle}
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
    </>
  );
}
