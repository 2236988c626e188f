import { useField } from 'formik';
import useSWR from 'swr';
import * as yup from 'yup';
import { FormDialog } from '@/components/form/form-dialog';
import { FormSelectField } from '@/components/form/form-select-field';
import { FormTextField } from '@/components/form/form-text-field';
import type { AgendaItem, AgendaItemRequest, AgendaPurpose, DirectoryEntry } from '@/types/api';
import { purposeLabels } from '@/features/meetings/agenda-times';

const schema = yup.object({
  title: yup.string().trim().required('Title is required').max(200),
  purpose: yup.string().oneOf(Object.keys(purposeLabels)).required('Purpose is required'),
  presenterKind: yup.string().oneOf(['none', 'user', 'name']).required(),
  presenterUserId: yup.string().when('presenterKind', {
    is: 'user',
    then: (field) => field.required('Choose who presents'),
  }),
  presenterName: yup
    .string()
    .max(100)
    .when('presenterKind', {
      is: 'name',
      then: (field) => field.trim().required("Type the presenter's name"),
    }),
  durationMinutes: yup
    .number()
    .typeError('Duration must be a number of minutes')
    .integer('Duration must be a whole number of minutes')
    .min(0, 'Duration must be from 0 to 600 minutes')
    .max(600, 'Duration must be from 0 to 600 minutes')
    .required('Duration is required'),
  description: yup.string().max(5000),
});

type Values = {
  title: string;
  purpose: AgendaPurpose;
  presenterKind: 'none' | 'user' | 'name';
  presenterUserId: string;
  presenterName: string;
  durationMinutes: string;
  description: string;
};

function PresenterFields() {
  const [kind] = useField<Values['presenterKind']>('presenterKind');
  const { data } = useSWR<DirectoryEntry[]>(kind.value === 'user' ? '/api/trustees/active' : null);
  return (
    <>
      <FormSelectField
        name="presenterKind"
        label="Presenter"
        options={[
          { value: 'none', label: 'Nobody named' },
          { value: 'user', label: 'A board member' },
          { value: 'name', label: 'Someone else (type a name)' },
        ]}
      />
      {kind.value === 'user' && (
        <FormSelectField
          name="presenterUserId"
          label="Board member"
          required
          placeholder="Select a person"
          options={(data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
        />
      )}
      {kind.value === 'name' && (
        <FormTextField name="presenterName" label="Presenter's name" required />
      )}
    </>
  );
}

const initial = (item: AgendaItem | null): Values => ({
  title: item?.title ?? '',
  purpose: item?.purpose ?? 'discussion',
  presenterKind: item?.presenterUserId ? 'user' : item?.presenterName ? 'name' : 'none',
  presenterUserId: item?.presenterUserId ? String(item.presenterUserId) : '',
  presenterName: item && !item.presenterUserId ? (item.presenterName ?? '') : '',
  durationMinutes: item ? String(item.durationMinutes) : '10',
  description: item?.description ?? '',
});

export const toRequest = (values: Values): AgendaItemRequest => ({
  title: values.title.trim(),
  purpose: values.purpose,
  presenterUserId: values.presenterKind === 'user' ? Number(values.presenterUserId) : null,
  presenterName: values.presenterKind === 'name' ? values.presenterName.trim() : null,
  durationMinutes: Number(values.durationMinutes),
  description: values.description.trim() || null,
});

type Props = {
  open: boolean;
  /** The item to edit; `null` to add one. */
  item: AgendaItem | null;
  onSave: (body: AgendaItemRequest) => Promise<unknown>;
  onClose: () => void;
};

export function AgendaItemDialog({ open, item, onSave, onClose }: Props) {
  return (
    <FormDialog<Values>
      open={open}
      onClose={onClose}
      title={item ? `Edit item ${item.number}` : 'Add agenda item'}
      initialValues={initial(item)}
      validationSchema={schema}
      submitLabel={item ? 'Save item' : 'Add item'}
      busyLabel="Saving..."
      outcome={{
        success: item ? 'Agenda item saved' : 'Agenda item added',
        failure: 'Failed to save the agenda item',
      }}
      onSubmit={(values) => onSave(toRequest(values))}
    >
      <FormTextField name="title" label="Title" required />
      <FormSelectField
        name="purpose"
        label="Purpose"
        required
        options={Object.entries(purposeLabels).map(([value, label]) => ({ value, label }))}
      />
      <PresenterFields />
      <FormTextField name="durationMinutes" label="Duration (minutes)" type="number" required />
      <FormTextField name="description" label="Description" multiline minRows={2} />
    </FormDialog>
  );
}
