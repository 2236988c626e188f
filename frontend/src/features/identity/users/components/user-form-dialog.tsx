import { useField, useFormikContext } from 'formik';
import * as yup from 'yup';
import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import { useConfirmItIsYou } from '@/components/confirm-it-is-you';
import { FormDialog } from '@/components/form/form-dialog';
import { FormSelectField } from '@/components/form/form-select-field';
import { FormTextField } from '@/components/form/form-text-field';
import {
  errorToast,
  fixedErrorToast,
  useNotify,
} from '@/components/notifications/notifications-provider';
import { roleLabel } from '@/lib/permissions';
import type { Role, User } from '@/types/api';
import { useCreateUser } from '@/features/identity/users/api/create-user';
import { useUpdateUser } from '@/features/identity/users/api/update-user';

const base = {
  name: yup.string().trim().required('Name is required'),
  email: yup
    .string()
    .trim()
    .required('Email is required')
    .email('Please enter a valid email address'),
  phone: yup.string(),
  role: yup.string().required('Role is required'),
};

const createSchema = yup.object({
  ...base,
  access: yup.string().oneOf(['invite', 'password']),
  password: yup.string().when('access', {
    is: 'password',
    then: (rule) =>
      rule.required('Password is required').min(8, 'Password must be at least 8 characters long'),
  }),
});

const editSchema = yup.object({ ...base, active: yup.boolean() });

type Values = {
  name: string;
  email: string;
  phone: string;
  /** How a new user gets their password: an e-mailed invitation, or a temporary one the admin gives them. */
  access: 'invite' | 'password';
  password: string;
  role: Role | '';
  active: boolean;
};

/**
 * The create dialog's choice (spec §11 Invitations): an invitation e-mail, or a temporary password
 * the admin types and passes on, which the user must replace at their first sign-in (for a portal
 * without mail).
 */
function AccessFields({ mailConfigured }: { mailConfigured: boolean }) {
  const { values, setFieldValue } = useFormikContext<Values>();
  return (
    <>
      <FormControl>
        <FormLabel id="user-access-label">Password</FormLabel>
        <RadioGroup
          aria-labelledby="user-access-label"
          name="access"
          value={values.access}
          onChange={(event) => void setFieldValue('access', event.target.value)}
        >
          <FormControlLabel value="invite" control={<Radio />} label="Send an invitation" />
          <FormControlLabel value="password" control={<Radio />} label="Set a temporary password" />
        </RadioGroup>
        {values.access === 'invite' && (
          <FormHelperText sx={{ mx: 0 }}>
            They get an e-mail with a link to choose their own password. The link works once, for 7
            days; you can send a new one from the user list.
          </FormHelperText>
        )}
      </FormControl>
      {values.access === 'invite' && !mailConfigured && (
        <Alert severity="warning">
          No mail server is configured: the invitation is only written to a file on the server. Set
          a temporary password instead unless you can pass the link on.
        </Alert>
      )}
      {values.access === 'password' && (
        <FormTextField
          name="password"
          label="Temporary password"
          type="password"
          required
          autoComplete="new-password"
          helperText="Tell them this password yourself. At their first sign-in they must choose their own; until then it works for a limited time only (72 hours unless your portal is set up otherwise)."
        />
      )}
    </>
  );
}

function ActiveSwitch() {
  const [field] = useField<boolean>({ name: 'active', type: 'checkbox' });
  return (
    <FormControlLabel control={<Switch {...field} checked={!!field.value} />} label="Active" />
  );
}

type Props = {
  open: boolean;
  onClose: () => void;
  /** The user to edit; absent to create one. */
  user?: User;
  roles: Role[];
  /** The server sends mail (SMTP_URL): an invitation is then the default for a new user. */
  mailConfigured?: boolean;
};

export function UserFormDialog({ open, onClose, user, roles, mailConfigured = false }: Props) {
  const notify = useNotify();
  const create = useCreateUser();
  const update = useUpdateUser();
  // Changing one's own e-mail needs a recent password (spec: Account security > Confirming it is you).
  const { confirmed, dialog } = useConfirmItIsYou();
  const editing = !!user;
  const roleOptions = roles.map((r) => ({ value: r, label: roleLabel(r) }));
  return (
    <>
      <FormDialog<Values>
        open={open}
        onClose={onClose}
        title={editing ? 'Edit User' : 'Add User'}
        initialValues={{
          name: user?.name ?? '',
          email: user?.email ?? '',
          phone: user?.phone ?? '',
          access: mailConfigured ? 'invite' : 'password',
          password: '',
          role: user?.role ?? (roles.includes('trustee') ? 'trustee' : ''),
          active: user?.active ?? true,
        }}
        validationSchema={(editing ? editSchema : createSchema) as yup.AnyObjectSchema}
        submitLabel={editing ? 'Save Changes' : 'Create User'}
        busyLabel={editing ? 'Saving...' : 'Creating...'}
        onSubmit={async (values) => {
          const common = {
            name: values.name.trim(),
            email: values.email.trim(),
            role: values.role as Role,
            phone: values.phone.trim() || null,
          };
          if (user) {
            try {
              await confirmed(() => update(user.id, { ...common, active: values.active }));
              notify({ title: 'User updated successfully' });
              onClose();
            } catch (error) {
              notify(fixedErrorToast('Failed to update user'));
              throw error;
            }
          } else {
            try {
              if (values.access === 'invite') {
                await create({ ...common, invite: true });
                notify({
                  title: 'User created successfully',
                  description: `An invitation to ${common.email} is queued.`,
                });
              } else {
                await create({ ...common, password: values.password, temporaryPassword: true });
                notify({
                  title: 'User created successfully',
                  description: `${common.name} must choose their own password at their first sign-in.`,
                });
              }
              onClose();
            } catch (error) {
              notify(errorToast(error, 'Failed to create user'));
              throw error;
            }
          }
        }}
      >
        <FormTextField name="name" label="Name" required autoComplete="off" />
        <FormTextField name="email" label="Email" type="email" required autoComplete="off" />
        <FormTextField name="phone" label="Phone" type="tel" autoComplete="off" />
        {!editing && <AccessFields mailConfigured={mailConfigured} />}
        <FormSelectField
          name="role"
          label="Role"
          required
          placeholder={editing ? undefined : 'Select a role'}
          options={
            user && !roles.includes(user.role)
              ? [{ value: user.role, label: roleLabel(user.role) }, ...roleOptions]
              : roleOptions
          }
        />
        {editing && <ActiveSwitch />}
      </FormDialog>
      {dialog}
    </>
  );
}
