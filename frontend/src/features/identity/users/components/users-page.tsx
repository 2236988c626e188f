import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import PhonelinkLockOutlined from '@mui/icons-material/PhonelinkLockOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import {
  errorToast,
  fixedErrorToast,
  useNotify,
  useReportWrite,
} from '@/components/notifications/notifications-provider';
import { PageHeader } from '@/components/page-header';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { ToneChip } from '@/components/status-chips';
import { EmailAddress } from '@/components/email-address';
import { ResponsiveTable, type Column } from '@/components/responsive-table/responsive-table';
import { RowAction } from '@/components/responsive-table/row-action';
import { useUser } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import {
  canCreateUsers,
  canDeleteUser,
  canManageUser,
  canResetPassword,
  canOpenUserManagement,
  roleChoices,
  roleLabel,
} from '@/lib/permissions';
import type { User } from '@/types/api';
import { useUsers } from '@/features/identity/users/api/get-users';
import { useDeleteUser } from '@/features/identity/users/api/delete-user';
import {
  useResetPassword,
  type AdminResetResponse,
} from '@/features/identity/users/api/reset-password';
import { useResetTwoFactor } from '@/features/identity/users/api/reset-two-factor';
import { useMailStatus, useResendInvitation } from '@/features/identity/users/api/invitations';
import { ResetRequests } from '@/features/identity/users/components/reset-requests';
import { TempPasswordDialog } from '@/features/identity/users/components/temp-password-dialog';
import { UserFormDialog } from '@/features/identity/users/components/user-form-dialog';
import { GuestsSection } from '@/features/identity/users/components/guests-section';

const roleTone = {
  admin: 'secondary',
  chair: 'primary',
  trustee: 'default',
  guest: 'info',
} as const;

const userColumns = (me: User): Column<User>[] => [
  {
    header: 'User',
    card: 'heading',
    minWidth: 200,
    cell: (u) => (
      <>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {u.name}
          {u.id === me.id && (
            <Typography component="span" variant="body2" color="text.secondary">
              {' '}
              (you)
            </Typography>
          )}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <EmailAddress email={u.email} />
        </Typography>
      </>
    ),
  },
  { header: 'Role', cell: (u) => <ToneChip label={roleLabel(u.role)} tone={roleTone[u.role]} /> },
  {
    header: 'Status',
    cell: (u) => (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        {u.active ? (
          <ToneChip label="Active" tone="success" />
        ) : (
          <Chip label="Inactive" variant="outlined" />
        )}
        {u.invitation &&
          (u.invitation.expired ? (
            <ToneChip label="Invitation expired" tone="error" />
          ) : (
            <ToneChip label="Invited" tone="warning" />
          ))}
        {u.mfaEnabled && (
          <Chip label="2FA" size="small" variant="outlined" aria-label="Two-factor sign-in on" />
        )}
      </Box>
    ),
  },
  { header: 'Created', nowrap: true, cell: (u) => formatDate(u.createdAt) },
];

function AccessDenied({ role }: { role: string }) {
  return (
    <>
      <PageHeader title="User Management" />
      <Card>
        <EmptyState
          icon={<BlockOutlined />}
          title="Access Denied"
          description={
            <>
              Only Admins and Chairs can access User Management.
              <br />
              Your current role: {roleLabel(role as User['role'])}
            </>
          }
        />
      </Card>
    </>
  );
}

function UserManagement({ me }: { me: User }) {
  const notify = useNotify();
  const report = useReportWrite();
  const { data: users, error, isLoading } = useUsers(true);
  const remove = useDeleteUser();
  const reset = useResetPassword();
  const resetTwoFactor = useResetTwoFactor();
  const resendInvitation = useResendInvitation();
  const { data: mailStatus } = useMailStatus(canCreateUsers(me));
  const [resettingTwoFactor, setResettingTwoFactor] = useState<User | null>(null);
  const [createOpen, setCreateOpen] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const [tempPassword, setTempPassword] = useState<AdminResetResponse | null>(null);
  const roles = roleChoices(me);
  // Guests are listed once, in their own section with their passes (spec §6 Guests).
  const members = users?.filter((u) => u.role !== 'guest');

  const resend = async (u: User) => {
    try {
      const message = await resendInvitation(u.id);
      notify({ title: 'Invitation sent', description: message });
    } catch (error) {
      notify(errorToast(error, 'Failed to send the invitation'));
    }
  };

  return (
    <>
      <PageHeader
        title="User Management"
        subtitle="Accounts, roles and access to the portal"
        actions={
          canCreateUsers(me) && (
            <Button
              variant="contained"
              startIcon={<PersonAddOutlined />}
              onClick={() => setCreateOpen(true)}
            >
              Add User
            </Button>
          )
        }
      />

      <ResetRequests
        users={users ?? []}
        canReset={(u) => canResetPassword(me, u)}
        onReset={(u) => setResetting(u)}
      />

      <Card>
        {isLoading ? (
          <LoadingBlock />
        ) : error ? (
          <Box sx={{ p: 2 }}>
            <ErrorBlock error={error} />
          </Box>
        ) : !members?.length ? (
          <EmptyState title="No users found" />
        ) : (
          <ResponsiveTable
            caption="Users"
            rows={members}
            rowKey={(u) => u.id}
            columns={userColumns(me)}
            actions={(u) => (
              <>
                {canManageUser(me, u) && (
                  <>
                    <RowAction
                      label="Edit"
                      accessibleLabel={`Edit ${u.name}`}
                      icon={<EditOutlined />}
                      onClick={() => setEditing(u)}
                    />
                    {canResetPassword(me, u) && (
                      <RowAction
                        label="Reset password"
                        accessibleLabel={`Reset password for ${u.name}`}
                        icon={<LockResetOutlined />}
                        onClick={() => setResetting(u)}
                      />
                    )}
                  </>
                )}
                {canCreateUsers(me) && u.invitation && (
                  <RowAction
                    label="Resend invitation"
                    accessibleLabel={`Resend the invitation to ${u.name}`}
                    icon={<ForwardToInboxOutlined />}
                    onClick={() => void resend(u)}
                  />
                )}
                {me.role === 'admin' && u.mfaEnabled && (
                  <RowAction
                    label="Reset two-factor"
                    accessibleLabel={`Reset two-factor sign-in for ${u.name}`}
                    icon={<PhonelinkLockOutlined />}
                    onClick={() => setResettingTwoFactor(u)}
                  />
                )}
                {canDeleteUser(me, u) && (
                  <RowAction
                    label="Delete"
                    accessibleLabel={`Delete ${u.name}`}
                    icon={<DeleteOutline />}
                    color="error"
                    onClick={() => setDeleting(u)}
                  />
                )}
              </>
            )}
          />
        )}
      </Card>

      <GuestsSection mailConfigured={mailStatus?.smtpConfigured} />

      {createOpen && (
        <UserFormDialog
          open
          roles={roles}
          mailConfigured={mailStatus?.smtpConfigured ?? false}
          onClose={() => setCreateOpen(false)}
        />
      )}
      {editing && (
        <UserFormDialog open user={editing} roles={roles} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={!!deleting}
        title="Delete User"
        message={`Are you sure you want to delete ${deleting?.name ?? ''}? This action cannot be undone.`}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await report(remove(deleting.id), 'User deleted successfully', () =>
            fixedErrorToast('Failed to delete user'),
          );
        }}
      />
      <ConfirmDialog
        open={!!resetting}
        title="Reset Password"
        message={`Reset the password of ${resetting?.name ?? ''}? A temporary password will be shown once, and they must change it at their next sign-in.`}
        confirmLabel="Reset Password"
        busyLabel="Resetting..."
        destructive={false}
        onClose={() => setResetting(null)}
        onConfirm={async () => {
          if (!resetting) return;
          try {
            const result = await reset(resetting.id);
            notify({
              title: 'Password Reset Successful',
              description: `A temporary password was created for ${result.userName}.`,
            });
            setTempPassword(result);
          } catch {
            notify(fixedErrorToast('Failed to reset password'));
          }
        }}
      />
      <ConfirmDialog
        open={!!resettingTwoFactor}
        title="Reset two-factor sign-in"
        message={`Turn off two-factor sign-in for ${resettingTwoFactor?.name ?? ''}? Do this when they have lost their phone and their recovery codes. They sign in with their password alone until they set it up again${resettingTwoFactor && resettingTwoFactor.role !== 'trustee' ? ', which the portal may ask of them at their next sign-in' : ''}.`}
        confirmLabel="Reset two-factor"
        busyLabel="Resetting..."
        onClose={() => setResettingTwoFactor(null)}
        onConfirm={async () => {
          if (!resettingTwoFactor) return;
          try {
            const { message } = await resetTwoFactor(resettingTwoFactor.id);
            notify({ title: 'Two-factor sign-in reset', description: message });
          } catch {
            notify(fixedErrorToast('Failed to reset two-factor sign-in'));
          }
        }}
      />
      <TempPasswordDialog result={tempPassword} onClose={() => setTempPassword(null)} />
    </>
  );
}

export function UsersPage() {
  const me = useUser();
  if (!canOpenUserManagement(me)) return <AccessDenied role={me.role} />;
  return <UserManagement me={me} />;
}
