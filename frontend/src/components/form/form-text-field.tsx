// A text input bound to a formik field; shows the field's message once touched (or after submit).
import { useField } from 'formik';
import { TextField, type TextFieldProps } from '@/components/form/text-field';

/** The unbound field's props, less what the formik field supplies. */
export type FormTextFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'onBlur' | 'error'>;

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
