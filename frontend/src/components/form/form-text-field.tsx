// A text input bound to a formik field; shows the field's message once touched (or after submit).
// Built from FormControl + OutlinedInput rather than TextField so that pages with plain inputs
// (the sign-in page above all) do not load Select, Menu and Popover.
import {
  useId,
  type HTMLInputTypeAttribute,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { useField } from 'formik';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export type FormTextFieldProps = {
  name: string;
  label: string;
  id?: string;
  type?: HTMLInputTypeAttribute;
  required?: boolean;
  autoComplete?: string;
  autoFocus?: boolean;
  placeholder?: string;
  helperText?: ReactNode;
  multiline?: boolean;
  minRows?: number;
  size?: 'small' | 'medium';
  /** Keep the label above the field (date, time and file inputs). */
  shrinkLabel?: boolean;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  /** Ids of more text that describes the field (a strength meter), after its helper text. */
  describedBy?: string;
};

export function FormTextField({
  name,
  label,
  id: givenId,
  type = 'text',
  required,
  autoComplete,
  autoFocus,
  placeholder,
  helperText,
  multiline,
  minRows,
  size,
  shrinkLabel,
  inputProps,
  describedBy,
}: FormTextFieldProps) {
  const autoId = useId();
  const id = givenId ?? `${name}-${autoId}`;
  const [field, meta] = useField(name);
  const showError = meta.touched && !!meta.error;
  const helper = showError ? meta.error : helperText;
  const helperId = helper ? `${id}-helper-text` : undefined;
  return (
    <FormControl fullWidth error={showError} required={required} size={size} variant="outlined">
      <InputLabel htmlFor={id} shrink={shrinkLabel || undefined}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...field}
        value={field.value ?? ''}
        id={id}
        label={label}
        notched={shrinkLabel || undefined}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        placeholder={placeholder}
        multiline={multiline}
        minRows={minRows}
        inputProps={inputProps}
        aria-describedby={[helperId, describedBy].filter(Boolean).join(' ') || undefined}
      />
      {helper && <FormHelperText id={helperId}>{helper}</FormHelperText>}
    </FormControl>
  );
}
