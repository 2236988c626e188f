// The meeting page as the app composes it: the meetings feature's Minutes section with the signing
// feature's signature and sign dialog (spec §16).
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { signatureFixture, signingDb } from '@/testing/mocks/signing';
import { db, renderApp, screen, waitFor, within } from '@/testing/test-utils';
import { CHAIR_ID, OTHER_TRUSTEE_ID, TRUSTEE_ID } from '@/testing/mocks/db';
import { formatDate, formatDateTime } from '@/lib/format';
import type { WrittenMinutes } from '@/types/api';
import { MEETING_START, meetingFixture, serveMeetingPage } from '@/features/meetings/test-fixtures';

const minutes = (status: string, version = 1): WrittenMinutes => ({
  id: version,
  meetingId: 7,
  version,
  status,
  correctionReason: null,
  supersededAt: null,
  circulatedAt: MEETING_START,
  approvedOn: status === 'circulated' ? null : '2030-06-05',
  approvedAtMeetingId: null,
  approvedAtMeetingTitle: null,
  lockedAt: null,
  approvalLine: 'Approved as a true record on 5 June 2030.',
  createdAt: MEETING_START,
  updatedAt: MEETING_START,
  entries: [],
});

/** The meeting page of meeting 7 with minutes of `status`; answers what each signing request sent. */
function openMeeting(
  as: 'admin' | 'chair' | 'trustee',
  status = 'approved',
  attendance?: unknown,
  version = 1,
) {
  const sent: unknown[] = [];
  serveMeetingPage({ meeting: meetingFixture({ id: 7 }), canManage: as !== 'trustee' });
  server.use(
    http.get('/api/meetings/7/attendance', () =>
      attendance
        ? HttpResponse.json(attendance)
        : HttpResponse.json({ message: 'Meeting not found' }, { status: 404 }),
    ),
    http.get('/api/meetings/7/written-minutes', () => HttpResponse.json(minutes(status, version))),
    // A corrected version lists the versions it replaced (none of interest here).
    http.get('/api/meetings/7/written-minutes/versions', () => HttpResponse.json([])),
  );
  server.events.on('request:start', ({ request }) => {
    if (request.url.endsWith('/written-minutes/sign'))
      void request
        .clone()
        .json()
        .then((body) => sent.push(body));
  });
  const { user } = renderApp('/meetings/7', { as });
  return { user, sent, ready: screen.findByRole('region', { name: 'Minutes' }) };
}

const section = () => screen.getByRole('region', { name: 'Minutes' });

afterEach(() => server.events.removeAllListeners());

describe("the signature of a meeting's approved minutes", () => {
  it('lets the chair sign with the password: a wrong one is shown under the field, then the signed line and the signed PDF', async () => {
    const { user, sent } = openMeeting('chair');
    await user.click(await screen.findByRole('button', { name: 'Sign minutes' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign minutes' });
    expect(within(dialog).getByText(/Signing adds a signature page/)).toBeVisible();
    expect(within(dialog).queryByLabelText(/Two-factor code/)).toBeNull();

    await user.type(within(dialog).getByLabelText(/Password/), 'not-my-password');
    await user.click(within(dialog).getByRole('button', { name: 'Sign minutes' }));
    const password = await within(dialog).findByLabelText(/Password/);
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('Current password is incorrect')).toBeVisible();

    await user.clear(password);
    await user.type(password, 'password1');
    await user.click(within(dialog).getByRole('button', { name: 'Sign minutes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ password: 'not-my-password' }, { password: 'password1' }]);

    const signed = signingDb.signatures.get(7)!;
    expect(
      await within(section()).findByText(
        `Signed by Charlie Chair, Chair, ${formatDateTime(signed.signedAt)}, code ${signed.verificationCode}`,
      ),
    ).toBeVisible();
    expect(within(section()).queryByRole('button', { name: 'Sign minutes' })).toBeNull();

    const names: string[] = [];
    Object.assign(URL, {
      createObjectURL: jest.fn(() => 'blob:signed'),
      revokeObjectURL: jest.fn(),
    });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    await user.click(within(section()).getByRole('button', { name: 'Download signed PDF' }));
    await waitFor(() => expect(names).toEqual(['minutes-signed.pdf']));
    click.mockRestore();
  });

  it('asks a chair with two-factor sign-in for a code, and sends it', async () => {
    db.users.find((u) => u.id === CHAIR_ID)!.mfaEnabled = true;
    const { user, sent } = openMeeting('chair', 'locked');
    await user.click(await screen.findByRole('button', { name: 'Sign minutes' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign minutes' });
    expect(within(dialog).queryByLabelText(/^Password/)).toBeNull();
    await user.type(within(dialog).getByLabelText(/Two-factor code/), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Sign minutes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ code: '123456' }]);
    expect(await within(section()).findByText(/^Signed by Charlie Chair, Chair/)).toBeVisible();
  });

  it('shows a trustee no Sign button, only that the chair signs', async () => {
    await openMeeting('trustee').ready;
    expect(
      await within(section()).findByText('Not signed yet: the chair signs approved minutes.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign minutes' })).toBeNull();
  });

  it('shows the trustee the board named a Sign button, and everyone else who may sign', async () => {
    signingDb.minutesSigners.set(7, { userId: TRUSTEE_ID, name: 'Tina Trustee' });
    const { user, sent, ready } = openMeeting('trustee');
    await ready;
    expect(
      await within(section()).findByText('Not signed yet: the board named you to sign.'),
    ).toBeVisible();
    await user.click(within(section()).getByRole('button', { name: 'Sign minutes' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign minutes' });
    await user.type(within(dialog).getByLabelText(/Password/), 'password1');
    await user.click(within(dialog).getByRole('button', { name: 'Sign minutes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ password: 'password1' }]);
    expect(await within(section()).findByText(/^Signed by Tina Trustee/)).toBeVisible();
  });

  it('tells another trustee that the chair or the named trustee signs', async () => {
    signingDb.minutesSigners.set(7, { userId: OTHER_TRUSTEE_ID, name: 'Olly Other' });
    await openMeeting('trustee').ready;
    expect(
      await within(section()).findByText(
        'Not signed yet: the chair or Olly Other, named by the board, signs these minutes.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign minutes' })).toBeNull();
  });

  it('shows an admin who signed and the download, without a Sign button', async () => {
    signingDb.signatures.set(7, signatureFixture());
    await openMeeting('admin').ready;
    expect(
      await within(section()).findByText(
        `Signed by Charlie Chair, Chair, ${formatDateTime('2030-03-12T10:15:00.000Z')}, code ABCDE-FGH23`,
      ),
    ).toBeVisible();
    expect(within(section()).getByRole('button', { name: 'Download signed PDF' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign minutes' })).toBeNull();
  });

  it('lets the trustee who chaired the meeting sign, and tells the chair who signs', async () => {
    signingDb.meetingChairs.set(7, { id: TRUSTEE_ID, name: 'Tina Trustee' });
    await openMeeting('trustee').ready;
    expect(await within(section()).findByText('Not signed yet.')).toBeVisible();
    expect(within(section()).getByRole('button', { name: 'Sign minutes' })).toBeVisible();
  });

  it("tells the board's chair, who did not chair the meeting, who signs", async () => {
    signingDb.meetingChairs.set(7, { id: TRUSTEE_ID, name: 'Tina Trustee' });
    signingDb.minutesSigners.set(7, { userId: OTHER_TRUSTEE_ID, name: 'Olly Other' });
    await openMeeting('chair').ready;
    expect(
      await within(section()).findByText(
        'Not signed yet: Tina Trustee, who chaired the meeting, or Olly Other, named by the board, signs these minutes.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign minutes' })).toBeNull();
  });

  it('lists the earlier signed versions under the current signature, each with its download', async () => {
    signingDb.signatures.set(7, signatureFixture({ recordVersion: 3, signerName: 'Chris Chair' }));
    signingDb.earlierSignatures.set(7, [
      signatureFixture({
        recordVersion: 1,
        signerName: 'Charlie Chair',
        role: 'Chair of the meeting',
        signedAt: '2026-03-03T10:00:00.000Z',
      }),
      signatureFixture({
        recordVersion: 2,
        signerName: 'Tina Trustee',
        role: 'Trustee named by the board to sign the minutes',
        signedAt: '2026-05-04T10:00:00.000Z',
      }),
    ]);
    const { user, ready } = openMeeting('trustee', 'locked', undefined, 3);
    await ready;
    expect(await within(section()).findByText(/^Signed by Chris Chair/)).toBeVisible();
    const earlier = await within(section()).findByRole('region', {
      name: 'Earlier signed versions',
    });
    expect(within(earlier).getByText('Earlier signed versions')).toBeVisible();
    const lines = within(earlier)
      .getAllByText(/^Version \d, signed by/)
      .map((line) => line.textContent);
    expect(lines).toEqual([
      `Version 2, signed by Tina Trustee, Trustee named by the board to sign the minutes, ${formatDate('2026-05-04T10:00:00.000Z')}`,
      `Version 1, signed by Charlie Chair, Chair of the meeting, ${formatDate('2026-03-03T10:00:00.000Z')}`,
    ]);

    const names: string[] = [];
    Object.assign(URL, {
      createObjectURL: jest.fn(() => 'blob:signed'),
      revokeObjectURL: jest.fn(),
    });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    await user.click(within(earlier).getByRole('button', { name: 'Download version 1' }));
    await waitFor(() => expect(names).toEqual(['minutes-v1-signed.pdf']));
    click.mockRestore();
  });

  it('shows no earlier signed versions when only the current one is signed', async () => {
    signingDb.signatures.set(7, signatureFixture());
    await openMeeting('trustee').ready;
    expect(await within(section()).findByText(/^Signed by Charlie Chair/)).toBeVisible();
    expect(within(section()).queryByText('Earlier signed versions')).toBeNull();
  });

  it('says nothing of signing while the minutes are only circulated', async () => {
    await openMeeting('chair', 'circulated').ready;
    expect(await within(section()).findByRole('button', { name: 'Approve minutes' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign minutes' })).toBeNull();
    expect(screen.queryByText(/Not signed yet/)).toBeNull();
  });
});

/** The attendance sheet of meeting 7: Tina recorded present, Oscar not. */
const sheet = () => ({
  meetingId: 7,
  canRespond: false,
  canRecord: true,
  mine: null,
  guests: [],
  summary: {
    rule: 'count',
    ruleText: '3 trustees',
    serving: 2,
    required: 3,
    expectedAttending: 0,
    apologies: 0,
    notSure: 0,
    noAnswer: 2,
    expectedQuorate: false,
    recordedPresent: 1,
    recordedQuorate: false,
  },
  members: [
    {
      userId: OTHER_TRUSTEE_ID,
      name: 'Oscar Other',
      role: 'trustee',
      recorded: null,
      response: null,
      reason: null,
      respondedAt: null,
    },
    {
      userId: TRUSTEE_ID,
      name: 'Tina Trustee',
      role: 'trustee',
      recorded: 'present',
      response: null,
      reason: null,
      respondedAt: null,
    },
  ],
});

describe('who signs the minutes', () => {
  it('lets an admin record who chaired the meeting and name a signer, people present first', async () => {
    const { user } = openMeeting('admin', 'approved', sheet());
    const puts: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'PUT')
        void request
          .clone()
          .json()
          .then((body) => puts.push([new URL(request.url).pathname, body]));
    });
    const form = await screen.findByRole('form', { name: 'Who signs the minutes' });
    const chaired = within(form).getByLabelText('Chaired by');
    const options = within(chaired)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options.slice(0, 3)).toEqual(['Not recorded', 'Tina Trustee (present)', 'Oscar Other']);
    await user.selectOptions(chaired, String(TRUSTEE_ID));
    await user.selectOptions(
      within(form).getByLabelText('Also named to sign'),
      String(OTHER_TRUSTEE_ID),
    );
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(puts).toEqual([
        ['/api/meetings/7/chair', { userId: TRUSTEE_ID }],
        ['/api/meetings/7/written-minutes/signer', { userId: OTHER_TRUSTEE_ID }],
      ]),
    );
    expect(signingDb.meetingChairs.get(7)?.name).toBe('Tina Trustee');
    expect(signingDb.minutesSigners.get(7)?.name).toBe('Oscar Other');
  });

  it("shows the server's 400 under the field", async () => {
    const { user } = openMeeting('chair', 'approved', sheet());
    server.use(
      http.put('/api/meetings/7/chair', () =>
        HttpResponse.json(
          {
            message: 'Validation failed',
            errors: { userId: 'This person cannot read this meeting, so cannot have chaired it' },
          },
          { status: 400 },
        ),
      ),
    );
    const form = await screen.findByRole('form', { name: 'Who signs the minutes' });
    await user.selectOptions(within(form).getByLabelText('Chaired by'), String(OTHER_TRUSTEE_ID));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText(
        'This person cannot read this meeting, so cannot have chaired it',
      ),
    ).toBeVisible();
    expect(within(form).getByLabelText('Chaired by')).toHaveAttribute('aria-invalid', 'true');
  });

  it('is not shown to a trustee', async () => {
    await openMeeting('trustee', 'approved', sheet()).ready;
    expect(await within(section()).findByText(/Not signed yet/)).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Who signs the minutes' })).toBeNull();
  });
});
