import * as yup from 'yup';
import { FormDialog } from '@/components/form/form-dialog';
import { FormTextField } from '@/components/form/form-text-field';
import { fixedErrorToast } from '@/components/notifications/notifications-provider';
import type { Committee } from '@/types/api';
import { useCreateCommittee } from '@/features/committees/api/create-committee';

const schema = yup.object({
  name: yup.string().trim().required('Name is required'),
  description: yup.string(),
});

type Props = { open: boolean; onClose: () => void; onCreated: (committee: Committee) => void };

export function CreateCommitteeDialog({ open, onClose, onCreated }: Props) {
  const create = useCreateCommittee();
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Create Committee"
      initialValues={{ name: '', description: '' }}
      validationSchema={schema}
      submitLabel="Create Committee"
      busyLabel="Creating..."
      outcome={{
        success: 'Committee created successfully',
        failure: () => fixedErrorToast('Failed to create committee'),
      }}
      onSubmit={async (values) => {
        const committee = await create({
          name: values.name.trim(),
          description: values.description.trim(),
        });
        onCreated(committee);
      }}
    >
      <FormTextField name="name" label="Name" required />
      <FormTextField name="description" label="Description" multiline minRows={3} />
    </FormDialog>
  );
}
