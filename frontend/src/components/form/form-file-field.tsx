// A labelled native file input bound to a formik field holding a File.
import { useId } from 'react';
import { useField, useFormikContext } from 'formik';
import TextField from '@mui/material/TextField';

type Props = {
  name: string;
  label: string;
  accept?: string;
  helperText?: string;
  required?: boolean;
};

export function FormFileField({ name, label, accept, helperText, required }: Props) {
  const id = `${name}-${useId()}`;
  const [, meta] = useField<File | null>(name);
  const { setFieldValue, setFieldTouched } = useFormikContext();
  const showError = meta.touched && !!meta.error;
  return (
    <TextField
      type="file"
      id={id}
      name={name}
      label={label}
      required={required}
      error={showError}
      helperText={showError ? meta.error : helperText}
      onChange={(event) => {
        const input = event.target as HTMLInputElement;
        void setFieldValue(name, input.files?.[0] ?? null);
      }}
      onBlur={() => void setFieldTouched(name, true, false)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { accept } }}
    />
  );
}
