import * as yup from 'yup';
import { FormDialog } from '@/components/form/form-dialog';
import { FormSelectField } from '@/components/form/form-select-field';
import { FormTextField } from '@/components/form/form-text-field';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { localInputToIso } from '@/lib/format';
import { useLibrary } from '@/features/governance/api/library';
import { useResolutionActions } from '@/features/governance/api/resolutions';
import type { ThresholdKind } from '@/features/governance/types';

const schema = yup.object({
  title: yup.string().trim().required('Title is required'),
  text: yup.string().trim().required('Text is required'),
  closesAt: yup.string().required('Closing time is required'),
  threshold: yup.string().required(),
  thresholdCount: yup.string(),
  paper: yup.string(),
});

type Values = {
  title: string;
  text: string;
  closesAt: string;
  threshold: ThresholdKind;
  thresholdCount: string;
  paper: string;
};

export function ProposeResolutionDialog({ onClose }: { onClose: () => void }) {
  const notify = useNotify();
  const { propose } = useResolutionActions();
  const { data: library } = useLibrary();
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
        paper: '',
      }}
      validationSchema={schema}
      submitLabel="Propose"
      busyLabel="Proposing..."
      onSubmit={async (values) => {
        try {
          await propose({
            title: values.title.trim(),
            text: values.text.trim(),
            closesAt: localInputToIso(values.closesAt),
            threshold: values.threshold,
            thresholdCount: values.threshold === 'count' ? Number(values.thresholdCount) : null,
            paperDocumentIds: values.paper ? [Number(values.paper)] : [],
            conflictedUserIds: [],
          });
          notify({ title: 'Resolution proposed' });
          onClose();
        } catch (error) {
          notify(errorToast(error, 'Failed to propose the resolution'));
        }
      }}
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
      <FormSelectField
        name="paper"
        label="Supporting paper"
        placeholder="None"
        options={(library ?? []).map((d) => ({ value: String(d.id), label: d.title }))}
      />
    </FormDialog>
  );
}
