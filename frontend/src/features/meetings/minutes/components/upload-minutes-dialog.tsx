import { useFormikContext } from 'formik';
import * as yup from 'yup';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { FormDialog } from '@/components/form/form-dialog';
import { FormFileField } from '@/components/form/form-file-field';
import { FormTextField } from '@/components/form/form-text-field';
import { localInputToIso } from '@/lib/format';
import { useUploadMinutes } from '@/features/meetings/minutes/api/upload-minutes';

const schema = yup.object({
  title: yup.string().trim().required('Title is required'),
  meetingDate: yup.string().required('Meeting date and time is required'),
  meetingId: yup.string().matches(/^\d*$/, 'Meeting ID must be a number'),
  method: yup.string().oneOf(['file', 'link']).required(),
  file: yup.mixed<File>().nullable(),
  externalLink: yup.string().trim().url('Please enter a valid URL'),
});

type Values = {
  title: string;
  meetingDate: string;
  meetingId: string;
  method: 'file' | 'link';
  file: File | null;
  externalLink: string;
};

function MethodFields() {
  const { values, setFieldValue } = useFormikContext<Values>();
  return (
    <>
      <FormControl>
        <FormLabel id="minutes-method-label">Minutes source</FormLabel>
        <RadioGroup
          row
          aria-labelledby="minutes-method-label"
          name="method"
          value={values.method}
          onChange={(event) => void setFieldValue('method', event.target.value)}
        >
          <FormControlLabel value="file" control={<Radio />} label="Upload PDF" />
          <FormControlLabel value="link" control={<Radio />} label="External Link" />
        </RadioGroup>
      </FormControl>
      {values.method === 'file' ? (
        <FormFileField name="file" label="PDF File" accept=".pdf" helperText="PDF only. Max 10MB" />
      ) : (
        <FormTextField
          name="externalLink"
          label="External Link"
          type="url"
          placeholder="https://"
        />
      )}
    </>
  );
}

export function UploadMinutesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const upload = useUploadMinutes();
  return (
    <FormDialog<Values>
      open={open}
      onClose={onClose}
      title="Upload Minutes"
      initialValues={{
        title: '',
        meetingDate: '',
        meetingId: '',
        method: 'file',
        file: null,
        externalLink: '',
      }}
      validationSchema={schema}
      submitLabel="Upload"
      busyLabel="Uploading..."
      outcome={{ success: 'Minutes uploaded successfully', failure: 'Upload failed' }}
      onSubmit={(values) =>
        upload({
          title: values.title.trim(),
          meetingDate: localInputToIso(values.meetingDate),
          meetingId: String(values.meetingId).trim() || null,
          file: values.method === 'file' ? values.file : null,
          externalLink: values.method === 'link' ? values.externalLink.trim() || null : null,
        })
      }
    >
      <FormTextField name="title" label="Meeting Title" required />
      <FormTextField
        name="meetingDate"
        label="Meeting Date and Time"
        type="datetime-local"
        required
        shrinkLabel
      />
      <FormTextField
        name="meetingId"
        label="Meeting ID"
        type="number"
        helperText="Optional: links the minutes to a calendar meeting"
        inputProps={{ min: 1, step: 1 }}
      />
      <MethodFields />
    </FormDialog>
  );
}
