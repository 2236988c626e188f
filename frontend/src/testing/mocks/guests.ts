// Guests behind the MSW handlers (spec §6 Guests): their passes, `/api/guests` for admins and chairs,
// `/api/me/guest-pass` for the guest, and the server's deny-by-default: a guest asking for anything the
// server does not serve guests is refused with 403 and the server's message, as the real server does.
import dayjs from 'dayjs';
import { http, HttpResponse, type DefaultBodyType, type StrictRequest } from 'msw';
import type {
  ChangeGuestRequest,
  ErrorBody,
  Guest,
  GuestDocument,
  GuestMeeting,
  InviteGuestRequest,
} from '@/types/api';
import { db, isoDaysFromNow, nextId, type StoredUser } from '@/testing/mocks/db';

export const GUEST_ID = 50;

export const GUESTS_SEE_THEIR_PASS_ONLY =
  'Guests can open only the meetings and documents they were invited to.';

/** A guest's pass as the mock keeps it: the user is in `db.users`, role `guest`. */
export type StoredPass = {
  userId: number;
  purpose: string;
  endsAt: string;
  meetings: GuestMeeting[];
  documents: GuestDocument[];
  auditFrom: string | null;
  auditTo: string | null;
  invitedBy: string | null;
  invitationPending: boolean;
};

export const guestsDb: { passes: StoredPass[] } = { passes: [] };

export function resetGuests(): void {
  guestsDb.passes = [];
}

/** Midnight after `day` (YYYY-MM-DD): the mock's board is in the browser's time zone. */
export const endOfDay = (day: string): string => dayjs(day).add(1, 'day').toISOString();

type NewGuest = Partial<Omit<StoredPass, 'userId'>> & {
  id?: number;
  name?: string;
  email?: string;
};

/** Adds a guest, their pass and a session (token `token-{id}`, so `renderApp(path, { as: id })`). */
export function addGuest({
  id = GUEST_ID,
  name = 'Gina Guest',
  email = 'gina@auditors.example',
  ...pass
}: NewGuest = {}): StoredPass {
  const user: StoredUser = {
    id,
    name,
    email,
    role: 'guest',
    active: true,
    phone: null,
    createdAt: '2026-11-01T10:00:00Z',
    requirePasswordChange: false,
    mfaEnabled: false,
    mfaEnrolmentRequired: false,
    invitation: null,
    accessEndsAt: pass.endsAt ?? isoDaysFromNow(30),
    password: 'guest-password-1',
  };
  db.users.push(user);
  db.sessions.push({
    id: id * 10,
    userId: id,
    token: `token-${id}`,
    device: 'Firefox on Windows',
    address: '192.0.2.10',
    signedInAt: '2026-11-02T09:00:00Z',
    lastActiveAt: '2026-11-02T10:00:00Z',
  });
  const stored: StoredPass = {
    userId: id,
    purpose: 'Observer at the spring meeting',
    endsAt: isoDaysFromNow(30),
    meetings: [],
    documents: [],
    auditFrom: null,
    auditTo: null,
    invitedBy: 'Alice Admin',
    invitationPending: false,
    ...pass,
  };
  guestsDb.passes.unshift(stored);
  return stored;
}

export function guestOf(pass: StoredPass): Guest {
  const user = db.users.find((u) => u.id === pass.userId);
  return {
    id: pass.userId,
    name: user?.name ?? '',
    email: user?.email ?? '',
    active: user?.active ?? false,
    purpose: pass.purpose,
    endsAt: pass.endsAt,
    // The mock's board is in the browser's time zone: the last day is that of the instant before the end.
    endsOn: dayjs(pass.endsAt).subtract(1, 'millisecond').format('YYYY-MM-DD'),
    ended: Date.parse(pass.endsAt) <= Date.now(),
    meetings: pass.meetings,
    documents: pass.documents,
    auditFrom: pass.auditFrom,
    auditTo: pass.auditTo,
    invitedBy: pass.invitedBy,
    invitationPending: pass.invitationPending,
  };
}

const bearer = (request: StrictRequest<DefaultBodyType> | Request): string =>
  (request.headers.get('Authorization') ?? '').replace(/^Bearer /, '');

function caller(request: StrictRequest<DefaultBodyType> | Request): StoredUser | null {
  const session = db.sessions.find((x) => x.token === bearer(request));
  if (!session) return null;
  return db.users.find((u) => u.id === session.userId && u.active) ?? null;
}

const fail = (status: number, message: string) =>
  HttpResponse.json<ErrorBody>({ message }, { status });

const invalid = (errors: Record<string, string>) =>
  HttpResponse.json<ErrorBody>({ message: 'Validation failed', errors }, { status: 400 });

/**
 * What the server serves a guest (spec §6 Guests); an auditor (a pass with an audit period) also reads the
 * minutes, written minutes, decisions and the register of interests. Anything else is refused.
 */
const forEveryGuest: [string, RegExp][] = [
  ['GET', /^\/api\/auth\/me$/],
  ['POST', /^\/api\/auth\/logout$/],
  ['GET', /^\/api\/auth\/sessions$/],
  ['POST', /^\/api\/auth\/sessions\/sign-out-others$/],
  ['DELETE', /^\/api\/auth\/sessions\/\d+$/],
  ['POST', /^\/api\/auth\/change-password$/],
  ['GET', /^\/api\/me\/guest-pass$/],
  ['GET', /^\/api\/meetings$/],
  ['GET', /^\/api\/meetings\/\d+$/],
  ['GET', /^\/api\/meetings\/\d+\/agenda-items\/\d+\/papers\/\d+\/download$/],
  ['GET', /^\/api\/meetings\/\d+\/board-pack$/],
  ['GET', /^\/api\/meetings\/\d+\/board-pack\/layout$/],
  ['GET', /^\/api\/meetings\/\d+\/attendance$/],
  ['PUT', /^\/api\/meetings\/\d+\/attendance\/me$/],
  ['GET', /^\/api\/meetings\/\d+\/ics$/],
  ['GET', /^\/api\/documents$/],
  ['GET', /^\/api\/documents\/\d+\/download$/],
  ['POST', /^\/api\/documents\/\d+\/view-ticket$/],
];

const forAuditors: [string, RegExp][] = [
  ['GET', /^\/api\/minutes$/],
  ['GET', /^\/api\/minutes\/\d+\/download$/],
  ['POST', /^\/api\/minutes\/\d+\/view-ticket$/],
  ['GET', /^\/api\/written-minutes$/],
  ['GET', /^\/api\/meetings\/\d+\/written-minutes\/pdf$/],
  ['GET', /^\/api\/decisions$/],
  ['GET', /^\/api\/decisions\.csv$/],
  ['GET', /^\/api\/interests$/],
  ['GET', /^\/api\/interests\/export\/(csv|pdf)$/],
];

/** Whether the server answers a guest's request (`auditor`: their pass has an audit period). */
export function guestMayCall(method: string, path: string, auditor: boolean): boolean {
  const allowed = auditor ? [...forEveryGuest, ...forAuditors] : forEveryGuest;
  return allowed.some(([m, pattern]) => m === method.toUpperCase() && pattern.test(path));
}

const passOf = (userId: number) => guestsDb.passes.find((p) => p.userId === userId);

type PassBody = Partial<InviteGuestRequest & ChangeGuestRequest>;

/** The pass a request names, or its field errors (the server's texts). */
function readPass(
  body: PassBody,
): { errors: Record<string, string> } | { pass: Partial<StoredPass> } {
  const errors: Record<string, string> = {};
  const today = dayjs().format('YYYY-MM-DD');
  if (!body.endsOn) errors.endsOn = "Choose the last day of the guest's access";
  else if (body.endsOn < today) errors.endsOn = 'The last day cannot be before today';
  const meetings = (body.meetingIds ?? []).map((id) => db.meetings.find((m) => m.id === id));
  if (meetings.some((m) => !m)) errors.meetingIds = 'One of the meetings named does not exist';
  const documents = (body.documentIds ?? []).map((id) => db.documents.find((d) => d.id === id));
  if (documents.some((d) => !d)) errors.documentIds = 'One of the documents named does not exist';
  const from = body.auditFrom ?? null;
  const to = body.auditTo ?? null;
  if (from && !to) errors.auditTo = 'Give both the first and the last day of the audit period';
  if (!from && to) errors.auditFrom = 'Give both the first and the last day of the audit period';
  if (from && to && to < from) errors.auditTo = "The period's last day cannot be before its first";
  if (!meetings.length && !documents.length && !from && !to)
    errors.scope = 'Name at least one meeting or document, or an audit period';
  if (Object.keys(errors).length) return { errors };
  return {
    pass: {
      endsAt: endOfDay(body.endsOn as string),
      meetings: meetings.map((m) => ({ id: m!.id, title: m!.title, meetingDate: m!.meetingDate })),
      documents: documents.map((d) => ({ id: d!.id, title: d!.title })),
      auditFrom: from,
      auditTo: to,
    },
  };
}

const isOfficer = (u: StoredUser) => u.role === 'admin' || u.role === 'chair';

export const guestHandlers = [
  // The server's deny-by-default for guests; anyone else goes on to the handlers below.
  http.all('/api/*', ({ request }) => {
    const me = caller(request);
    if (!me || me.role !== 'guest') return undefined;
    const auditor = !!passOf(me.id)?.auditFrom;
    if (guestMayCall(request.method, new URL(request.url).pathname, auditor)) return undefined;
    return fail(403, GUESTS_SEE_THEIR_PASS_ONLY);
  }),
  // A guest's lists are their pass's.
  http.get('/api/meetings', ({ request }) => {
    const me = caller(request);
    if (me?.role !== 'guest') return undefined;
    const named = passOf(me.id)?.meetings.map((m) => m.id) ?? [];
    return HttpResponse.json(db.meetings.filter((m) => named.includes(m.id)));
  }),
  http.get('/api/documents', ({ request }) => {
    const me = caller(request);
    if (me?.role !== 'guest') return undefined;
    const named = passOf(me.id)?.documents.map((d) => d.id) ?? [];
    return HttpResponse.json(db.documents.filter((d) => named.includes(d.id)));
  }),
  http.get('/api/me/guest-pass', ({ request }) => {
    const me = caller(request);
    if (!me) return fail(401, 'Authentication required');
    const pass = passOf(me.id);
    return pass ? HttpResponse.json(guestOf(pass)) : fail(404, 'User not found');
  }),
  http.get('/api/guests', ({ request }) => {
    const me = caller(request);
    if (!me) return fail(401, 'Authentication required');
    if (!isOfficer(me)) return fail(403, 'Only admins and chairs can manage users');
    return HttpResponse.json(guestsDb.passes.map(guestOf));
  }),
  http.post('/api/guests', async ({ request }) => {
    const me = caller(request);
    if (!me) return fail(401, 'Authentication required');
    if (!isOfficer(me)) return fail(403, 'Only admins and chairs can manage users');
    const body = (await request.json()) as PassBody;
    const errors: Record<string, string> = {};
    if (!body.name?.trim()) errors.name = 'Name is required';
    if (!body.email?.trim()) errors.email = 'Email is required';
    if (!body.purpose?.trim()) errors.purpose = 'Purpose is required';
    const read = readPass(body);
    if ('errors' in read || Object.keys(errors).length)
      return invalid({ ...errors, ...('errors' in read ? read.errors : {}) });
    if (db.users.some((u) => u.email === body.email?.trim()))
      return fail(409, 'A user with this email already exists');
    const id = nextId();
    const stored = addGuest({
      id,
      name: body.name!.trim(),
      email: body.email!.trim(),
      purpose: body.purpose!.trim(),
      ...read.pass,
      invitedBy: me.name,
      invitationPending: true,
    });
    db.sessions = db.sessions.filter((s) => s.userId !== id);
    return HttpResponse.json(guestOf(stored), { status: 201 });
  }),
  http.put('/api/guests/:id', async ({ request, params }) => {
    const me = caller(request);
    if (!me) return fail(401, 'Authentication required');
    if (!isOfficer(me)) return fail(403, 'Only admins and chairs can manage users');
    const stored = passOf(Number(params.id));
    if (!stored) return fail(404, 'User not found');
    const body = (await request.json()) as PassBody;
    if (body.purpose !== undefined && !body.purpose?.trim())
      return invalid({ purpose: 'Purpose is required' });
    const read = readPass(body);
    if ('errors' in read) return invalid(read.errors);
    Object.assign(stored, read.pass, { purpose: body.purpose?.trim() ?? stored.purpose });
    return HttpResponse.json(guestOf(stored));
  }),
  http.post('/api/guests/:id/end', ({ request, params }) => {
    const me = caller(request);
    if (!me) return fail(401, 'Authentication required');
    if (!isOfficer(me)) return fail(403, 'Only admins and chairs can manage users');
    const stored = passOf(Number(params.id));
    if (!stored) return fail(404, 'User not found');
    stored.endsAt = new Date().toISOString();
    db.sessions = db.sessions.filter((s) => s.userId !== stored.userId);
    return HttpResponse.json(guestOf(stored));
  }),
];
