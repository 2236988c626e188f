import * as yup from 'yup';
import { FormDialog } from '@/components/form/form-dialog';
import { FormSelectField } from '@/components/form/form-select-field';
import { FormTextField } from '@/components/form/form-text-field';
import type { ActionPriority } from '@/types/api';
import { useAssignees } from '@/features/actions/api/get-actions';
import { useCreateAction } from '@/features/actions/api/create-action';

const schema = yup.object({
  title: yup.string().trim().required('Title is required'),
  description: yup.string(),
  assignedTo: yup.string().required('Assignee is required'),
  dueDate: yup.string(),
  priority: yup.string().oneOf(['low', 'medium', 'high']).required(),
});

type Values = {
  title: string;
  description: string;
  assignedTo: string;
  dueDate: string;
  priority: ActionPriority;
};

export function CreateActionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateAction();
  const { data: people } = useAssignees(open);
  return (
    <FormDialog<Values>
      open={open}
      onClose={onClose}
      title="Create Action"
      initialValues={{
        title: '',
        description: '',
        assignedTo: '',
        dueDate: '',
        priority: 'medium',
      }}
      validationSchema={schema}
      submitLabel="Create Action"
      busyLabel="Creating..."
      outcome={{ success: 'Action created successfully', failure: 'Failed to create action' }}
      onSubmit={(values) =>
        create({
          title: values.title.trim(),
          description: values.description.trim(),
          assignedTo: Number(values.assignedTo),
          dueDate: values.dueDate || null,
          priority: values.priority,
        })
      }
    >
      <FormTextField name="title" label="Title" required />
      <FormTextField name="description" label="Description" multiline minRows={3} />
      <FormSelectField
        name="assignedTo"
        label="Assign To"
        required
        placeholder="Select a trustee"
        options={(people ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
      />
      <FormTextField name="dueDate" label="Due Date" type="date" shrinkLabel />
      <FormSelectField
        name="priority"
        label="Priority"
        options={[
          { value: 'low', label: 'Low' },
          { value: 'medium', label: 'Medium' },
          { value: 'high', label: 'High' },
        ]}
      />
    </FormDialog>
  );
}
