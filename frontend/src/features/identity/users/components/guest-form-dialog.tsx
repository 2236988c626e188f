// "Invite a guest" and "Change access" (spec §6 Guests): who they are (inviting only), why they are let
// in, their last day, and what the pass names: meetings, documents and, for an auditor, a period.
import dayjs from 'dayjs';
import { useFormikContext } from 'formik';
import * as yup from 'yup';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FormCheckboxList } from '@/components/form/form-checkbox-list';
import { FormDialog } from '@/components/form/form-dialog';
import { FormTextField } from '@/components/form/form-text-field';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import type { Guest, Meeting, PortalDocument } from '@/types/api';
import {
  useDocumentChoices,
  useGuestActions,
  useMeetingChoices,
} from '@/features/identity/users/api/guests';
import { meetingText } from '@/features/identity/guest-pass/pass-words';

/** The longest a pass may run, as the server counts it. */
const LONGEST_PASS_DAYS = 366;

const SCOPE_EMPTY = 'Name at least one meeting or document, or an audit period';
const PERIOD_HALF = 'Give both the first and the last day of the audit period';

type Values = {
  name: string;
  email: string;
  purpose: string;
  endsOn: string;
  meetingIds: string[];
  documentIds: string[];
  auditFrom: string;
  auditTo: string;
  /** Not a field: where "nothing named" is said, by this form or the server (`errors.scope`). */
  scope: string;
};

const day = (offset = 0) => dayjs().add(offset, 'day').format('YYYY-MM-DD');

const passRules = {
  purpose: yup.string().trim().required('Purpose is required'),
  endsOn: yup
    .string()
    .required("Choose the last day of the guest's access")
    .test('not-past', 'The last day cannot be before today', (v) => !v || v >= day())
    .test(
      'at-most-a-year',
      "A guest's access can last at most a year; extend it later if needed",
      (v) => !v || v <= day(LONGEST_PASS_DAYS),
    ),
  meetingIds: yup.array(yup.string()),
  documentIds: yup.array(yup.string()),
  auditFrom: yup.string().test('both', PERIOD_HALF, (v, context) => !!v || !context.parent.auditTo),
  auditTo: yup
    .string()
    .test('both', PERIOD_HALF, (v, context) => !!v || !context.parent.auditFrom)
    .test(
      'in-order',
      "The period's last day cannot be before its first",
      (v, context) => !v || !context.parent.auditFrom || v >= context.parent.auditFrom,
    ),
  scope: yup.string().test('something-named', SCOPE_EMPTY, (_, context) => {
    const values = context.parent as Values;
    return (
      values.meetingIds.length > 0 ||
      values.documentIds.length > 0 ||
      !!values.auditFrom ||
      !!values.auditTo
    );
  }),
};

const inviteSchema = yup.object({
  name: yup.string().trim().required('Name is required'),
  email: yup
    .string()
    .trim()
    .required('Email is required')
    .email('Please enter a valid email address'),
  ...passRules,
});

const changeSchema = yup.object(passRules);

/** "Nothing named" belongs to the whole pass: said above its choices. */
function ScopeError() {
  const { errors, touched } = useFormikContext<Values>();
  return errors.scope && touched.scope ? <Alert severity="error">{errors.scope}</Alert> : null;
}

/** Newest first; a cancelled meeting only when the pass already names it. */
const meetingOptions = (meetings: Meeting[] | undefined, named: Set<string>) =>
  [...(meetings ?? [])]
    .filter((m) => m.status !== 'cancelled' || named.has(String(m.id)))
    .sort((a, b) => b.meetingDate.localeCompare(a.meetingDate))
    .map((m) => ({ value: String(m.id), label: meetingText(m) }));

const documentOptions = (documents: PortalDocument[] | undefined) =>
  [...(documents ?? [])]
    .sort((a, b) => a.title.localeCompare(b.title))
    .map((d) => ({ value: String(d.id), label: d.title }));

type Props = {
  onClose: () => void;
  /** The guest whose access changes; absent to invite one. */
  guest?: Guest;
  /** Whether the server sends mail (known to admins only): without, the invitation is not e-mailed. */
  mailConfigured?: boolean;
};

export function GuestFormDialog({ onClose, guest, mailConfigured }: Props) {
  const notify = useNotify();
  const { invite, change } = useGuestActions();
  const { data: meetings } = useMeetingChoices();
  const { data: documents } = useDocumentChoices();
  const named = new Set(guest?.meetings.map((m) => String(m.id)) ?? []);
  const initialValues: Values = {
    name: guest?.name ?? '',
    email: guest?.email ?? '',
    purpose: guest?.purpose ?? '',
    // An ended pass is extended from a new last day.
    endsOn: guest && !guest.ended ? guest.endsOn : '',
    meetingIds: guest?.meetings.map((m) => String(m.id)) ?? [],
    documentIds: guest?.documents.map((d) => String(d.id)) ?? [],
    auditFrom: guest?.auditFrom ?? '',
    auditTo: guest?.auditTo ?? '',
    scope: '',
  };

  const submit = async (values: Values) => {
    const pass = {
      purpose: values.purpose.trim(),
      endsOn: values.endsOn,
      meetingIds: values.meetingIds.map(Number),
      documentIds: values.documentIds.map(Number),
      ...(values.auditFrom || values.auditTo
        ? { auditFrom: values.auditFrom || null, auditTo: values.auditTo || null }
        : {}),
    };
    try {
      if (guest) {
        await change(guest.id, pass);
        notify({ title: 'Access changed', description: `${guest.name}'s pass is saved.` });
      } else {
        const email = values.email.trim();
        await invite({ name: values.name.trim(), email, ...pass });
        notify({ title: 'Guest invited', description: `An invitation to ${email} is queued.` });
      }
      onClose();
    } catch (error) {
      notify(
        errorToast(error, guest ? 'Failed to change the access' : 'Failed to invite the guest'),
      );
      throw error;
    }
  };

  return (
    <FormDialog<Values>
      open
      onClose={onClose}
      title={guest ? 'Change access' : 'Invite a guest'}
      description={
        guest ? (
          <>
            {guest.name} ({guest.email}). Their sessions end at once when their access ends.
          </>
        ) : (
          'Someone outside the board, such as an auditor, a lawyer or an observer. They get an e-mail to choose a password, then open only what you name here, until their last day.'
        )
      }
      initialValues={initialValues}
      validationSchema={guest ? changeSchema : inviteSchema}
      submitLabel={guest ? 'Save access' : 'Invite guest'}
      busyLabel={guest ? 'Saving...' : 'Inviting...'}
      onSubmit={submit}
    >
      {!guest && (
        <>
          <FormTextField name="name" label="Name" required autoComplete="off" />
          <FormTextField name="email" label="Email" type="email" required autoComplete="off" />
          {mailConfigured === false && (
            <Alert severity="warning">
              No mail server is configured: the invitation is only written to a file on the server.
            </Alert>
          )}
        </>
      )}
      <FormTextField
        name="purpose"
        label="Purpose"
        required
        helperText="Why they are let in, e.g. 'External auditor for 2025-26'. They see it too."
      />
      <FormTextField
        name="endsOn"
        label="Last day of access"
        type="date"
        required
        shrinkLabel
        inputProps={{ min: day(), max: day(LONGEST_PASS_DAYS) }}
        helperText="Access ends at midnight after this day: at most a year ahead. You can extend it later."
      />
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h3" sx={{ fontSize: '1.05rem' }}>
          What they may open
        </Typography>
        <ScopeError />
        <FormCheckboxList
          name="meetingIds"
          label="Meetings"
          options={meetingOptions(meetings, named)}
          emptyText="No meetings yet."
          helperText="They see a meeting once its agenda is published: the agenda, papers and board pack, never the minutes."
        />
        <FormCheckboxList
          name="documentIds"
          label="Documents"
          options={documentOptions(documents)}
          emptyText="No documents in the library yet."
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormTextField name="auditFrom" label="Audit period from" type="date" shrinkLabel />
          <FormTextField name="auditTo" label="Audit period to" type="date" shrinkLabel />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
          For an auditor only: they may also read the minutes, the decisions register and the
          register of interests of that period.
        </Typography>
      </Box>
    </FormDialog>
  );
}
