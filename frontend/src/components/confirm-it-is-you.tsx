// Asks for the password when the server wants it confirmed before a change to how the user signs in
// (spec: Account security > Confirming it is you), then sends the change again.
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Form, Formik, type FormikHelpers } from 'formik';
import * as yup from 'yup';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { FormStatusAlert } from '@/components/form/form-status-alert';
import { FormTextField } from '@/components/form/form-text-field';
import { showServerErrors } from '@/components/form/server-errors';
import { CONFIRM_IT_IS_YOU, needsConfirmation, reauthenticate } from '@/lib/reauthenticate';

type Values = { password: string };

const schema = yup.object({ password: yup.string().required('Password is required') });

type DialogProps = { open: boolean; onDone: (confirmed: boolean) => void };

function ConfirmItIsYouDialog({ open, onDone }: DialogProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const submit = async (values: Values, helpers: FormikHelpers<Values>) => {
    helpers.setStatus(undefined);
    try {
      await reauthenticate(values.password);
      onDone(true);
    } catch (error) {
      if (!showServerErrors(error, helpers, formRef.current, ['password'])) {
        helpers.setStatus({ formError: 'Your password could not be checked. Try again.' });
      }
    }
  };
  return (
    <Dialog
      open={open}
      onClose={() => onDone(false)}
      aria-labelledby="confirm-it-is-you-title"
      maxWidth="xs"
      fullWidth
    >
      <Formik<Values> initialValues={{ password: '' }} validationSchema={schema} onSubmit={submit}>
        {({ isSubmitting }) => (
          <Form noValidate ref={formRef}>
            <DialogTitle id="confirm-it-is-you-title">Confirm it is you</DialogTitle>
            <DialogContent>
              <FormStatusAlert />
              <DialogContentText sx={{ mb: 2 }}>{CONFIRM_IT_IS_YOU}</DialogContentText>
              <FormTextField
                name="password"
                label="Password"
                type="password"
                autoComplete="current-password"
                autoFocus
                required
              />
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2 }}>
              <Button onClick={() => onDone(false)} disabled={isSubmitting}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {isSubmitting ? 'Checking...' : 'Confirm'}
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}

/**
 * `confirmed(action)` runs the action; when the server first wants the password confirmed, it asks for it
 * and runs the action once more (a cancelled dialog rethrows the server's refusal). Render `dialog`
 * outside any form of the caller.
 */
export function useConfirmItIsYou(): {
  confirmed: <T>(action: () => Promise<T>) => Promise<T>;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<((confirmed: boolean) => void) | null>(null);
  const confirmed = useCallback(async <T,>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      if (!needsConfirmation(error)) throw error;
      const ok = await new Promise<boolean>((resolve) => setPending(() => resolve));
      if (!ok) throw error;
      return action();
    }
  }, []);
  const dialog = (
    <ConfirmItIsYouDialog
      open={pending !== null}
      onDone={(ok) => {
        pending?.(ok);
        setPending(null);
      }}
    />
  );
  return { confirmed, dialog };
}
