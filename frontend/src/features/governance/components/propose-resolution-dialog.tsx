import { useField } from 'formik';
import * as yup from 'yup';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import { FormDialog } from '@/components/form/form-dialog';
import { FormSelectField } from '@/components/form/form-select-field';
import { FormTextField } from '@/components/form/form-text-field';
import { localInputToIso } from '@/lib/format';
import { useLibrary } from '@/features/governance/api/library';
import { useResolutionActions } from '@/features/governance/api/resolutions';
import { useTermsOverview } from '@/features/governance/api/terms';
import type { ThresholdKind } from '@/features/governance/types';

const schema = yup.object({
  title: yup.string().trim().required('Title is required'),
  text: yup.string().trim().required('Text is required'),
  closesAt: yup.string().required('Closing time is required'),
  threshold: yup.string().required(),
  thresholdCount: yup.string(),
  papers: yup.array(yup.string()),
  conflicted: yup.array(yup.string()),
});

type Values = {
  title: string;
  text: string;
  closesAt: string;
  threshold: ThresholdKind;
  thresholdCount: string;
  papers: string[];
  conflicted: string[];
};

/** A group of checkboxes bound to a formik array of ids. */
function CheckboxList({
  name,
  label,
  options,
}: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
}) {
  const [field, , helpers] = useField<string[]>(name);
  const toggle = (value: string, on: boolean) =>
    helpers.setValue(on ? [...field.value, value] : field.value.filter((v) => v !== value));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend">{label}</FormLabel>
      <FormGroup sx={{ maxHeight: 160, overflowY: 'auto', flexWrap: 'nowrap' }}>
        {options.map((o) => (
          <FormControlLabel
            key={o.value}
            label={o.label}
            control={
              <Checkbox
                size="small"
                checked={field.value.includes(o.value)}
                onChange={(e) => toggle(o.value, e.target.checked)}
              />
            }
          />
        ))}
      </FormGroup>
    </Box>
  );
}

export function ProposeResolutionDialog({ onClose }: { onClose: () => void }) {
  const { propose } = useResolutionActions();
  const { data: library } = useLibrary();
  const { data: board } = useTermsOverview();
  return (
    <FormDialog<Values>
      open
      onClose={onClose}
      title="Propose a written resolution"
      description="Serving trustees not conflicted on it vote once each. It is decided at the closing time, or earlier once the result cannot change."
      initialValues={{
        title: '',
        text: '',
        closesAt: '',
        threshold: 'majority',
        thresholdCount: '',
        papers: [],
        conflicted: [],
      }}
      validationSchema={schema}
      submitLabel="Propose"
      busyLabel="Proposing..."
      outcome={{ success: 'Resolution proposed', failure: 'Failed to propose the resolution' }}
      onSubmit={(values) =>
        propose({
          title: values.title.trim(),
          text: values.text.trim(),
          closesAt: localInputToIso(values.closesAt),
          threshold: values.threshold,
          thresholdCount: values.threshold === 'count' ? Number(values.thresholdCount) : null,
          paperDocumentIds: values.papers.map(Number),
          conflictedUserIds: values.conflicted.map(Number),
        })
      }
    >
      <FormTextField name="title" label="Title" required />
      <FormTextField name="text" label="Resolution text" required multiline minRows={3} />
      <FormTextField
        name="closesAt"
        label="Voting closes"
        type="datetime-local"
        required
        shrinkLabel
      />
      <FormSelectField
        name="threshold"
        label="Passes with"
        options={[
          { value: 'majority', label: 'A majority of eligible trustees' },
          { value: 'count', label: 'A set number of votes for' },
          { value: 'unanimous', label: 'All eligible trustees (unanimous)' },
        ]}
      />
      <FormTextField
        name="thresholdCount"
        label="Votes for needed"
        type="number"
        helperText="Only for a set number"
      />
      <CheckboxList
        name="papers"
        label="Supporting papers"
        options={(library ?? []).map((d) => ({ value: String(d.id), label: d.title }))}
      />
      <CheckboxList
        name="conflicted"
        label="Conflicted trustees (they do not vote)"
        options={(board ?? []).map((t) => ({ value: String(t.userId), label: t.name }))}
      />
    </FormDialog>
  );
}
