import * as yup from 'yup';
import { FormDialog } from '@/components/form/form-dialog';
import { FormFileField } from '@/components/form/form-file-field';
import { FormSelectField } from '@/components/form/form-select-field';
import { FormTextField } from '@/components/form/form-text-field';
import { fixedErrorToast } from '@/components/notifications/notifications-provider';
import { categoryLabels } from '@/components/status-chips';
import type { DocumentCategory } from '@/types/api';
import { useUploadDocument } from '@/features/library/api/upload-document';

export const ACCEPTED_DOCUMENT_TYPES = '.pdf,.doc,.docx,.xls,.xlsx,.txt';

const schema = yup.object({
  title: yup.string().trim().required('Title is required'),
  category: yup.string().required('Category is required'),
  version: yup.string(),
  file: yup.mixed<File>().nullable().required('File is required'),
});

type Values = { title: string; category: string; version: string; file: File | null };

type Props = { open: boolean; onClose: () => void; defaultCategory?: DocumentCategory };

export function UploadDocumentDialog({ open, onClose, defaultCategory }: Props) {
  const upload = useUploadDocument();
  return (
    <FormDialog<Values>
      open={open}
      onClose={onClose}
      title="Upload Document"
      initialValues={{ title: '', category: defaultCategory ?? '', version: '', file: null }}
      validationSchema={schema}
      submitLabel="Upload"
      busyLabel="Uploading..."
      outcome={{
        success: 'Document uploaded successfully',
        failure: () => fixedErrorToast('Failed to upload document'),
      }}
      onSubmit={(values) =>
        upload({
          title: values.title.trim(),
          category: values.category as DocumentCategory,
          version: values.version.trim() || '1.0',
          file: values.file as File,
        })
      }
    >
      <FormTextField name="title" label="Title" required />
      <FormSelectField
        name="category"
        label="Category"
        required
        placeholder="Select a category"
        options={Object.entries(categoryLabels).map(([value, label]) => ({ value, label }))}
      />
      <FormTextField name="version" label="Version" placeholder="1.0" />
      <FormFileField
        name="file"
        label="File"
        required
        accept={ACCEPTED_DOCUMENT_TYPES}
        helperText="PDF, Word, Excel or text. Max 10MB"
      />
    </FormDialog>
  );
}
