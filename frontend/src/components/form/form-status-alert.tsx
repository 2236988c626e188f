// The server's message about a whole form (403, 409, or a 400 about no field of it), inside the form.
import { useFormikContext } from 'formik';
import Alert from '@mui/material/Alert';
import type { FormStatus } from '@/components/form/server-errors';

export function FormStatusAlert() {
  const { status } = useFormikContext();
  const message = (status as FormStatus)?.formError;
  return message ? (
    <Alert severity="error" sx={{ mb: 2 }}>
      {message}
    </Alert>
  ) : null;
}
