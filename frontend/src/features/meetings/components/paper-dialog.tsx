import useSWR from 'swr';
import * as yup from 'yup';
import { useField } from 'formik';
import { FormDialog } from '@/components/form/form-dialog';
import { FormFileField } from '@/components/form/form-file-field';
import { FormSelectField } from '@/components/form/form-select-field';
import { FormTextField } from '@/components/form/form-text-field';
import type { AgendaItem, PortalDocument } from '@/types/api';

const ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.txt';

const schema = yup.object({
  source: yup.string().oneOf(['upload', 'library']).required(),
  title: yup.string().max(200),
  file: yup.mixed().when('source', {
    is: 'upload',
    then: (field) => field.required('Please choose a file to upload.'),
  }),
  documentId: yup.string().when('source', {
    is: 'library',
    then: (field) => field.required('Choose a library document'),
  }),
});

type Values = {
  source: 'upload' | 'library';
  title: string;
  file: File | null;
  documentId: string;
};

function SourceFields() {
  const [source] = useField<Values['source']>('source');
  const { data } = useSWR<PortalDocument[]>(source.value === 'library' ? '/api/documents' : null);
  if (source.value === 'library')
    return (
      <FormSelectField
        name="documentId"
        label="Library document"
        required
        placeholder="Select a document"
        options={(data ?? []).map((d) => ({ value: String(d.id), label: d.title }))}
      />
    );
  return (
    <>
      <FormFileField
        name="file"
        label="File"
        accept={ACCEPT}
        required
        helperText="PDF, Word, Excel or text; at most 10 MB"
      />
      <FormTextField name="title" label="Title (optional: the file's name)" />
    </>
  );
}

type Props = {
  open: boolean;
  item: AgendaItem;
  onUpload: (form: FormData) => Promise<unknown>;
  onLink: (documentId: number) => Promise<unknown>;
  onClose: () => void;
};

export function PaperDialog({ open, item, onUpload, onLink, onClose }: Props) {
  return (
    <FormDialog<Values>
      open={open}
      onClose={onClose}
      title={`Attach a paper to item ${item.number}`}
      initialValues={{ source: 'upload', title: '', file: null, documentId: '' }}
      validationSchema={schema}
      submitLabel="Attach paper"
      busyLabel="Attaching..."
      outcome={{ success: 'Paper attached', failure: 'Failed to attach the paper' }}
      onSubmit={async (values) => {
        if (values.source === 'library') await onLink(Number(values.documentId));
        else {
          const form = new FormData();
          if (values.title.trim()) form.append('title', values.title.trim());
          if (values.file) form.append('file', values.file);
          await onUpload(form);
        }
      }}
    >
      <FormSelectField
        name="source"
        label="Paper"
        options={[
          { value: 'upload', label: 'Upload a file' },
          { value: 'library', label: 'A document from the library' },
        ]}
      />
      <SourceFields />
    </FormDialog>
  );
}
