// An outlined text input with its label and helper text, not bound to any form library: the sign-in
// page uses it with plain state (no formik or yup on its first load: docs/performance.md) and
// FormTextField binds it to formik. Built from FormControl + OutlinedInput rather than TextField so
// that pages with plain inputs do not load Select, Menu and Popover.
import {
  forwardRef,
  useId,
  type ChangeEventHandler,
  type FocusEventHandler,
  type HTMLInputTypeAttribute,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export type TextFieldProps = {
  name: string;
  label: string;
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  /** The message shown in place of the helper text; marks the field invalid (aria-invalid). */
  error?: string;
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

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  {
    name,
    label,
    value,
    onChange,
    onBlur,
    error,
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
  },
  ref,
) {
  const autoId = useId();
  const id = givenId ?? `${name}-${autoId}`;
  const showError = !!error;
  const helper = showError ? error : helperText;
  const helperId = helper ? `${id}-helper-text` : undefined;
  return (
    <FormControl fullWidth error={showError} required={required} size={size} variant="outlined">
      <InputLabel htmlFor={id} shrink={shrinkLabel || undefined}>
        {label}
      </InputLabel>
      <OutlinedInput
        name={name}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        inputRef={ref}
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
});
