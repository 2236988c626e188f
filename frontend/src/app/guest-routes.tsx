// A guest's routes (spec §6 Guests): only the pages their pass lets them open are registered, so any
// other path is the 404 page, never a page of refusals. Loaded only when a guest signs in: none of it is
// in the sign-in page's or a member's first load (docs/performance.md).
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { paths } from '@/config/paths';
import { FullPageMessage } from '@/app/routes/full-page-message';
// Static: the drawer on a phone renders the sidebar only when opened, and must not wait for it then.
import { GuestSidebar } from '@/app/shell/guest-sidebar';
import { useGuestPass, scopeOf } from '@/features/identity/guest-pass/api/get-guest-pass';

// The pages a guest shares with members keep their members' chunks.
const AppShell = lazy(() =>
  import(/* webpackChunkName: "shell" */ '@/app/shell/app-shell').then((m) => ({
    default: m.AppShell,
  })),
);
const MyAccessPage = lazy(() =>
  import(/* webpackChunkName: "guest" */ '@/app/routes/my-access-route').then((m) => ({
    default: m.MyAccessRoute,
  })),
);
const NotFoundPage = lazy(() =>
  import(/* webpackChunkName: "page-not-found" */ '@/app/routes/not-found').then((m) => ({
    default: m.NotFoundPage,
  })),
);
const CalendarPage = lazy(() =>
  import(
    /* webpackChunkName: "page-calendar" */ '@/features/meetings/calendar/components/calendar-page'
  ).then((m) => ({ default: m.CalendarPage })),
);
const MeetingPage = lazy(() =>
  import(/* webpackChunkName: "page-meeting" */ '@/app/routes/meeting-route').then((m) => ({
    default: m.GuestMeetingRoute,
  })),
);
const DocumentsPage = lazy(() =>
  import(
    /* webpackChunkName: "page-documents" */ '@/features/library/components/documents-page'
  ).then((m) => ({ default: m.DocumentsPage })),
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
const AuditedRegisterPage = lazy(() =>
  import(
    /* webpackChunkName: "page-audited-register" */ '@/features/governance/components/audited-register-page'
  ).then((m) => ({ default: m.AuditedRegisterPage })),
);
const AccountSecurityPage = lazy(() =>
  import(
    /* webpackChunkName: "page-account-security" */ '@/features/identity/account-security/components/account-security-page'
  ).then((m) => ({ default: m.AccountSecurityPage })),
);
const loadReader = () => import(/* webpackChunkName: "page-reader" */ '@/features/reader/routes');
const DocumentReaderPage = lazy(() =>
  loadReader().then((m) => ({ default: m.DocumentReaderRoute })),
);
const MinutesReaderPage = lazy(() => loadReader().then((m) => ({ default: m.MinutesReaderRoute })));
const PackReaderPage = lazy(() => loadReader().then((m) => ({ default: m.PackReaderRoute })));
const AgendaPaperReaderPage = lazy(() =>
  loadReader().then((m) => ({ default: m.AgendaPaperReaderRoute })),
);

export function GuestRoutes() {
  // The pass decides the routes: they wait for it (an error leaves "My access", which says it).
  const { data: pass, error } = useGuestPass();
  if (!pass && !error) return <FullPageMessage>Loading...</FullPageMessage>;
  const scope = scopeOf(pass);

  return (
    <Routes>
      <Route path={paths.login} element={<Navigate to={paths.dashboard} replace />} />
      <Route path={paths.changePassword} element={<Navigate to={paths.dashboard} replace />} />
      <Route path={paths.twoFactorSetup} element={<Navigate to={paths.dashboard} replace />} />
      <Route element={<AppShell sidebar={<GuestSidebar scope={scope} />} boardTools={false} />}>
        <Route index element={<MyAccessPage />} />
        {scope.meetings && (
          <>
            <Route path={paths.calendar} element={<CalendarPage />} />
            <Route path={paths.meeting} element={<MeetingPage />} />
            <Route path={paths.readPack} element={<PackReaderPage />} />
            <Route path={paths.readAgendaPaper} element={<AgendaPaperReaderPage />} />
          </>
        )}
        {scope.documents && (
          <>
            <Route path={paths.documents} element={<DocumentsPage />} />
            <Route path={paths.readDocument} element={<DocumentReaderPage />} />
          </>
        )}
        {scope.audit && (
          <>
            <Route path={paths.minutes} element={<MinutesPage />} />
            <Route path={paths.readMinutes} element={<MinutesReaderPage />} />
            <Route path={paths.decisions} element={<DecisionsPage />} />
            <Route path={paths.auditedRegister} element={<AuditedRegisterPage />} />
          </>
        )}
        <Route path={paths.accountSecurity} element={<AccountSecurityPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
