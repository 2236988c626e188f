import { useFormikContext } from 'formik';
import * as yup from 'yup';
import { FormDialog } from '@/components/form/form-dialog';
import { FormSelectField } from '@/components/form/form-select-field';
import { FormTextField } from '@/components/form/form-text-field';
import { useRevalidate } from '@/lib/swr';
import {
  declareConflict,
  type InterestKind,
  kindWords,
  useRegister,
} from '@/features/meetings/conflicts/api/conflicts';
import type { ItemConflicts } from '@/types/api';

const NEW = 'new';

type Values = {
  userId: string;
  interest: string;
  kind: InterestKind;
  organisation: string;
  nature: string;
  startedOn: string;
};

const whenNew = (rule: yup.StringSchema, message: string) =>
  rule.when('interest', {
    is: NEW,
    then: (r) => r.trim().required(message),
    otherwise: (r) => r,
  });

const schema = yup.object({
  userId: yup.string().required('Choose the member'),
  interest: yup.string().required('Choose an interest on the register, or a new one'),
  organisation: whenNew(yup.string(), 'Organisation or person is required'),
  nature: whenNew(yup.string(), 'Nature of the interest is required'),
  startedOn: whenNew(yup.string(), 'Start date is required'),
});

type Props = {
  meetingId: number;
  item: ItemConflicts;
  selfId: number;
  /** Admins and chairs declare for any member of the meeting; null: the caller declares. */
  members: { id: number; name: string }[] | null;
  /** Preselects a register entry (from a prompt). */
  preset?: { userId: number; interestId: number };
  onClose: () => void;
  onDeclared: () => void;
};

function InterestFields({ selfId }: { selfId: number }) {
  const { values } = useFormikContext<Values>();
  const { data } = useRegister();
  const userId = Number(values.userId || selfId);
  const entries = (data ?? []).filter((e) => e.userId === userId && e.current);
  return (
    <>
      <FormSelectField
        name="interest"
        label="Interest"
        required
        options={[
          ...entries.map((e) => ({
            value: String(e.id),
            label: `${e.organisation} (${kindWords[e.kind]})`,
          })),
          { value: NEW, label: 'A new interest (added to the register)' },
        ]}
      />
      {values.interest === NEW && (
        <>
          <FormSelectField
            name="kind"
            label="Kind"
            required
            options={Object.entries(kindWords).map(([value, label]) => ({
              value,
              label: label.charAt(0).toUpperCase() + label.slice(1),
            }))}
          />
          <FormTextField name="organisation" label="Organisation or person" required />
          <FormTextField name="nature" label="Nature of the interest" required />
          <FormTextField name="startedOn" label="Since" type="date" required shrinkLabel />
        </>
      )}
    </>
  );
}

export function DeclareConflictDialog({
  meetingId,
  item,
  selfId,
  members,
  preset,
  onClose,
  onDeclared,
}: Props) {
  const revalidate = useRevalidate();
  return (
    <FormDialog<Values>
      open
      onClose={onClose}
      title="Declare a conflict of interest"
      description={`Item ${item.number}: ${item.title}. The declaration is recorded in the minutes at this item.`}
      initialValues={{
        userId: String(preset?.userId ?? selfId),
        interest: preset ? String(preset.interestId) : '',
        kind: 'directorship',
        organisation: '',
        nature: '',
        startedOn: '',
      }}
      validationSchema={schema}
      submitLabel="Declare"
      busyLabel="Declaring..."
      outcome={{ success: 'Conflict declared', failure: 'Failed to declare the conflict' }}
      onSubmit={async (values) => {
        const userId = Number(values.userId);
        await declareConflict(meetingId, item.agendaItemId, {
          userId: userId === selfId ? null : userId,
          interestId: values.interest === NEW ? null : Number(values.interest),
          newInterest:
            values.interest === NEW
              ? {
                  kind: values.kind,
                  organisation: values.organisation.trim(),
                  nature: values.nature.trim(),
                  startedOn: values.startedOn,
                }
              : null,
        });
        if (values.interest === NEW) await revalidate('/api/interests');
        onDeclared();
      }}
    >
      {members && (
        <FormSelectField
          name="userId"
          label="Member"
          required
          options={members.map((m) => ({ value: String(m.id), label: m.name }))}
        />
      )}
      <InterestFields selfId={selfId} />
    </FormDialog>
  );
}
