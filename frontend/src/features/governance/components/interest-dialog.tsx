import * as yup from 'yup';
import { FormDialog } from '@/components/form/form-dialog';
import { FormSelectField } from '@/components/form/form-select-field';
import { FormTextField } from '@/components/form/form-text-field';
import { useSaveInterest } from '@/features/governance/api/interests';
import { type Interest, type InterestKind, interestKindLabels } from '@/features/governance/types';

const schema = yup.object({
  kind: yup.string().required('Kind is required'),
  organisation: yup.string().trim().required('Organisation or person is required'),
  nature: yup.string().trim().required('Nature of the interest is required'),
  startedOn: yup.string().required('Start date is required'),
  endedOn: yup.string(),
});

type Values = {
  userId: string;
  kind: InterestKind;
  organisation: string;
  nature: string;
  startedOn: string;
  endedOn: string;
};

type Props = {
  open: boolean;
  onClose: () => void;
  /** The entry to edit, or null to add one. */
  entry: Interest | null;
  /** Admins and chairs may add an entry for any trustee. */
  trustees: { id: number; name: string }[] | null;
  selfId: number;
};

export function InterestDialog({ open, onClose, entry, trustees, selfId }: Props) {
  const save = useSaveInterest();
  return (
    <FormDialog<Values>
      open={open}
      onClose={onClose}
      title={entry ? 'Edit interest' : 'Add interest'}
      description="Set an end date when an interest is over: it stays on the register as a past interest."
      initialValues={{
        userId: String(entry?.userId ?? selfId),
        kind: entry?.kind ?? 'employment',
        organisation: entry?.organisation ?? '',
        nature: entry?.nature ?? '',
        startedOn: entry?.startedOn ?? '',
        endedOn: entry?.endedOn ?? '',
      }}
      validationSchema={schema}
      submitLabel="Save"
      busyLabel="Saving..."
      outcome={{
        success: entry ? 'Interest updated' : 'Interest added',
        failure: 'Failed to save the interest',
      }}
      onSubmit={(values) =>
        save(entry?.id ?? null, {
          userId: entry ? undefined : Number(values.userId),
          kind: values.kind,
          organisation: values.organisation.trim(),
          nature: values.nature.trim(),
          startedOn: values.startedOn,
          endedOn: values.endedOn || null,
        })
      }
    >
      {!entry && trustees && (
        <FormSelectField
          name="userId"
          label="Trustee"
          options={trustees.map((t) => ({ value: String(t.id), label: t.name }))}
        />
      )}
      <FormSelectField
        name="kind"
        label="Kind"
        required
        options={Object.entries(interestKindLabels).map(([value, label]) => ({ value, label }))}
      />
      <FormTextField name="organisation" label="Organisation or person" required />
      <FormTextField name="nature" label="Nature of the interest" required multiline minRows={2} />
      <FormTextField name="startedOn" label="Since" type="date" required shrinkLabel />
      <FormTextField
        name="endedOn"
        label="Ended"
        type="date"
        shrinkLabel
        helperText="Leave empty while the interest is current"
      />
    </FormDialog>
  );
}
