// A dialog holding a formik form: title, fields, Cancel and a submit button with a busy label.
import { useRef, type ReactNode } from 'react';
import { Form, Formik, type FormikHelpers, type FormikValues } from 'formik';
import type { AnyObjectSchema } from 'yup';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { FormStatusAlert } from '@/components/form/form-status-alert';
import { showServerErrors } from '@/components/form/server-errors';
import {
  failureToast,
  useNotify,
  type Failure,
} from '@/components/notifications/notifications-provider';

/**
 * What a write's dialog says when it is done: on success a toast of `success`, then the dialog closes;
 * on failure a toast of the API's message (`failure` when there is none), or the toast `failure` makes.
 */
export type DialogOutcome<V> = {
  success: string | ((values: V) => string);
  failure: Failure;
};

type Props<V extends FormikValues> = {
  open: boolean;
  title: string;
  description?: ReactNode;
  initialValues: V;
  validationSchema: AnyObjectSchema;
  submitLabel: string;
  busyLabel: string;
  /**
   * The write. With `outcome` the dialog reports it; without, it reports a failure (a toast) itself,
   * then rethrows it: the dialog shows a server answer in the form.
   */
  onSubmit: (values: V, helpers: FormikHelpers<V>) => Promise<unknown>;
  outcome?: DialogOutcome<V>;
  onClose: () => void;
  children: ReactNode;
};

export function FormDialog<V extends FormikValues>({
  open,
  title,
  description,
  initialValues,
  validationSchema,
  submitLabel,
  busyLabel,
  onSubmit,
  outcome,
  onClose,
  children,
}: Props<V>) {
  const notify = useNotify();
  const titleId = `dialog-title-${title.replace(/\s+/g, '-').toLowerCase()}`;
  const formRef = useRef<HTMLFormElement>(null);
  const submit = async (values: V, helpers: FormikHelpers<V>) => {
    helpers.setStatus(undefined);
    try {
      await onSubmit(values, helpers);
      if (outcome) {
        const { success } = outcome;
        notify({ title: typeof success === 'function' ? success(values) : success });
        onClose();
      }
    } catch (error) {
      if (outcome) notify(failureToast(error, outcome.failure));
      // The form has reported the failure (a toast); a server answer is also shown in the form.
      showServerErrors(error, helpers, formRef.current, Object.keys(initialValues));
    }
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId}>
      <Formik initialValues={initialValues} validationSchema={validationSchema} onSubmit={submit}>
        {({ isSubmitting }) => (
          <Form noValidate ref={formRef}>
            <DialogTitle id={titleId}>{title}</DialogTitle>
            <DialogContent>
              <FormStatusAlert />
              {description && <Box sx={{ mb: 2, color: 'text.secondary' }}>{description}</Box>}
              <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>{children}</Box>
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2 }}>
              <Button onClick={onClose} disabled={isSubmitting}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {isSubmitting ? busyLabel : submitLabel}
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
