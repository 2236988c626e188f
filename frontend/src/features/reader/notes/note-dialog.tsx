// The note's dialog (docs/spec.md §2 Pack reader, Notes): its text (required for a pin) and who sees it.
import { useField } from 'formik';
import * as yup from 'yup';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { FormDialog } from '@/components/form/form-dialog';
import { FormTextField } from '@/components/form/form-text-field';
import { visibilityOptions } from '@/features/reader/notes/visibility';
import type { Note, NoteVisibility } from '@/features/reader/notes/types';

export const MAX_BODY = 5000;

type Values = { body: string; visibility: NoteVisibility };

const schema = (pin: boolean) =>
  yup.object({
    body: pin
      ? yup
          .string()
          .trim()
          .required('Write the note.')
          .max(MAX_BODY, `At most ${MAX_BODY} characters.`)
      : yup.string().max(MAX_BODY, `At most ${MAX_BODY} characters.`),
    visibility: yup.string().oneOf(['private', 'officers', 'shared']).required(),
  });

function VisibilityField({ committee }: { committee: boolean }) {
  const [field] = useField<NoteVisibility>('visibility');
  return (
    <FormControl>
      <FormLabel id="note-visibility-label">Who sees this note</FormLabel>
      <RadioGroup aria-labelledby="note-visibility-label" {...field}>
        {visibilityOptions(committee).map((o) => (
          <FormControlLabel key={o.value} value={o.value} control={<Radio />} label={o.label} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

type Props = {
  note: Note;
  isNew: boolean;
  committee: boolean;
  onSave: (note: Note) => Promise<void>;
  onClose: () => void;
};

export function NoteDialog({ note, isNew, committee, onSave, onClose }: Props) {
  const pin = note.kind === 'pin';
  const title = isNew ? (pin ? 'Pin a note' : 'Add a note') : 'Edit note';
  return (
    <FormDialog<Values>
      open
      title={title}
      description={
        note.anchor.quote ? (
          <Typography component="blockquote" sx={{ m: 0, fontStyle: 'italic' }}>
            “{note.anchor.quote}”
          </Typography>
        ) : undefined
      }
      initialValues={{ body: note.body, visibility: note.visibility }}
      validationSchema={schema(pin)}
      submitLabel="Save"
      busyLabel="Saving..."
      outcome={{ success: 'Note saved', failure: 'The note could not be kept on this device.' }}
      onSubmit={(values) =>
        onSave({
          ...note,
          body: values.body.trim(),
          visibility: values.visibility,
          editedAt: new Date().toISOString(),
        })
      }
      onClose={onClose}
    >
      <FormTextField
        name="body"
        label="Note"
        multiline
        minRows={3}
        required={pin}
        autoFocus
        helperText={pin ? undefined : 'Optional for a highlight'}
      />
      <VisibilityField committee={committee} />
    </FormDialog>
  );
}
