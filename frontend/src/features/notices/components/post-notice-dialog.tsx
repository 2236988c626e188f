import { useField } from 'formik';
import * as yup from 'yup';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { FormDialog } from '@/components/form/form-dialog';
import { FormSelectField } from '@/components/form/form-select-field';
import { FormTextField } from '@/components/form/form-text-field';
import { localInputToIso } from '@/lib/format';
import type { NoticePriority } from '@/types/api';
import { useCreateNotice } from '@/features/notices/api/create-notice';

const schema = yup.object({
  title: yup.string().trim().required('Title is required'),
  content: yup.string().trim().required('Content is required'),
  priority: yup.string().oneOf(['low', 'normal', 'high']).required(),
  pinned: yup.boolean(),
  expiresAt: yup.string(),
});

type Values = {
  title: string;
  content: string;
  priority: NoticePriority;
  pinned: boolean;
  expiresAt: string;
};

function PinnedSwitch() {
  const [field] = useField<boolean>({ name: 'pinned', type: 'checkbox' });
  return (
    <FormControlLabel
      control={<Switch {...field} checked={!!field.value} />}
      label="Pin this notice to the top"
    />
  );
}

export function PostNoticeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateNotice();
  return (
    <FormDialog<Values>
      open={open}
      onClose={onClose}
      title="Post Notice"
      initialValues={{ title: '', content: '', priority: 'normal', pinned: false, expiresAt: '' }}
      validationSchema={schema}
      submitLabel="Post Notice"
      busyLabel="Posting..."
      outcome={{ success: 'Notice created successfully', failure: 'Failed to create notice' }}
      onSubmit={(values) =>
        create({
          title: values.title.trim(),
          content: values.content.trim(),
          priority: values.priority,
          pinned: values.pinned,
          expiresAt: values.expiresAt ? localInputToIso(values.expiresAt) : null,
        })
      }
    >
      <FormTextField name="title" label="Title" required />
      <FormTextField name="content" label="Content" required multiline minRows={4} />
      <FormSelectField
        name="priority"
        label="Priority"
        options={[
          { value: 'low', label: 'Low' },
          { value: 'normal', label: 'Normal' },
          { value: 'high', label: 'High' },
        ]}
      />
      <PinnedSwitch />
      <FormTextField
        name="expiresAt"
        label="Expires"
        type="datetime-local"
        helperText="Leave empty for a permanent notice"
        shrinkLabel
      />
    </FormDialog>
  );
}
