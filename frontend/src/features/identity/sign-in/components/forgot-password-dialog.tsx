import * as yup from 'yup';
import { FormDialog } from '@/components/form/form-dialog';
import { FormTextField } from '@/components/form/form-text-field';
import { useNotify } from '@/components/notifications/notifications-provider';
import { requestPasswordReset } from '@/features/identity/sign-in/api/forgot-password';

const schema = yup.object({
  email: yup
    .string()
    .trim()
    .required('Please enter a valid email address')
    .email('Please enter a valid email address'),
});

export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const notify = useNotify();
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Reset Password"
      description="Enter your email address to request a password reset. In a real deployment you would be e-mailed secure reset instructions; this demo version logs requests for admin review."
      initialValues={{ email: '' }}
      validationSchema={schema}
      submitLabel="Send Reset"
      busyLabel="Sending..."
      onSubmit={async (values, helpers) => {
        try {
          const message = await requestPasswordReset(values.email.trim());
          notify({ title: 'Password Reset Request', description: message, severity: 'success' });
          helpers.resetForm();
          onClose();
        } catch (error) {
          notify({
            title: 'Error',
            description: error instanceof Error ? error.message : 'Reset request failed',
            severity: 'error',
          });
          throw error;
        }
      }}
    >
      <FormTextField
        name="email"
        label="Email Address"
        type="email"
        autoComplete="email"
        autoFocus
      />
    </FormDialog>
  );
}
