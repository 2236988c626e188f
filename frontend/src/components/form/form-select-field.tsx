// A native select bound to a formik field (keyboard and screen-reader friendly everywhere).
import { useId } from 'react';
import { useField } from 'formik';
import TextField from '@mui/material/TextField';

type Props = {
  name: string;
  label: string;
  id?: string;
  required?: boolean;
  size?: 'small' | 'medium';
  helperText?: string;
  placeholder?: string;
  options: { value: string; label: string }[];
};

export function FormSelectField({
  name,
  label,
  id: givenId,
  required,
  size,
  helperText,
  placeholder,
  options,
}: Props) {
  const autoId = useId();
  const id = givenId ?? `${name}-${autoId}`;
  const [field, meta] = useField(name);
  const showError = meta.touched && !!meta.error;
  return (
    <TextField
      {...field}
      value={field.value ?? ''}
      select
      id={id}
      label={label}
      required={required}
      size={size}
      error={showError}
      helperText={showError ? meta.error : helperText}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
}
