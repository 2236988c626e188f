// A text input bound to a formik field; shows the field's message once touched (or after submit).
import type { HTMLInputTypeAttribute, InputHTMLAttributes, ReactNode } from 'react';
import { useField } from 'formik';
import { TextField } from '@/components/form/text-field';

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

export function FormTextField(props: FormTextFieldProps) {
  const [field, meta] = useField(props.name);
  return (
    <TextField
      {...props}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={meta.touched && meta.error ? meta.error : undefined}
    />
  );
}
