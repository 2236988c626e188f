// MSW handlers over the in-memory store, typed with the wire types generated from the server's OpenAPI
// document, answering the server's own texts (server-messages.ts).
import { http, HttpResponse, type DefaultBodyType, type StrictRequest } from 'msw';
import type {
  AuditEventPage,
  SecuritySettings,
  SsoInfo,
  SsoLink,
  Committee,
  DirectoryEntry,
  ErrorBody,
  MessageResponse,
  Notice,
} from '@/types/api';
import {
  MFA_SECRET,
  VALID_TOTP_CODE,
  db,
  isoDaysFromNow,
  nextId,
  publicUser,
  tokenFor,
  type StoredMessage,
  type StoredUser,
} from '@/testing/mocks/db';
import { serverMessages } from '@/testing/mocks/server-messages';
import { attendanceFixture } from '@/testing/mocks/attendance-sheet';
import { notesHandlers } from '@/testing/mocks/notes';
import { searchHandlers } from '@/testing/mocks/search';
import { evaluationHandlers } from '@/testing/mocks/evaluations';
import { skillsHandlers, strongSkillsOf } from '@/testing/mocks/skills';
import { signingHandlers } from '@/testing/mocks/signing';
import { guestHandlers } from '@/testing/mocks/guests';
import {
  meetingReading,
  readingSummary,
  recordPages,
  type PageShownEntry,
} from '@/testing/mocks/reading-records';

const now = () => new Date().toISOString();
const fail = (status: number, message: string) =>
  HttpResponse.json<ErrorBody>({ message }, { status });

const bearer = (request: StrictRequest<DefaultBodyType> | Request): string =>
  (request.headers.get('Authorization') ?? '').replace(/^Bearer /, '');

/** The user of the request's session; null when the token is no session (never was, or revoked). */
function caller(request: StrictRequest<DefaultBodyType> | Request): StoredUser | null {
  const session = db.sessions.find((x) => x.token === bearer(request));
  if (!session) return null;
  return db.users.find((u) => u.id === session.userId && u.active) ?? null;
}

/** The calls a user who must set up two-factor sign-in may still make (spec §13). */
const openBeforeEnrolment = [
  '/api/auth/me',
  '/api/auth/logout',
  '/api/auth/sessions',
  '/api/auth/mfa/setup',
  '/api/auth/mfa/enable',
  '/api/auth/reauthenticate',
];

/** The request's session has not confirmed the password in the last 5 minutes. */
const unconfirmed = (request: Request) =>
  db.sessions.find((x) => x.token === bearer(request))?.unconfirmed === true;

const IDLE_MINUTES = 60;

/** A Session answer: the user's session for `token`, created when it is new. */
function sessionAnswer(u: StoredUser, token: string, message?: string) {
  if (!db.sessions.some((x) => x.token === token)) {
    db.sessions.unshift({
      id: nextId(),
      userId: u.id,
      token,
      device: 'Chrome on Linux',
      address: '203.0.113.5',
      signedInAt: now(),
      lastActiveAt: now(),
    });
  }
  return HttpResponse.json({
    token,
    user: publicUser(u),
    idleMinutes: IDLE_MINUTES,
    ...(message ? { message } : {}),
  });
}

const newRecoveryCodes = (): string[] =>
  Array.from({ length: 10 }, (_, i) => `abcde-${String(nextId() * 10 + i).padStart(5, '0')}`);

/** The chat streams open in a test: a posted message is sent down each of its committee's. */
let openStreams: { committeeId: number; send: (m: StoredMessage) => void }[] = [];

/** Sends a message down the open streams of its committee, as the server does for every new message. */
export const announceMessage = (message: StoredMessage): void =>
  openStreams.filter((s) => s.committeeId === message.committeeId).forEach((s) => s.send(message));

/** The rules the server checks for a new password, with its field messages. */
function newPasswordError(u: StoredUser, password: string): string | null {
  if (password.length < 8) return serverMessages.passwordTooShort;
  if (new TextEncoder().encode(password).length > 72) return serverMessages.passwordTooLong;
  if (['password', 'password1', 'password123', '12345678'].includes(password.toLowerCase()))
    return serverMessages.passwordTooCommon;
  const lower = password.toLowerCase();
  if (
    lower.includes(u.email.split('@')[0].toLowerCase()) ||
    u.name
      .toLowerCase()
      .split(/\s+/)
      .some((part) => part.length > 2 && lower.includes(part))
  )
    return serverMessages.passwordHasName;
  return null;
}

const fieldError = (field: string, message: string) =>
  HttpResponse.json<ErrorBody>(
    { message: 'Validation failed', errors: { [field]: message } },
    { status: 400 },
  );

type Handler = Parameters<typeof http.get>[1];

/** Wraps a handler so it answers 401 without a valid bearer token. */
const authed =
  (fn: (args: Parameters<Handler>[0], me: StoredUser) => ReturnType<Handler>): Handler =>
  (args) => {
    const me = caller(args.request);
    if (!me) return fail(401, serverMessages.authenticationRequired);
    const path = new URL(args.request.url).pathname;
    if (
      me.mfaEnrolmentRequired &&
      !openBeforeEnrolment.some((open) => path === open || path.startsWith(`${open}/`))
    )
      return fail(403, serverMessages.enrolmentRequired);
    return fn(args, me);
  };

const isAdminOrChair = (u: StoredUser) => u.role === 'admin' || u.role === 'chair';
const noticeExpired = (n: Notice) => !!n.expiresAt && new Date(n.expiresAt) < new Date();

function committeeView(id: number, me: StoredUser): Committee | null {
  const c = db.committees.find((x) => x.id === id);
  if (!c) return null;
  const members = db.members.filter((m) => m.committeeId === id);
  return {
    ...c,
    memberCount: members.length,
    role: members.find((m) => m.userId === me.id)?.role ?? null,
  };
}

export const handlers = [
  // First: a guest is refused whatever the server does not serve guests (spec §6 Guests).
  ...guestHandlers,
  ...notesHandlers,
  ...searchHandlers,
  ...evaluationHandlers,
  ...skillsHandlers,
  ...signingHandlers,
  http.post('/api/auth/login', async ({ request }) => {
    const body = (await request.json()) as { email: string; password: string };
    const u = db.users.find((x) => x.email === body.email && x.password === body.password);
    if (!u) return fail(401, serverMessages.invalidCredentials);
    if (u.mfaEnabled) return HttpResponse.json({ mfaRequired: true, mfaToken: `mfa-${u.id}` });
    return sessionAnswer(u, tokenFor(u.id));
  }),
  http.post('/api/auth/mfa/verify', async ({ request }) => {
    const { mfaToken, code } = (await request.json()) as { mfaToken: string; code: string };
    const u = db.users.find((x) => `mfa-${x.id}` === mfaToken && x.mfaEnabled);
    if (!u) return fail(401, serverMessages.mfaTokenExpired);
    const codes = u.recoveryCodes ?? [];
    if (code === VALID_TOTP_CODE) return sessionAnswer(u, tokenFor(u.id));
    if (codes.includes(code)) {
      u.recoveryCodes = codes.filter((c) => c !== code);
      return sessionAnswer(u, tokenFor(u.id));
    }
    return fieldError('code', serverMessages.wrongCode);
  }),
  http.get(
    '/api/auth/me',
    authed((_, me) => HttpResponse.json(publicUser(me))),
  ),
  http.post(
    '/api/auth/logout',
    authed(({ request }) => {
      const token = bearer(request);
      db.sessions = db.sessions.filter((x) => x.token !== token);
      return HttpResponse.json<MessageResponse>({ message: serverMessages.signedOut });
    }),
  ),
  http.post('/api/auth/forgot-password', async ({ request }) => {
    const { email } = (await request.json()) as { email: string };
    const u = db.users.find((x) => x.email === email);
    db.resetRequests.push({
      id: nextId(),
      email,
      userId: u?.id ?? null,
      userName: u?.name ?? null,
      requestedAt: now(),
    });
    return HttpResponse.json<MessageResponse>({ message: serverMessages.forgotPassword });
  }),
  http.post(
    '/api/auth/change-password-temp',
    authed(async ({ request }, me) => {
      const { newPassword } = (await request.json()) as { newPassword: string };
      const refused =
        newPasswordError(me, newPassword) ??
        (newPassword === me.password ? serverMessages.passwordSameAsTemporary : null);
      if (refused) return fieldError('newPassword', refused);
      me.password = newPassword;
      me.requirePasswordChange = false;
      return sessionAnswer(me, tokenFor(me.id), serverMessages.passwordChanged);
    }),
  ),
  http.post(
    '/api/auth/change-password',
    authed(async ({ request }, me) => {
      const body = (await request.json()) as { currentPassword: string; newPassword: string };
      if (body.currentPassword !== me.password)
        return fieldError('currentPassword', serverMessages.currentPasswordIncorrect);
      const refused =
        newPasswordError(me, body.newPassword) ??
        (body.newPassword === me.password ? serverMessages.passwordUnchanged : null);
      if (refused) return fieldError('newPassword', refused);
      me.password = body.newPassword;
      // Every other session ends; this one continues under a fresh token.
      const token = bearer(request);
      db.sessions = db.sessions.filter((x) => x.userId !== me.id || x.token === token);
      const fresh = `${tokenFor(me.id)}-${nextId()}`;
      db.sessions.find((x) => x.token === token)!.token = fresh;
      return sessionAnswer(me, fresh, serverMessages.passwordChanged);
    }),
  ),
  http.post(
    '/api/auth/mfa/setup',
    authed(({ request }, me) => {
      if (me.mfaEnabled) return fail(409, serverMessages.mfaAlreadyOn);
      if (unconfirmed(request)) return fail(403, serverMessages.confirmItIsYou);
      me.pendingSecret = MFA_SECRET;
      return HttpResponse.json({
        secret: MFA_SECRET,
        otpauthUrl: `otpauth://totp/Trustee%20Portal:${encodeURIComponent(me.email)}?secret=${MFA_SECRET}&issuer=Trustee%20Portal`,
      });
    }),
  ),
  http.post(
    '/api/auth/mfa/enable',
    authed(async ({ request }, me) => {
      const { code } = (await request.json()) as { code: string };
      if (unconfirmed(request)) return fail(403, serverMessages.confirmItIsYou);
      if (!me.pendingSecret) return fail(409, serverMessages.mfaSetupFirst);
      if (code !== VALID_TOTP_CODE) return fieldError('code', serverMessages.wrongCode);
      me.pendingSecret = undefined;
      me.mfaEnabled = true;
      me.mfaEnrolmentRequired = false;
      me.recoveryCodes = newRecoveryCodes();
      return HttpResponse.json({ recoveryCodes: me.recoveryCodes });
    }),
  ),
  http.post(
    '/api/auth/reauthenticate',
    authed(async ({ request }, me) => {
      const { password } = (await request.json()) as { password?: string };
      if (!password) return fieldError('password', serverMessages.passwordRequired);
      if (password !== me.password)
        return fieldError('password', serverMessages.currentPasswordIncorrect);
      const session = db.sessions.find((x) => x.token === bearer(request));
      if (session) session.unconfirmed = false;
      return HttpResponse.json<MessageResponse>({ message: serverMessages.confirmed });
    }),
  ),
  http.post(
    '/api/auth/mfa/recovery-codes',
    authed(async ({ request }, me) => {
      const { code } = (await request.json()) as { code: string };
      if (code !== VALID_TOTP_CODE) return fieldError('code', serverMessages.wrongCode);
      me.recoveryCodes = newRecoveryCodes();
      return HttpResponse.json({ recoveryCodes: me.recoveryCodes });
    }),
  ),
  http.post(
    '/api/auth/mfa/disable',
    authed(async ({ request }, me) => {
      const { code } = (await request.json()) as { code: string };
      if (code !== VALID_TOTP_CODE) return fieldError('code', serverMessages.wrongCode);
      if (db.securitySettings.requireMfaForOfficers && isAdminOrChair(me))
        return fail(403, serverMessages.mfaRequiredForRole);
      me.mfaEnabled = false;
      me.recoveryCodes = undefined;
      return HttpResponse.json<MessageResponse>({ message: serverMessages.mfaOff });
    }),
  ),
  http.get(
    '/api/auth/sessions',
    authed(({ request }, me) => {
      const token = bearer(request);
      return HttpResponse.json(
        db.sessions
          .filter((x) => x.userId === me.id)
          .sort((a, b) => b.signedInAt.localeCompare(a.signedInAt))
          .map(({ token: t, userId: _u, ...rest }) => ({ ...rest, current: t === token })),
      );
    }),
  ),
  http.delete(
    '/api/auth/sessions/:id',
    authed(({ params }, me) => {
      const found = db.sessions.find((x) => x.id === Number(params.id) && x.userId === me.id);
      if (!found) return fail(404, serverMessages.sessionNotFound);
      db.sessions = db.sessions.filter((x) => x !== found);
      return HttpResponse.json<MessageResponse>({ message: serverMessages.sessionSignedOut });
    }),
  ),
  http.post(
    '/api/auth/sessions/sign-out-others',
    authed(({ request }, me) => {
      const token = bearer(request);
      const before = db.sessions.length;
      db.sessions = db.sessions.filter((x) => x.userId !== me.id || x.token === token);
      return HttpResponse.json({
        message: serverMessages.otherSessionsSignedOut,
        count: before - db.sessions.length,
      });
    }),
  ),
  // Single sign-on is not set up in the mock portal unless a test says so (server.use).
  http.get('/api/auth/sso', () =>
    HttpResponse.json<SsoInfo>({ enabled: false, label: null, passwordSignIn: true }),
  ),
  http.get(
    '/api/auth/sso/links',
    authed(() => HttpResponse.json<SsoLink[]>([])),
  ),
  http.get(
    '/api/security/settings',
    authed((_, me) =>
      me.role === 'admin'
        ? HttpResponse.json(db.securitySettings)
        : fail(403, serverMessages.usersForbidden),
    ),
  ),
  http.put(
    '/api/security/settings',
    authed(async ({ request }, me) => {
      if (me.role !== 'admin') return fail(403, serverMessages.usersForbidden);
      db.securitySettings = (await request.json()) as SecuritySettings;
      for (const u of db.users)
        u.mfaEnrolmentRequired =
          db.securitySettings.requireMfaForOfficers && isAdminOrChair(u) && !u.mfaEnabled;
      return HttpResponse.json(db.securitySettings);
    }),
  ),
  http.post(
    '/api/users/:id/mfa-reset',
    authed(({ params }, me) => {
      if (me.role !== 'admin') return fail(403, serverMessages.usersForbidden);
      const u = db.users.find((x) => x.id === Number(params.id));
      if (!u) return fail(404, serverMessages.userNotFound);
      u.mfaEnabled = false;
      u.recoveryCodes = undefined;
      u.mfaEnrolmentRequired = db.securitySettings.requireMfaForOfficers && isAdminOrChair(u);
      return HttpResponse.json<MessageResponse>({ message: serverMessages.mfaReset });
    }),
  ),
  http.get(
    '/api/auth/reset-requests',
    authed((_, me) =>
      isAdminOrChair(me)
        ? HttpResponse.json(db.resetRequests)
        : fail(403, serverMessages.resetRequestsForbidden),
    ),
  ),
  http.post(
    '/api/auth/admin-reset-password',
    authed(async ({ request }) => {
      const { userId } = (await request.json()) as { userId: number };
      const u = db.users.find((x) => x.id === userId);
      if (!u) return fail(404, serverMessages.userNotFound);
      u.requirePasswordChange = true;
      db.resetRequests = db.resetRequests.filter((r) => r.userId !== userId);
      return HttpResponse.json({ userName: u.name, tempPassword: 'Temp-Pass-1234' });
    }),
  ),

  http.get(
    '/api/users',
    authed((_, me) =>
      isAdminOrChair(me)
        ? HttpResponse.json(db.users.map(publicUser))
        : fail(403, serverMessages.usersForbidden),
    ),
  ),
  http.post(
    '/api/users',
    authed(async ({ request }) => {
      const { invite, temporaryPassword, ...body } = (await request.json()) as StoredUser & {
        invite?: boolean;
        temporaryPassword?: boolean;
      };
      if (db.users.some((u) => u.email === body.email))
        return fail(409, serverMessages.duplicateEmail);
      const u: StoredUser = {
        ...body,
        id: nextId(),
        active: true,
        phone: body.phone ?? null,
        createdAt: now(),
        requirePasswordChange: !invite && !!temporaryPassword,
        mfaEnabled: false,
        mfaEnrolmentRequired: false,
        password: invite ? '!invited' : body.password,
        invitation: invite ? { expiresAt: isoDaysFromNow(7), expired: false } : null,
        accessEndsAt: null,
      };
      db.users.push(u);
      if (invite) db.invitationsSent.push(u.id);
      return HttpResponse.json(publicUser(u), { status: 201 });
    }),
  ),
  http.post(
    '/api/users/:id/invitation',
    authed(({ params }, me) => {
      // Admins resend anyone's invitation, chairs a guest's (spec §6 Guests).
      if (me.role !== 'admin' && me.role !== 'chair')
        return fail(403, serverMessages.invitationForbidden);
      const u = db.users.find((x) => x.id === Number(params.id));
      if (!u) return fail(404, serverMessages.userNotFound);
      const guest = u.role === 'guest';
      if (me.role !== 'admin' && !guest) return fail(403, serverMessages.invitationForbidden);
      if (!u.invitation && !guest) return fail(409, serverMessages.alreadyHasPassword);
      u.invitation = { expiresAt: isoDaysFromNow(7), expired: false };
      db.invitationsSent.push(u.id);
      return HttpResponse.json<MessageResponse>(
        { message: `A new invitation to ${u.email} is queued.` },
        { status: 202 },
      );
    }),
  ),
  http.get(
    '/api/mail/status',
    authed((_, me) =>
      me.role === 'admin'
        ? HttpResponse.json({ smtpConfigured: db.smtpConfigured })
        : fail(403, serverMessages.mailForbidden),
    ),
  ),
  http.put(
    '/api/users/:id',
    authed(async ({ request, params }, me) => {
      const u = db.users.find((x) => x.id === Number(params.id));
      if (!u) return fail(404, serverMessages.userNotFound);
      const changes = (await request.json()) as { email?: string };
      const ownEmail = u.id === me.id && changes.email?.trim().toLowerCase() !== u.email;
      if (ownEmail && unconfirmed(request)) return fail(403, serverMessages.confirmItIsYou);
      Object.assign(u, changes);
      return HttpResponse.json(publicUser(u));
    }),
  ),
  http.delete(
    '/api/users/:id',
    authed(({ params }) => {
      db.users = db.users.filter((x) => x.id !== Number(params.id));
      return HttpResponse.json<MessageResponse>({ message: serverMessages.userDeleted });
    }),
  ),

  http.get(
    '/api/me/tasks',
    authed(() => HttpResponse.json(db.tasks)),
  ),

  http.get(
    '/api/dashboard/stats',
    authed(() => {
      const upcoming = db.meetings
        .filter((m) => new Date(m.meetingDate) > new Date())
        .sort((a, b) => a.meetingDate.localeCompare(b.meetingDate));
      return HttpResponse.json({
        pendingActions: db.actions.filter((a) => a.status === 'pending').length,
        documents: db.documents.length,
        nextMeeting: upcoming[0]?.meetingDate ?? null,
        nextMeetingId: upcoming[0]?.id ?? null,
        trustees: db.users.filter((u) => u.active).length,
      });
    }),
  ),

  http.get(
    '/api/documents',
    authed(({ request }) => {
      const category = new URL(request.url).searchParams.get('category');
      return HttpResponse.json(db.documents.filter((d) => !category || d.category === category));
    }),
  ),
  http.post(
    '/api/documents',
    authed(async ({ request }, me) => {
      const form = await request.formData();
      const file = form.get('file') as File;
      const doc = {
        id: nextId(),
        title: String(form.get('title')),
        category: String(form.get('category')) as never,
        version: String(form.get('version') || '1.0'),
        mimeType: file.type || 'application/octet-stream',
        fileSize: file.size,
        fileName: file.name,
        updatedAt: now(),
        uploadedBy: { id: me.id, name: me.name },
      };
      db.documents.unshift(doc);
      return HttpResponse.json(doc, { status: 201 });
    }),
  ),
  http.delete(
    '/api/documents/:id',
    authed(({ params }) => {
      db.documents = db.documents.filter((d) => d.id !== Number(params.id));
      return HttpResponse.json<MessageResponse>({ message: serverMessages.documentDeleted });
    }),
  ),
  http.get(
    '/api/documents/:id/download',
    authed(
      () =>
        new HttpResponse('file-content', {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': `attachment; filename="accounts.pdf"; filename*=UTF-8''Annual%20Accounts.pdf`,
          },
        }),
    ),
  ),
  http.post(
    '/api/documents/:id/view-ticket',
    authed(({ params }) =>
      HttpResponse.json({ url: `/api/documents/${params.id}/view?ticket=abc` }),
    ),
  ),

  http.get(
    '/api/actions',
    authed(({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      return HttpResponse.json(db.actions.filter((a) => !status || a.status === status));
    }),
  ),
  http.post(
    '/api/actions',
    authed(async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      const assignee = db.users.find((u) => u.id === body.assignedTo);
      const action = {
        ...(body as object),
        id: nextId(),
        assignedToName: assignee?.name ?? null,
        status: 'pending',
        createdAt: now(),
        updatedAt: now(),
        meetingId: null,
      } as never;
      db.actions.unshift(action);
      return HttpResponse.json(action, { status: 201 });
    }),
  ),
  http.patch(
    '/api/actions/:id',
    authed(async ({ request, params }) => {
      const action = db.actions.find((a) => a.id === Number(params.id));
      if (!action) return fail(404, serverMessages.actionNotFound);
      if (action.status === 'complete') return fail(409, serverMessages.actionComplete);
      const { status } = (await request.json()) as { status: never };
      action.status = status;
      return HttpResponse.json(action);
    }),
  ),
  http.delete(
    '/api/actions/:id',
    authed(({ params }) => {
      db.actions = db.actions.filter((a) => a.id !== Number(params.id));
      return HttpResponse.json<MessageResponse>({ message: serverMessages.actionDeleted });
    }),
  ),

  http.get(
    '/api/minutes',
    authed(({ request }) => {
      const search = (new URL(request.url).searchParams.get('search') ?? '').toLowerCase();
      return HttpResponse.json(db.minutes.filter((m) => m.title.toLowerCase().includes(search)));
    }),
  ),
  http.post(
    '/api/minutes',
    authed(async ({ request }) => {
      const form = await request.formData();
      const file = form.get('file') as File | null;
      const minutes = {
        id: nextId(),
        title: String(form.get('title')),
        meetingDate: String(form.get('meetingDate')),
        meetingId: form.get('meetingId') ? Number(form.get('meetingId')) : null,
        fileName: file ? file.name : null,
        fileSize: file ? file.size : null,
        externalLink: (form.get('externalLink') as string | null) ?? null,
        createdAt: now(),
      };
      db.minutes.unshift(minutes);
      return HttpResponse.json(minutes, { status: 201 });
    }),
  ),
  http.post(
    '/api/minutes/:id/view-ticket',
    authed(({ params }) => HttpResponse.json({ url: `/api/minutes/${params.id}/view?ticket=xyz` })),
  ),

  http.get(
    '/api/meetings',
    authed(({ request }) => {
      // `upcoming` true: from now on, false: before now, absent: all.
      const upcoming = new URL(request.url).searchParams.get('upcoming');
      const list = db.meetings.filter(
        (m) => upcoming === null || new Date(m.meetingDate) > new Date() === (upcoming === 'true'),
      );
      return HttpResponse.json(list);
    }),
  ),
  // Written minutes: none yet unless a test says otherwise; an empty decisions register.
  http.get(
    '/api/meetings/:id/written-minutes',
    authed(() => HttpResponse.json({ message: 'Written minutes not found' }, { status: 404 })),
  ),
  http.get(
    '/api/decisions',
    authed(() => HttpResponse.json([])),
  ),
  http.get(
    '/api/written-minutes',
    authed(() => HttpResponse.json([])),
  ),
  http.post(
    '/api/meetings',
    authed(async ({ request }) => {
      const body = (await request.json()) as { kind?: string; committeeId?: number | null };
      const committee = db.committees.find((c) => c.id === body.committeeId);
      const meeting = {
        kind: 'board',
        committeeId: null,
        ...body,
        committeeName: committee?.name ?? null,
        id: nextId(),
        minutesId: null,
        minutesLink: null,
        createdAt: now(),
        status: 'scheduled',
        cancelledAt: null,
        durationMinutes: 120,
        agendaStatus: 'draft',
        agendaPublishedAt: null,
        agendaChangedSincePublication: false,
        revision: 0,
        updatedAt: now(),
      } as never;
      db.meetings.push(meeting);
      return HttpResponse.json(meeting, { status: 201 });
    }),
  ),

  http.get(
    '/api/notices',
    authed(({ request }) => {
      const includeExpired = new URL(request.url).searchParams.get('includeExpired') === 'true';
      const list = db.notices
        .map((n) => ({ ...n, expired: noticeExpired(n) }))
        .filter((n) => includeExpired || !n.expired);
      return HttpResponse.json(list);
    }),
  ),
  http.post(
    '/api/notices',
    authed(async ({ request }) => {
      const body = (await request.json()) as object;
      const notice = { ...body, id: nextId(), publishedAt: now(), expired: false } as never;
      db.notices.unshift(notice);
      return HttpResponse.json(notice, { status: 201 });
    }),
  ),
  http.delete(
    '/api/notices/:id',
    authed(({ params }) => {
      db.notices = db.notices.filter((n) => n.id !== Number(params.id));
      return HttpResponse.json<MessageResponse>({ message: serverMessages.noticeDeleted });
    }),
  ),

  http.get(
    '/api/committees',
    authed(({ request }, me) => {
      const includeArchived = new URL(request.url).searchParams.get('includeArchived') === 'true';
      const list = db.committees
        .filter((c) => includeArchived || !c.archived)
        .map((c) => committeeView(c.id, me) as Committee)
        .filter((c) => isAdminOrChair(me) || c.role !== null);
      return HttpResponse.json(list);
    }),
  ),
  http.post(
    '/api/committees',
    authed(async ({ request }, me) => {
      const body = (await request.json()) as { name: string; description: string };
      const id = nextId();
      db.committees.push({ id, ...body, archived: false, createdAt: now() });
      db.members.push({ committeeId: id, userId: me.id, role: 'committee_chair', joinedAt: now() });
      return HttpResponse.json(committeeView(id, me), { status: 201 });
    }),
  ),
  http.patch(
    '/api/committees/:id/archive',
    authed(({ params }, me) => {
      const c = db.committees.find((x) => x.id === Number(params.id));
      if (!c) return fail(404, serverMessages.committeeNotFound);
      c.archived = true;
      return HttpResponse.json(committeeView(c.id, me));
    }),
  ),
  http.delete(
    '/api/committees/:id',
    authed(({ params }) => {
      db.committees = db.committees.filter((c) => c.id !== Number(params.id));
      return HttpResponse.json<MessageResponse>({ message: serverMessages.committeeDeleted });
    }),
  ),
  http.get(
    '/api/committees/:id/messages',
    authed(({ params, request }) => {
      const query = new URL(request.url).searchParams;
      const after = Number(query.get('after') ?? -Infinity);
      const before = Number(query.get('before') ?? Infinity);
      // The latest 200 between the cursors, oldest first, as the server answers.
      return HttpResponse.json(
        db.messages
          .filter((m) => m.committeeId === Number(params.id) && m.id > after && m.id < before)
          .sort((a, b) => a.id - b.id)
          .slice(-200)
          .map(({ committeeId: _c, ...m }) => m),
      );
    }),
  ),
  // The live chat: the backlog after `after`, then every message posted while it is open.
  http.get(
    '/api/committees/:id/messages/stream',
    authed(({ params, request }) => {
      const committeeId = Number(params.id);
      const after = Number(new URL(request.url).searchParams.get('after') ?? 0);
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          const send = (m: StoredMessage) => {
            const { committeeId: _c, ...wire } = m;
            controller.enqueue(
              encoder.encode(`id: ${m.id}\nevent: message\ndata: ${JSON.stringify(wire)}\n\n`),
            );
          };
          db.messages.filter((m) => m.committeeId === committeeId && m.id > after).forEach(send);
          openStreams.push({ committeeId, send });
          request.signal.addEventListener('abort', () => {
            openStreams = openStreams.filter((s) => s.send !== send);
          });
        },
      });
      return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
    }),
  ),
  http.post(
    '/api/committees/:id/messages',
    authed(async ({ request, params }, me) => {
      const { message } = (await request.json()) as { message: string };
      const stored = {
        committeeId: Number(params.id),
        id: nextId(),
        message,
        sentAt: now(),
        user: { id: me.id, name: me.name },
      };
      db.messages.push(stored);
      announceMessage(stored);
      const { committeeId: _c, ...m } = stored;
      return HttpResponse.json(m, { status: 201 });
    }),
  ),
  http.get(
    '/api/committees/:id/documents',
    authed(({ params }) =>
      HttpResponse.json(db.committeeDocuments.filter((d) => d.committeeId === Number(params.id))),
    ),
  ),
  http.post(
    '/api/committees/:id/documents',
    authed(async ({ request, params }, me) => {
      const form = await request.formData();
      const file = form.get('file') as File;
      const doc = {
        committeeId: Number(params.id),
        id: nextId(),
        title: String(form.get('title')),
        fileName: file.name,
        mimeType: file.type,
        fileSize: file.size,
        uploadedAt: now(),
        uploadedBy: { id: me.id, name: me.name },
      };
      db.committeeDocuments.push(doc);
      return HttpResponse.json(doc, { status: 201 });
    }),
  ),
  http.get(
    '/api/committees/:id/members',
    authed(({ params }) =>
      HttpResponse.json(
        db.members
          .filter((m) => m.committeeId === Number(params.id))
          .map((m) => {
            const u = db.users.find((x) => x.id === m.userId);
            return {
              userId: m.userId,
              name: u?.name ?? '',
              email: u?.email ?? '',
              role: m.role,
              joinedAt: m.joinedAt,
            };
          }),
      ),
    ),
  ),
  http.post(
    '/api/committees/:id/members',
    authed(async ({ request, params }) => {
      const { userId, role } = (await request.json()) as { userId: number; role: never };
      db.members.push({ committeeId: Number(params.id), userId, role, joinedAt: now() });
      const u = db.users.find((x) => x.id === userId);
      return HttpResponse.json(
        { userId, name: u?.name, email: u?.email, role, joinedAt: now() },
        { status: 201 },
      );
    }),
  ),
  http.delete(
    '/api/committees/:id/members/:userId',
    authed(({ params }) => {
      db.members = db.members.filter(
        (m) => !(m.committeeId === Number(params.id) && m.userId === Number(params.userId)),
      );
      return HttpResponse.json<MessageResponse>({ message: serverMessages.memberRemoved });
    }),
  ),

  http.get(
    '/api/trustees/active',
    authed(() => {
      const entries: DirectoryEntry[] = db.users
        .filter((u) => u.active)
        .map((u) => ({
          id: u.id,
          name: u.name,
          email: u.email,
          phone: u.phone,
          role: u.role,
          joinedDate: u.createdAt,
          committees: db.members
            .filter((m) => m.userId === u.id)
            .map((m) => ({
              id: m.committeeId,
              name: db.committees.find((c) => c.id === m.committeeId)?.name ?? '',
              role: m.role === 'committee_chair' ? ('chair' as const) : ('member' as const),
            })),
          strongSkills: strongSkillsOf(u.id),
        }));
      return HttpResponse.json(entries);
    }),
  ),
  // Governance: nothing to warn about unless a test says otherwise.
  http.get(
    '/api/terms/warnings',
    authed((_args, me) =>
      isAdminOrChair(me) ? HttpResponse.json([]) : fail(403, serverMessages.boardWarningsForbidden),
    ),
  ),
  http.get(
    '/api/terms',
    authed(() =>
      HttpResponse.json([
        { userId: 3, currentTermEndsOn: '2027-06-30', email: 'tina@charity.org' },
      ]),
    ),
  ),
  http.get(
    '/api/declaration-rounds',
    authed(() => HttpResponse.json([])),
  ),
  http.get(
    '/api/resolutions',
    authed(() => HttpResponse.json([])),
  ),
  // The audit log: admins only, newest first, filtered and paged as the server does.
  http.get(
    '/api/audit-events',
    authed(({ request }, me) => {
      if (me.role !== 'admin') return fail(403, serverMessages.auditLogForbidden);
      const query = new URL(request.url).searchParams;
      const page = Number(query.get('page') || 1);
      const limit = Number(query.get('limit') || 50);
      const matching = filteredAuditEvents(query);
      const body: AuditEventPage = {
        items: matching.slice((page - 1) * limit, page * limit),
        total: matching.length,
        page,
        limit,
      };
      return HttpResponse.json(body);
    }),
  ),
  http.get(
    '/api/audit-events.csv',
    authed(({ request }, me) => {
      if (me.role !== 'admin') return fail(403, serverMessages.auditLogForbidden);
      const rows = filteredAuditEvents(new URL(request.url).searchParams).map((e) =>
        [e.occurredAt, e.kind, e.actorName ?? '', e.objectLabel ?? ''].join(','),
      );
      return new HttpResponse(['Time (UTC),Event,Actor,Object', ...rows].join('\n'), {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="audit-log.csv"',
        },
      });
    }),
  ),
  // A meeting's attendance (the meeting page's first screen reads it): five serving, three needed,
  // nobody answered, the caller not asked, unless a test says otherwise.
  http.get(
    '/api/meetings/:id/attendance',
    authed(({ params }) => HttpResponse.json(attendanceFixture({ meetingId: Number(params.id) }))),
  ),
  // The pack reader (docs/api.md): a pack's layout lists no papers, unless a test says otherwise.
  http.get(
    '/api/meetings/:id/board-pack/layout',
    authed(() => HttpResponse.json({ fingerprint: 'f0', pageCount: 2, frontPages: 2, papers: [] })),
  ),
  // Written resolutions offered to a meeting's agenda: none unless a test says otherwise.
  http.get(
    '/api/meetings/:id/resolution-offers',
    authed(() => HttpResponse.json([])),
  ),
  // The governance settings, the reading-records switch among them (spec §10; §2 Pack reader).
  http.get(
    '/api/governance/settings',
    authed(() =>
      HttpResponse.json({ ...db.governanceSettings, readingRecords: db.reading.enabled }),
    ),
  ),
  http.put(
    '/api/governance/settings',
    authed(async ({ request }, me) => {
      if (!isAdminOrChair(me)) return fail(403, serverMessages.settingsForbidden);
      const { readingRecords, secretaryId, ...rest } = (await request.json()) as Record<
        string,
        unknown
      >;
      db.governanceSettings = { ...db.governanceSettings, ...rest };
      if (secretaryId !== undefined) {
        // The secretary is an active user, or (null) nobody.
        const secretary = db.users.find((u) => u.id === secretaryId && u.active);
        if (secretaryId !== null && !secretary)
          return HttpResponse.json(
            { message: 'Validation failed', errors: { secretaryId: 'Choose an active user' } },
            { status: 400 },
          );
        db.governanceSettings.secretaryId = secretary?.id ?? null;
        db.governanceSettings.secretaryName = secretary?.name ?? null;
      }
      if (typeof readingRecords === 'boolean') {
        // Switching reading records off deletes every record.
        if (!readingRecords) db.reading.pages = [];
        db.reading.enabled = readingRecords;
      }
      return HttpResponse.json({ ...db.governanceSettings, readingRecords: db.reading.enabled });
    }),
  ),
  // Reading records (spec §2 Pack reader): the pages the reader has shown, the caller's own record, and
  // who has read the papers for admins and chairs (the people: every active user, by name).
  http.post(
    '/api/reading/pages',
    authed(async ({ request }, me) => {
      const body = (await request.json()) as { pages?: PageShownEntry[] };
      const pages = Array.isArray(body.pages) ? body.pages : [];
      if (pages.length < 1 || pages.length > 500)
        return fieldError('pages', 'Send between 1 and 500 pages.');
      recordPages(db.reading, me.id, pages, now());
      return new HttpResponse(null, { status: 204 });
    }),
  ),
  http.get(
    '/api/papers/:kind/:id/reading',
    authed(({ params }, me) => {
      const kind = String(params.kind).replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());
      const paper = db.reading.papers.find(
        (p) => p.paper.kind === kind && p.paper.id === Number(params.id),
      );
      const mine = db.reading.pages.filter(
        (p) =>
          p.userId === me.id && paper && p.paper.kind === kind && p.paper.id === paper.paper.id,
      );
      const last = mine.map((p) => p.lastShownAt).sort();
      return HttpResponse.json({
        enabled: db.reading.enabled,
        pageCount: paper?.pageCount ?? null,
        pagesRead: db.reading.enabled ? mine.length : 0,
        pages: db.reading.enabled ? mine.map((p) => p.page).sort((a, b) => a - b) : [],
        lastReadAt: db.reading.enabled && last.length ? last[last.length - 1] : null,
      });
    }),
  ),
  http.get(
    '/api/meetings/:id/reading',
    authed(({ params }, me) =>
      HttpResponse.json(meetingReading(db.reading, Number(params.id), me.id)),
    ),
  ),
  http.get(
    '/api/meetings/:id/reading-summary',
    authed(({ params }, me) => {
      if (!isAdminOrChair(me)) return fail(403, serverMessages.readingSummaryForbidden);
      const people = db.users.filter((u) => u.active).map((u) => ({ id: u.id, name: u.name }));
      return HttpResponse.json(readingSummary(db.reading, Number(params.id), people));
    }),
  ),
  // A meeting's conflicts of interest: none declared unless a test says otherwise.
  http.get(
    '/api/meetings/:id/conflicts',
    authed(({ params }) =>
      HttpResponse.json({
        meetingId: Number(params.id),
        canRecord: false,
        cancelled: false,
        items: [],
      }),
    ),
  ),
];

function filteredAuditEvents(query: URLSearchParams) {
  const userId = query.get('userId');
  const kind = query.get('kind');
  const from = query.get('from');
  const to = query.get('to');
  return [...db.auditEvents]
    .reverse()
    .filter((e) => !userId || e.actorId === Number(userId))
    .filter((e) => !kind || e.kind === kind)
    .filter((e) => !from || e.occurredAt.slice(0, 10) >= from)
    .filter((e) => !to || e.occurredAt.slice(0, 10) <= to);
}
