// Session routing of spec §2: signed out, every path is the sign-in page; a user who must change
// the password sees only that page, then an officer who must set up two-factor sign-in only the set-up
// page; otherwise the shell with its routes and a 404 (a guest's routes are their pass's: spec §6
// Guests). Signed in, the idle watcher runs throughout.
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, matchPath, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { warmPdfWorker } from '@/lib/pdf-worker';
import { tokenStore } from '@/lib/token-store';
import { FullPageMessage } from '@/app/routes/full-page-message';

// Signed-in only: kept out of the sign-in page's JavaScript, which has a budget (docs/performance.md).
const IdleWatcher = lazy(() =>
  import(/* webpackChunkName: "idle-watcher" */ '@/app/idle-watcher').then((m) => ({
    default: m.IdleWatcher,
  })),
);
const NotFoundPage = lazy(() =>
  import(/* webpackChunkName: "page-not-found" */ '@/app/routes/not-found').then((m) => ({
    default: m.NotFoundPage,
  })),
);

const LoginPage = lazy(() =>
  import(
    /* webpackChunkName: "page-login" */ '@/features/identity/sign-in/components/login-page'
  ).then((m) => ({ default: m.LoginPage })),
);
const ChangePasswordPage = lazy(() =>
  import(
    /* webpackChunkName: "page-change-password" */ '@/features/identity/passwords/components/change-password-page'
  ).then((m) => ({ default: m.ChangePasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import(
    /* webpackChunkName: "page-reset-password" */ '@/features/identity/passwords/components/reset-password-page'
  ).then((m) => ({ default: m.ResetPasswordPage })),
);
const UnsubscribePage = lazy(() =>
  import(
    /* webpackChunkName: "page-unsubscribe" */ '@/features/notifications/components/unsubscribe-page'
  ).then((m) => ({ default: m.UnsubscribePage })),
);
// Public, signed in or not (spec §16 Checking).
const VerifyPage = lazy(() =>
  import(/* webpackChunkName: "page-verify" */ '@/features/signing/components/verify-page').then(
    (m) => ({ default: m.VerifyPage }),
  ),
);
const AuditLogPage = lazy(() =>
  import(
    /* webpackChunkName: "page-audit-log" */ '@/features/audit/components/audit-log-page'
  ).then((m) => ({ default: m.AuditLogPage })),
);
const TwoFactorSetupPage = lazy(() =>
  import(
    /* webpackChunkName: "page-two-factor-setup" */ '@/features/identity/account-security/components/two-factor-setup-page'
  ).then((m) => ({ default: m.TwoFactorSetupPage })),
);
const AccountSecurityPage = lazy(() =>
  import(
    /* webpackChunkName: "page-account-security" */ '@/features/identity/account-security/components/account-security-page'
  ).then((m) => ({ default: m.AccountSecurityPage })),
);
const NotificationSettingsPage = lazy(() =>
  import(
    /* webpackChunkName: "page-notification-settings" */ '@/features/notifications/components/notification-settings-page'
  ).then((m) => ({ default: m.NotificationSettingsPage })),
);
const MailPage = lazy(() =>
  import(/* webpackChunkName: "page-mail" */ '@/features/notifications/components/mail-page').then(
    (m) => ({
      default: m.MailPage,
    }),
  ),
);
// A guest's own routes and pages (spec §6 Guests), loaded only when a guest signs in.
const GuestRoutes = lazy(() =>
  import(/* webpackChunkName: "guest" */ '@/app/guest-routes').then((m) => ({
    default: m.GuestRoutes,
  })),
);
const AppShell = lazy(() =>
  import(/* webpackChunkName: "shell" */ '@/app/shell/app-shell').then((m) => ({
    default: m.AppShell,
  })),
);
const DashboardPage = lazy(() =>
  import(
    /* webpackChunkName: "page-dashboard" */ '@/features/dashboard/components/dashboard-page'
  ).then((m) => ({ default: m.DashboardPage })),
);
const DocumentsPage = lazy(() =>
  import(
    /* webpackChunkName: "page-documents" */ '@/features/library/components/documents-page'
  ).then((m) => ({ default: m.DocumentsPage })),
);
const ActionsPage = lazy(() =>
  import(/* webpackChunkName: "page-actions" */ '@/features/actions/components/actions-page').then(
    (m) => ({ default: m.ActionsPage }),
  ),
);
const MinutesPage = lazy(() =>
  import(
    /* webpackChunkName: "page-minutes" */ '@/features/meetings/minutes/components/minutes-page'
  ).then((m) => ({ default: m.MinutesPage })),
);
const DecisionsPage = lazy(() =>
  import(
    /* webpackChunkName: "page-decisions" */ '@/features/meetings/decisions/components/decisions-page'
  ).then((m) => ({ default: m.DecisionsPage })),
);
const CalendarPage = lazy(() =>
  import(
    /* webpackChunkName: "page-calendar" */ '@/features/meetings/calendar/components/calendar-page'
  ).then((m) => ({ default: m.CalendarPage })),
);
const MeetingPage = lazy(() =>
  import(/* webpackChunkName: "page-meeting" */ '@/app/routes/meeting-route').then((m) => ({
    default: m.MeetingRoute,
  })),
);
const NoticesPage = lazy(() =>
  import(/* webpackChunkName: "page-notices" */ '@/features/notices/components/notices-page').then(
    (m) => ({ default: m.NoticesPage }),
  ),
);
const CommitteesPage = lazy(() =>
  import(
    /* webpackChunkName: "page-committees" */ '@/features/committees/components/committees-page'
  ).then((m) => ({ default: m.CommitteesPage })),
);
const UsersPage = lazy(() =>
  import(
    /* webpackChunkName: "page-users" */ '@/features/identity/users/components/users-page'
  ).then((m) => ({ default: m.UsersPage })),
);
const TrusteesPage = lazy(() =>
  import(
    /* webpackChunkName: "page-trustees" */ '@/features/identity/trustees/components/trustees-page'
  ).then((m) => ({ default: m.TrusteesPage })),
);

const GovernancePage = lazy(() =>
  import(/* webpackChunkName: "page-governance" */ '@/app/routes/governance-route').then((m) => ({
    default: m.GovernanceRoute,
  })),
);

const SearchPage = lazy(() =>
  import(/* webpackChunkName: "page-search" */ '@/features/search/components/search-page').then(
    (m) => ({ default: m.SearchPage }),
  ),
);

// The reader and pdf.js: one chunk, loaded only when a paper is opened in it.
const loadReader = () => import(/* webpackChunkName: "page-reader" */ '@/features/reader/routes');
const readerRoute = (
  name: 'DocumentReaderRoute' | 'MinutesReaderRoute' | 'PackReaderRoute' | 'AgendaPaperReaderRoute',
) => lazy(() => loadReader().then((m) => ({ default: m[name] })));

// A signed-in page opened directly on a reader route loads the reader's chunk and starts pdf.js's worker at once,
// alongside the shell, instead of after it (docs/spec.md §2 Pack reader: the first page in under 2 s).
const readerPaths = [paths.readDocument, paths.readMinutes, paths.readPack, paths.readAgendaPaper];
if (
  typeof window !== 'undefined' &&
  tokenStore.get() !== null &&
  readerPaths.some((path) => matchPath(path, window.location.pathname))
) {
  warmPdfWorker();
  loadReader()
    .then((m) => m.openAhead(window.location.pathname))
    .catch(() => undefined);
}
const DocumentReaderPage = readerRoute('DocumentReaderRoute');
const MinutesReaderPage = readerRoute('MinutesReaderRoute');
const PackReaderPage = readerRoute('PackReaderRoute');
const AgendaPaperReaderPage = readerRoute('AgendaPaperReaderRoute');

const loading = <FullPageMessage>Loading...</FullPageMessage>;

/** The idle watcher loads beside the page, never holding it up. */
const idleWatcher = (
  <Suspense fallback={null}>
    <IdleWatcher />
  </Suspense>
);

export function AppRoutes() {
  const { status, user } = useAuth();
  const location = useLocation();

  // The e-mailed links (reset, invitation, unsubscribe) and the public check of a signed file work whether or not this browser has a session.
  if (location.pathname === paths.resetPassword || location.pathname === paths.acceptInvitation) {
    return (
      <Suspense fallback={loading}>
        <ResetPasswordPage
          variant={location.pathname === paths.acceptInvitation ? 'invitation' : 'reset'}
        />
      </Suspense>
    );
  }
  if (location.pathname === paths.unsubscribe) {
    return (
      <Suspense fallback={loading}>
        <UnsubscribePage />
      </Suspense>
    );
  }

  if (location.pathname === paths.verify) {
    return (
      <Suspense fallback={loading}>
        <VerifyPage />
      </Suspense>
    );
  }

  if (status === 'loading') return loading;

  if (status === 'signed-out' || !user) {
    return (
      <Suspense fallback={loading}>
        <LoginPage />
      </Suspense>
    );
  }

  if (user.requirePasswordChange) {
    return (
      <Suspense fallback={loading}>
        {idleWatcher}
        <Routes>
          <Route path={paths.changePassword} element={<ChangePasswordPage />} />
          <Route path="*" element={<Navigate to={paths.changePassword} replace />} />
        </Routes>
      </Suspense>
    );
  }

  if (user.mfaEnrolmentRequired) {
    return (
      <Suspense fallback={loading}>
        {idleWatcher}
        <Routes>
          <Route path={paths.twoFactorSetup} element={<TwoFactorSetupPage />} />
          <Route path="*" element={<Navigate to={paths.twoFactorSetup} replace />} />
        </Routes>
      </Suspense>
    );
  }

  // A guest has only what their pass opens (spec §6 Guests). The role is compared here rather than with
  // lib/permissions, which would join the sign-in page's JavaScript.
  if (user.role === 'guest') {
    return (
      <Suspense fallback={loading}>
        {idleWatcher}
        <GuestRoutes />
      </Suspense>
    );
  }

  return (
    <Suspense fallback={loading}>
      {idleWatcher}
      <Routes>
        <Route path={paths.login} element={<Navigate to={paths.dashboard} replace />} />
        <Route path={paths.changePassword} element={<Navigate to={paths.dashboard} replace />} />
        <Route path={paths.twoFactorSetup} element={<Navigate to={paths.dashboard} replace />} />
        <Route element={<AppShell />}>
          <Route index element={<DashboardPage />} />
          <Route path={paths.documents} element={<DocumentsPage />} />
          <Route path={paths.actions} element={<ActionsPage />} />
          <Route path={paths.committees} element={<CommitteesPage />} />
          <Route path={paths.users} element={<UsersPage />} />
          <Route path={paths.mail} element={<MailPage />} />
          <Route path={paths.auditLog} element={<AuditLogPage />} />
          <Route path={paths.trustees} element={<TrusteesPage />} />
          <Route path={paths.minutes} element={<MinutesPage />} />
          <Route path={paths.decisions} element={<DecisionsPage />} />
          <Route path={paths.calendar} element={<CalendarPage />} />
          <Route path={paths.meeting} element={<MeetingPage />} />
          <Route path={paths.readDocument} element={<DocumentReaderPage />} />
          <Route path={paths.readMinutes} element={<MinutesReaderPage />} />
          <Route path={paths.readPack} element={<PackReaderPage />} />
          <Route path={paths.readAgendaPaper} element={<AgendaPaperReaderPage />} />
          <Route path={paths.notices} element={<NoticesPage />} />
          <Route path={paths.governance} element={<GovernancePage />} />
          <Route path={paths.search} element={<SearchPage />} />
          <Route path={paths.accountSecurity} element={<AccountSecurityPage />} />
          <Route path={paths.notificationSettings} element={<NotificationSettingsPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
