// Account security (spec §2): change your password, two-factor sign-in, your sessions, and for admins
// the portal's two-factor rule.
import { useId, useRef, useState } from 'react';
import { Form, Formik, type FormikHelpers } from 'formik';
import * as yup from 'yup';
import { useSWRConfig } from 'swr';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormDialog } from '@/components/form/form-dialog';
import { FormStatusAlert } from '@/components/form/form-status-alert';
import { FormTextField } from '@/components/form/form-text-field';
import { showServerErrors } from '@/components/form/server-errors';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { PageHeader } from '@/components/page-header';
import { SectionCard } from '@/components/section-card';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { ToneChip } from '@/components/status-chips';
import { ME_KEY, useUser } from '@/lib/auth';
import { formatDateTime, plural } from '@/lib/format';
import { isGuest } from '@/lib/permissions';
import type { AuthSession, SecuritySettings, User } from '@/types/api';
import { changeOwnPassword } from '@/features/identity/passwords/api/change-password';
import {
  saveSecuritySettings,
  useSecuritySettings,
} from '@/features/identity/account-security/api/security-settings';
import {
  sessionsPath,
  signOutOtherSessions,
  signOutSession,
  useSessions,
} from '@/features/identity/account-security/api/sessions';
import {
  disableTwoFactor,
  newRecoveryCodes,
} from '@/features/identity/account-security/api/two-factor';
import { PasswordStrengthMeter } from '@/features/identity/passwords/components/password-strength-meter';
import { RecoveryCodesPanel } from '@/features/identity/account-security/components/recovery-codes-panel';
import { TwoFactorEnrolment } from '@/features/identity/account-security/components/two-factor-enrolment';
import { SignInLinksSection } from '@/features/identity/account-security/components/sign-in-links-section';
import { SingleSignOnSettings } from '@/features/identity/account-security/components/single-sign-on-settings';
import { useSsoInfo } from '@/features/identity/account-security/api/sign-in-links';
import { normaliseCode, totpCodeRule } from '@/features/identity/account-security/lib/codes';
import {
  confirmPasswordRule,
  newPasswordRule,
  passwordHint,
} from '@/features/identity/passwords/lib/password-rules';

type PasswordValues = { currentPassword: string; newPassword: string; confirmPassword: string };

const passwordSchema = yup.object({
  currentPassword: yup.string().required('Enter your current password'),
  newPassword: newPasswordRule(),
  confirmPassword: confirmPasswordRule(),
});

function ChangePasswordSection({ user }: { user: User }) {
  const notify = useNotify();
  const { mutate } = useSWRConfig();
  const formRef = useRef<HTMLFormElement>(null);
  const meterId = useId();

  const submit = async (values: PasswordValues, helpers: FormikHelpers<PasswordValues>) => {
    helpers.setStatus(undefined);
    try {
      const session = await changeOwnPassword({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      notify({
        title: session.message || 'Password changed',
        description: 'You stay signed in here. Your other sessions have been signed out.',
        severity: 'success',
      });
      helpers.resetForm();
      void mutate(sessionsPath);
    } catch (error) {
      if (!showServerErrors(error, helpers, formRef.current, Object.keys(values))) {
        notify(errorToast(error, 'Failed to change password'));
      }
    }
  };

  return (
    <SectionCard title="Change password">
      <Formik<PasswordValues>
        initialValues={{ currentPassword: '', newPassword: '', confirmPassword: '' }}
        validationSchema={passwordSchema}
        onSubmit={submit}
      >
        {({ isSubmitting, values }) => (
          <Form noValidate ref={formRef}>
            <FormStatusAlert />
            <Box sx={{ display: 'grid', gap: 2, maxWidth: 480 }}>
              {/* Lets password managers tie the new password to this account. */}
              <input
                type="text"
                name="username"
                autoComplete="username"
                value={user.email}
                readOnly
                hidden
              />
              <FormTextField
                name="currentPassword"
                label="Current password"
                type="password"
                autoComplete="current-password"
                required
              />
              <FormTextField
                name="newPassword"
                label="New password"
                type="password"
                autoComplete="new-password"
                required
                helperText={passwordHint}
                describedBy={meterId}
              />
              <PasswordStrengthMeter
                id={meterId}
                password={values.newPassword}
                userInputs={[user.name, user.email]}
              />
              <FormTextField
                name="confirmPassword"
                label="Confirm new password"
                type="password"
                autoComplete="new-password"
                required
              />
              <Typography variant="body2" color="text.secondary">
                Changing your password signs you out everywhere else. You stay signed in here.
              </Typography>
              <Box>
                <Button type="submit" variant="contained" disabled={isSubmitting}>
                  {isSubmitting ? 'Changing password...' : 'Change password'}
                </Button>
              </Box>
            </Box>
          </Form>
        )}
      </Formik>
    </SectionCard>
  );
}

/** A dialog that asks for a code from the app before a change to two-factor sign-in. */
function CodeDialog({
  title,
  description,
  submitLabel,
  onSubmit,
  onClose,
}: {
  title: string;
  description: string;
  submitLabel: string;
  onSubmit: (code: string) => Promise<void>;
  onClose: () => void;
}) {
  return (
    <FormDialog
      open
      title={title}
      description={description}
      initialValues={{ code: '' }}
      validationSchema={yup.object({ code: totpCodeRule() })}
      submitLabel={submitLabel}
      busyLabel="Checking..."
      onSubmit={(values) => onSubmit(normaliseCode(values.code))}
      onClose={onClose}
    >
      <FormTextField
        name="code"
        label="6-digit code"
        autoComplete="one-time-code"
        autoFocus
        inputProps={{ inputMode: 'numeric', pattern: '[0-9 ]*', maxLength: 7 }}
      />
    </FormDialog>
  );
}

type TwoFactorView = 'status' | 'enrolling' | { codes: string[] };

function TwoFactorSection({ user }: { user: User }) {
  const notify = useNotify();
  const { mutate } = useSWRConfig();
  const [view, setView] = useState<TwoFactorView>('status');
  const [dialog, setDialog] = useState<'codes' | 'off' | null>(null);

  return (
    <SectionCard title="Two-factor sign-in">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography>Status:</Typography>
        {user.mfaEnabled ? (
          <ToneChip label="On" tone="success" />
        ) : (
          <ToneChip label="Off" tone="default" />
        )}
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {user.mfaEnabled
          ? 'When you sign in, the portal asks for a code from the authenticator app on your phone as well as your password.'
          : 'Protect your account with a code from an app on your phone as well as your password. Even someone who learns your password cannot sign in without your phone.'}
      </Typography>

      {typeof view === 'object' ? (
        <RecoveryCodesPanel
          codes={view.codes}
          email={user.email}
          onDone={() => setView('status')}
        />
      ) : view === 'enrolling' ? (
        <TwoFactorEnrolment
          onCancel={() => setView('status')}
          onEnabled={(codes) => {
            setView({ codes });
            notify({ title: 'Two-factor sign-in is on', severity: 'success' });
            void mutate(ME_KEY);
          }}
        />
      ) : user.mfaEnabled ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outlined" onClick={() => setDialog('codes')}>
            New recovery codes
          </Button>
          <Button variant="outlined" color="error" onClick={() => setDialog('off')}>
            Turn off
          </Button>
        </Box>
      ) : (
        <Button variant="contained" onClick={() => setView('enrolling')}>
          Set up two-factor sign-in
        </Button>
      )}

      {dialog === 'codes' && (
        <CodeDialog
          title="New recovery codes"
          description="Enter the code your authenticator app shows now. Your old recovery codes stop working."
          submitLabel="Make new codes"
          onClose={() => setDialog(null)}
          onSubmit={async (code) => {
            try {
              const { recoveryCodes } = await newRecoveryCodes(code);
              setDialog(null);
              setView({ codes: recoveryCodes });
            } catch (error) {
              notify(errorToast(error, 'Failed to make new recovery codes'));
              throw error;
            }
          }}
        />
      )}
      {dialog === 'off' && (
        <CodeDialog
          title="Turn off two-factor sign-in"
          description="Enter the code your authenticator app shows now. You will then sign in with your password only."
          submitLabel="Turn off"
          onClose={() => setDialog(null)}
          onSubmit={async (code) => {
            try {
              const { message } = await disableTwoFactor(code);
              setDialog(null);
              notify({ title: message || 'Two-factor sign-in is off.', severity: 'success' });
              await mutate(ME_KEY);
            } catch (error) {
              notify(errorToast(error, 'Failed to turn off two-factor sign-in'));
              throw error;
            }
          }}
        />
      )}
    </SectionCard>
  );
}

function SessionRow({ session, onSignOut }: { session: AuthSession; onSignOut: () => void }) {
  return (
    <Box
      component="li"
      data-session-id={session.id}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1,
        py: 1.5,
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{session.device}</Typography>
          {session.current && <ToneChip label="This device" tone="primary" />}
        </Box>
        <Typography variant="body2" color="text.secondary">
          Signed in {formatDateTime(session.signedInAt)} · Last active{' '}
          {formatDateTime(session.lastActiveAt)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          Address {session.address}
        </Typography>
      </Box>
      {!session.current && (
        <Button
          variant="outlined"
          size="small"
          onClick={onSignOut}
          aria-label={`Sign out ${session.device}, signed in ${formatDateTime(session.signedInAt)}`}
        >
          Sign out
        </Button>
      )}
    </Box>
  );
}

function SessionsSection() {
  const notify = useNotify();
  const { data: sessions, error, isLoading, mutate } = useSessions();
  const [confirmOthers, setConfirmOthers] = useState(false);
  const others = sessions?.filter((s) => !s.current).length ?? 0;

  const signOutOne = async (session: AuthSession) => {
    try {
      const { message } = await signOutSession(session.id);
      notify({ title: message || 'Session signed out', description: session.device });
    } catch (error) {
      notify(errorToast(error, 'Failed to sign out the session'));
    }
    await mutate();
  };

  return (
    <SectionCard title="Where you are signed in">
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        If you see a device you do not recognise, sign it out and change your password.
      </Typography>
      {isLoading ? (
        <LoadingBlock />
      ) : error ? (
        <ErrorBlock error={error} />
      ) : (
        <>
          <Box
            component="ul"
            aria-label="Sessions"
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              '& > li + li': { borderTop: 1, borderColor: 'divider' },
            }}
          >
            {sessions?.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                onSignOut={() => void signOutOne(session)}
              />
            ))}
          </Box>
          <Divider sx={{ my: 2 }} />
          <Button
            variant="outlined"
            color="error"
            disabled={others === 0}
            onClick={() => setConfirmOthers(true)}
          >
            Sign out all other sessions
          </Button>
        </>
      )}
      <ConfirmDialog
        open={confirmOthers}
        title="Sign out all other sessions"
        message={`Sign out ${plural(others, 'other session', 'other sessions')}? You stay signed in on this device.`}
        confirmLabel="Sign out others"
        busyLabel="Signing out..."
        onClose={() => setConfirmOthers(false)}
        onConfirm={async () => {
          try {
            const result = await signOutOtherSessions();
            notify({
              title: result.message || 'Other sessions signed out',
              description: `${plural(result.count, 'session', 'sessions')} signed out.`,
            });
          } catch (error) {
            notify(errorToast(error, 'Failed to sign out other sessions'));
          }
          await mutate();
        }}
      />
    </SectionCard>
  );
}

function PortalSettingsSection() {
  const notify = useNotify();
  const { mutate: mutateGlobal } = useSWRConfig();
  const { data, error, isLoading, mutate } = useSecuritySettings(true);
  const { data: sso } = useSsoInfo();
  const [saving, setSaving] = useState(false);
  const helpId = useId();

  const save = async (changes: Partial<SecuritySettings>) => {
    if (!data) return;
    setSaving(true);
    try {
      const saved = await saveSecuritySettings({ ...data, ...changes });
      await mutate(saved, { revalidate: false });
      notify({ title: 'Security settings saved', severity: 'success' });
      // Turning the rule on may mean this admin must now set up two-factor sign-in.
      void mutateGlobal(ME_KEY);
    } catch (failure) {
      notify(errorToast(failure, 'Failed to save security settings'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <SectionCard title="Portal security (admins)">
      {isLoading ? (
        <LoadingBlock />
      ) : error ? (
        <ErrorBlock error={error} />
      ) : (
        <>
          <FormControlLabel
            control={
              <Switch
                checked={!!data?.requireMfaForOfficers}
                disabled={saving}
                onChange={(event) => void save({ requireMfaForOfficers: event.target.checked })}
                slotProps={{ input: { 'aria-describedby': helpId } }}
              />
            }
            label="Require two-factor sign-in for admins and chairs"
          />
          <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Admins and chairs without two-factor sign-in must set it up at their next sign-in before
            they can use the portal. Trustees can still choose it for themselves.
          </Typography>
          {sso?.enabled && data && (
            <SingleSignOnSettings settings={data} saving={saving} onSave={save} />
          )}
        </>
      )}
    </SectionCard>
  );
}

export function AccountSecurityPage() {
  const user = useUser();
  // A guest changes their password and sees their sessions; the rest is the board's (spec §6 Guests).
  const guest = isGuest(user);
  return (
    <>
      <PageHeader
        title="Account security"
        subtitle={
          guest
            ? 'Your password and where you are signed in'
            : 'Your password, two-factor sign-in and where you are signed in'
        }
      />
      <Box sx={{ display: 'grid', gap: 3, maxWidth: 880 }}>
        <ChangePasswordSection user={user} />
        {!guest && <TwoFactorSection user={user} />}
        {!guest && <SignInLinksSection />}
        <SessionsSection />
        {user.role === 'admin' && <PortalSettingsSection />}
      </Box>
    </>
  );
}
