import { useField } from 'formik';
import * as yup from 'yup';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
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
import { useCreateUser } from '@/features/users/api/create-user';
import { useUpdateUser } from '@/features/users/api/update-user';

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
  password: yup
    .string()
    .required('Password is required')
    .min(8, 'Password must be at least 8 characters long'),
});

const editSchema = yup.object({ ...base, active: yup.boolean() });

type Values = {
  name: string;
  email: string;
  phone: string;
  password: string;
  role: Role | '';
  active: boolean;
};

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
};

export function UserFormDialog({ open, onClose, user, roles }: Props) {
  const notify = useNotify();
  const create = useCreateUser();
  const update = useUpdateUser();
  const editing = !!user;
  const roleOptions = roles.map((r) => ({ value: r, label: roleLabel(r) }));
  return (
    <FormDialog<Values>
      open={open}
      onClose={onClose}
      title={editing ? 'Edit User' : 'Add User'}
      initialValues={{
        name: user?.name ?? '',
        email: user?.email ?? '',
        phone: user?.phone ?? '',
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
            await update(user.id, { ...common, active: values.active });
            notify({ title: 'User updated successfully' });
            onClose();
          } catch (error) {
            notify(fixedErrorToast('Failed to update user'));
            throw error;
          }
        } else {
          try {
            await create({ ...common, password: values.password });
            notify({ title: 'User created successfully' });
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
      {!editing && (
        <FormTextField
          name="password"
          label="Password"
          type="password"
          required
          autoComplete="new-password"
          helperText="A first password; the user can change it later"
        />
      )}
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
  );
}
