// A group of checkboxes bound to a formik array of ids: a fieldset named by its legend, scrolling on its
// own when long, with its helper text or (once touched, or after a submit) its field's message.
import { useId } from 'react';
import { useField } from 'formik';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';

type Props = {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  helperText?: string;
  /** Said in place of the list when there is nothing to choose. */
  emptyText?: string;
};

export function FormCheckboxList({ name, label, options, helperText, emptyText }: Props) {
  const [field, meta, helpers] = useField<string[]>(name);
  const id = useId();
  const error = meta.touched && typeof meta.error === 'string' ? meta.error : undefined;
  const helper = error ?? helperText;
  const toggle = (value: string, on: boolean) =>
    void helpers.setValue(on ? [...field.value, value] : field.value.filter((v) => v !== value));
  return (
    <Box
      component="fieldset"
      aria-describedby={helper ? `${id}-helper` : undefined}
      aria-invalid={error ? true : undefined}
      sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}
    >
      <FormLabel component="legend" error={!!error}>
        {label}
      </FormLabel>
      {options.length === 0 && emptyText ? (
        <FormHelperText sx={{ mx: 0 }}>{emptyText}</FormHelperText>
      ) : (
        <FormGroup sx={{ maxHeight: 200, overflowY: 'auto', flexWrap: 'nowrap' }}>
          {options.map((o) => (
            <FormControlLabel
              key={o.value}
              label={o.label}
              sx={{ mr: 0, overflowWrap: 'anywhere' }}
              control={
                <Checkbox
                  size="small"
                  name={name}
                  value={o.value}
                  checked={field.value.includes(o.value)}
                  onChange={(e) => toggle(o.value, e.target.checked)}
                />
              }
            />
          ))}
        </FormGroup>
      )}
      {helper && (
        <FormHelperText id={`${id}-helper`} error={!!error} sx={{ mx: 0 }}>
          {helper}
        </FormHelperText>
      )}
    </Box>
  );
}
