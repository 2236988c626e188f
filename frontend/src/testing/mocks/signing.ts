// MSW handlers for signatures and checking (docs/api.md, Signatures and checking) over their own store:
// signing a meeting's minutes (the chair or the trustee named, with the password or, with two-factor
// sign-in on, a code), every signed version of them, certifying a resolution (the chair), signing one's own declaration, the
// signatures, the signed PDFs, the certificate and the public check. The records' state is the tests'
// own (they answer written-minutes, resolutions and rounds themselves): any is taken as signable.
import { http, HttpResponse } from 'msw';
import { db, VALID_TOTP_CODE } from '@/testing/mocks/db';
import { serverMessages } from '@/testing/mocks/server-messages';
import type { ErrorBody, Signature, SignRequest, VerifyResult } from '@/types/api';

/** The bytes of the signed PDF the mock serves. */
export const SIGNED_FILE_TEXT = '%PDF-1.7 signed minutes';

export const signingDb: {
  /** The minutes' signatures, by meeting: the current version's. */
  signatures: Map<number, Signature>;
  /** The signatures of the minutes' earlier versions, by meeting (a correction is a new version). */
  earlierSignatures: Map<number, Signature[]>;
  /** Other records' signatures: `resolution:{id}`, `declaration:{roundId}:{userId}`. */
  records: Map<string, Signature>;
  /** The trustee named to sign a meeting's minutes, by meeting. */
  minutesSigners: Map<number, { userId: number; name: string }>;
  /** Who chaired a meeting, by meeting (nobody recorded: the board's chair signs). */
  meetingChairs: Map<number, { id: number; name: string }>;
  /** How many checks this address made (429 after 20). */
  checks: number;
  /** Whether a file sent to /api/verify is taken as the first signature's signed file. */
  fileIsSigned: boolean;
} = {
  signatures: new Map(),
  earlierSignatures: new Map(),
  records: new Map(),
  minutesSigners: new Map(),
  meetingChairs: new Map(),
  checks: 0,
  fileIsSigned: false,
};

export function resetSigning(): void {
  signingDb.signatures = new Map();
  signingDb.earlierSignatures = new Map();
  signingDb.records = new Map();
  signingDb.minutesSigners = new Map();
  signingDb.meetingChairs = new Map();
  signingDb.checks = 0;
  signingDb.fileIsSigned = false;
}

/** A signature as the server answers it. */
export const signatureFixture = (overrides: Partial<Signature> = {}): Signature => ({
  kind: 'minutes',
  signerName: 'Charlie Chair',
  role: 'Chair',
  method: 'password',
  signedAt: '2030-03-12T10:15:00.000Z',
  recordVersion: 1,
  documentSha256: 'a'.repeat(64),
  signedSha256: 'b'.repeat(64),
  verificationCode: 'ABCDE-FGH23',
  ...overrides,
});

const fail = (status: number, message: string) =>
  HttpResponse.json<ErrorBody>({ message }, { status });
const fieldError = (field: string, message: string) =>
  HttpResponse.json<ErrorBody>(
    { message: 'Validation failed', errors: { [field]: message } },
    { status: 400 },
  );

const callerOf = (request: Request) => {
  const token = (request.headers.get('Authorization') ?? '').replace(/^Bearer /, '');
  const session = db.sessions.find((s) => s.token === token);
  return db.users.find((u) => u.id === session?.userId && u.active) ?? null;
};

const signedResult = (s: Signature | undefined): VerifyResult =>
  s
    ? { signed: true, signerName: s.signerName, role: s.role, signedAt: s.signedAt }
    : { signed: false, signerName: null, role: null, signedAt: null };

const findByCode = (code: string) => {
  const bare = code.replace(/[\s-]/g, '').toUpperCase();
  return [...signingDb.signatures.values()].find(
    (s) => s.verificationCode.replace('-', '') === bare,
  );
};

/** The method a signing request confirmed with, or the server's 400 or 409. */
async function confirm(
  me: NonNullable<ReturnType<typeof callerOf>>,
  request: Request,
): Promise<Signature['method'] | Response> {
  const body = (await request.json()) as SignRequest;
  if (body.code) {
    if (!me.mfaEnabled) return fail(409, serverMessages.mfaOff);
    if (body.code !== VALID_TOTP_CODE) return fieldError('code', serverMessages.wrongCode);
    return 'totp';
  }
  if (body.password) {
    if (body.password !== me.password)
      return fieldError('password', serverMessages.currentPasswordIncorrect);
    return 'password';
  }
  return fieldError('password', serverMessages.confirmationRequired);
}

export const signingHandlers = [
  http.post('/api/meetings/:id/written-minutes/sign', async ({ request, params }) => {
    const me = callerOf(request);
    if (!me) return fail(401, serverMessages.authenticationRequired);
    const id = Number(params.id);
    const chaired = signingDb.meetingChairs.get(id);
    const chairs = chaired ? chaired.id === me.id : me.role === 'chair';
    if (!chairs && signingDb.minutesSigners.get(id)?.userId !== me.id)
      return fail(403, serverMessages.onlyTheChairSigns);
    if (signingDb.signatures.has(id)) return fail(409, serverMessages.alreadySigned);
    const confirmed = await confirm(me, request);
    if (confirmed instanceof Response) return confirmed;
    const signature = signatureFixture({
      signerName: me.name,
      method: confirmed,
      signedAt: new Date().toISOString(),
      verificationCode: `QWERT-${String(id).padStart(5, 'Y')}`,
    });
    signingDb.signatures.set(id, signature);
    return HttpResponse.json(signature, { status: 201 });
  }),
  http.get('/api/meetings/:id/written-minutes/signer', ({ request, params }) => {
    if (!callerOf(request)) return fail(401, serverMessages.authenticationRequired);
    return HttpResponse.json({ signer: signingDb.minutesSigners.get(Number(params.id)) ?? null });
  }),
  http.put('/api/meetings/:id/written-minutes/signer', async ({ request, params }) => {
    const me = callerOf(request);
    if (!me) return fail(401, serverMessages.authenticationRequired);
    if (me.role === 'trustee')
      return fail(403, 'Only admins and chairs name who signs the minutes.');
    const { userId } = (await request.json()) as { userId: number | null };
    const id = Number(params.id);
    if (userId === null) signingDb.minutesSigners.delete(id);
    else {
      const named = db.users.find((u) => u.id === userId && u.active);
      if (!named) return fieldError('userId', 'Choose an active user');
      signingDb.minutesSigners.set(id, { userId: named.id, name: named.name });
    }
    return HttpResponse.json({ signer: signingDb.minutesSigners.get(id) ?? null });
  }),
  http.get('/api/meetings/:id/chair', ({ request, params }) => {
    if (!callerOf(request)) return fail(401, serverMessages.authenticationRequired);
    return HttpResponse.json({ chairedBy: signingDb.meetingChairs.get(Number(params.id)) ?? null });
  }),
  http.put('/api/meetings/:id/chair', async ({ request, params }) => {
    const me = callerOf(request);
    if (!me) return fail(401, serverMessages.authenticationRequired);
    if (me.role === 'trustee')
      return fail(403, 'Only admins and chairs can edit, cancel or delete meetings.');
    const { userId } = (await request.json()) as { userId: number | null };
    const id = Number(params.id);
    if (userId === null) signingDb.meetingChairs.delete(id);
    else {
      const chair = db.users.find((u) => u.id === userId && u.active);
      if (!chair) return fieldError('userId', 'Choose an active user');
      signingDb.meetingChairs.set(id, { id: chair.id, name: chair.name });
    }
    return HttpResponse.json({ chairedBy: signingDb.meetingChairs.get(id) ?? null });
  }),
  http.post('/api/resolutions/:id/certify', async ({ request, params }) => {
    const me = callerOf(request);
    if (!me) return fail(401, serverMessages.authenticationRequired);
    if (me.role !== 'chair' && db.governanceSettings.secretaryId !== me.id)
      return fail(403, serverMessages.onlyTheChairCertifies);
    const confirmed = await confirm(me, request);
    if (confirmed instanceof Response) return confirmed;
    const signature = signatureFixture({
      kind: 'resolution',
      signerName: me.name,
      role: me.role === 'chair' ? 'Chair of the board' : 'Secretary',
      method: confirmed,
    });
    signingDb.records.set(`resolution:${String(params.id)}`, signature);
    return HttpResponse.json(signature, { status: 201 });
  }),
  http.get('/api/resolutions/:id/signature', ({ request, params }) => {
    if (!callerOf(request)) return fail(401, serverMessages.authenticationRequired);
    const signature = signingDb.records.get(`resolution:${String(params.id)}`);
    return signature
      ? HttpResponse.json(signature)
      : fail(404, serverMessages.resolutionNotCertified);
  }),
  http.post(
    '/api/declaration-rounds/:id/declarations/:userId/sign',
    async ({ request, params }) => {
      const me = callerOf(request);
      if (!me) return fail(401, serverMessages.authenticationRequired);
      if (me.id !== Number(params.userId)) return fail(403, serverMessages.onlyOwnDeclaration);
      const confirmed = await confirm(me, request);
      if (confirmed instanceof Response) return confirmed;
      const signature = signatureFixture({
        kind: 'declaration',
        signerName: me.name,
        role: 'Trustee making the declaration',
        method: confirmed,
      });
      signingDb.records.set(`declaration:${String(params.id)}:${me.id}`, signature);
      return HttpResponse.json(signature, { status: 201 });
    },
  ),
  http.get('/api/declaration-rounds/:id/declarations/:userId/signature', ({ request, params }) => {
    const me = callerOf(request);
    if (!me) return fail(401, serverMessages.authenticationRequired);
    const signature = signingDb.records.get(
      `declaration:${String(params.id)}:${String(params.userId)}`,
    );
    return signature
      ? HttpResponse.json(signature)
      : fail(404, serverMessages.declarationNotSigned);
  }),
  http.get('/api/meetings/:id/written-minutes/signature', ({ request, params }) => {
    if (!callerOf(request)) return fail(401, serverMessages.authenticationRequired);
    const signature = signingDb.signatures.get(Number(params.id));
    return signature ? HttpResponse.json(signature) : fail(404, serverMessages.notSigned);
  }),
  http.get('/api/meetings/:id/written-minutes/signatures', ({ request, params }) => {
    if (!callerOf(request)) return fail(401, serverMessages.authenticationRequired);
    const id = Number(params.id);
    const current = signingDb.signatures.get(id);
    const all = [...(current ? [current] : []), ...(signingDb.earlierSignatures.get(id) ?? [])];
    return HttpResponse.json(all.sort((a, b) => b.recordVersion - a.recordVersion));
  }),
  http.get(
    '/api/meetings/:id/written-minutes/versions/:version/signed-pdf',
    ({ request, params }) => {
      if (!callerOf(request)) return fail(401, serverMessages.authenticationRequired);
      const version = Number(params.version);
      const found = (signingDb.earlierSignatures.get(Number(params.id)) ?? []).some(
        (s) => s.recordVersion === version,
      );
      if (!found) return fail(404, serverMessages.notSigned);
      return new HttpResponse(SIGNED_FILE_TEXT, {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="minutes-v${version}-signed.pdf"`,
        },
      });
    },
  ),
  http.get('/api/meetings/:id/written-minutes/signed-pdf', ({ request, params }) => {
    if (!callerOf(request)) return fail(401, serverMessages.authenticationRequired);
    if (!signingDb.signatures.has(Number(params.id))) return fail(404, serverMessages.notSigned);
    return new HttpResponse(SIGNED_FILE_TEXT, {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'attachment; filename="minutes-signed.pdf"',
      },
    });
  }),
  http.get(
    '/api/signing/certificate',
    () =>
      new HttpResponse('-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n', {
        headers: { 'Content-Type': 'application/x-pem-file' },
      }),
  ),
  http.post('/api/verify', async ({ request }) => {
    signingDb.checks += 1;
    if (signingDb.checks > 20) return fail(429, serverMessages.tooManyAttempts);
    if ((request.headers.get('Content-Type') ?? '').includes('application/json')) {
      const { code } = (await request.json()) as { code?: string };
      if (!code) return fail(400, serverMessages.checkOneThing);
      return HttpResponse.json(signedResult(findByCode(code)));
    }
    const form = await request.formData();
    const file = form.get('file');
    const code = form.get('code');
    if ((file === null) === (code === null)) return fail(400, serverMessages.checkOneThing);
    if (typeof code === 'string') return HttpResponse.json(signedResult(findByCode(code)));
    // jsdom's File reaches the handler as the text "[object File]": its bytes cannot be compared here, so
    // a test says whether the file it sends is the signed one (`fileIsSigned`).
    const signed = signingDb.fileIsSigned ? [...signingDb.signatures.values()][0] : undefined;
    return HttpResponse.json(signedResult(signed));
  }),
];
