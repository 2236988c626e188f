// The signing dialog of every record (spec §16 Signing): what signing does, then the password, or a
// current two-factor code for those who sign in with one (the password on request). A 400 puts the
// server's message under its field.
import { useState, type ReactNode } from 'react';
import * as yup from 'yup';
import Button from '@mui/material/Button';
import { FormDialog } from '@/components/form/form-dialog';
import { FormTextField } from '@/components/form/form-text-field';
import type { Signature, SignRequest } from '@/types/api';

type Values = { password: string; code: string };

/** The one field asked is required; the other is left empty. */
const schemaFor = (withCode: boolean) =>
  yup.object({
    password: withCode ? yup.string() : yup.string().required('Enter your password'),
    code: withCode
      ? yup.string().trim().required('Enter the code from your authenticator app')
      : yup.string(),
  });

export function SignDialog({
  title,
  description,
  submitLabel,
  outcome,
  twoFactor,
  onSign,
  onClose,
}: {
  /** The dialog's title and its button ('Sign minutes', 'Certify resolution'...). */
  title: string;
  /** What signing this record does. */
  description: ReactNode;
  submitLabel: string;
  outcome: { success: string; failure: string };
  /** The signer has two-factor sign-in on: a code is asked first, the password on request. */
  twoFactor: boolean;
  onSign: (body: SignRequest) => Promise<Signature>;
  onClose: () => void;
}) {
  const [withCode, setWithCode] = useState(twoFactor);
  return (
    <FormDialog<Values>
      key={withCode ? 'code' : 'password'}
      open
      title={title}
      description={description}
      initialValues={{ password: '', code: '' }}
      validationSchema={schemaFor(withCode)}
      submitLabel={submitLabel}
      busyLabel="Signing..."
      outcome={outcome}
      onSubmit={(values) =>
        onSign(withCode ? { code: values.code.trim() } : { password: values.password })
      }
      onClose={onClose}
    >
      {withCode ? (
        <FormTextField
          name="code"
          label="Two-factor code"
          autoComplete="one-time-code"
          autoFocus
          required
          helperText="The 6-digit code from your authenticator app (or one of your recovery codes), to confirm it is you."
          inputProps={{ autoCapitalize: 'characters', spellCheck: false }}
        />
      ) : (
        <FormTextField
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          autoFocus
          required
          helperText="Your sign-in password, to confirm it is you."
        />
      )}
      {twoFactor && (
        <Button size="small" sx={{ justifySelf: 'start' }} onClick={() => setWithCode(!withCode)}>
          {withCode ? 'Use my password instead' : 'Use a two-factor code instead'}
        </Button>
      )}
    </FormDialog>
  );
}
