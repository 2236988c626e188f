// The governance page as the app composes it: the governance feature's resolutions and declarations with
// the signing feature's certificate and signature (spec §16 Signing). Who sees 'Certify' and 'Sign my
// declaration', the dialog, and the download once signed.
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { signatureFixture, signingDb } from '@/testing/mocks/signing';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';
import { CHAIR_ID, OTHER_TRUSTEE_ID, TRUSTEE_ID, db } from '@/testing/mocks/db';
import type { Resolution, DeclarationMember } from '@/features/governance/types';

const resolution = (id: number, status: Resolution['status'], title: string): Resolution => ({
  id,
  title,
  text: 'That the board adopts it.',
  closesAt: '2030-01-01T12:00:00Z',
  threshold: 'majority',
  thresholdCount: null,
  proposedByName: 'Charlie Chair',
  proposedAt: '2029-12-01T12:00:00Z',
  status,
  decidedAt: status === 'open' ? null : '2029-12-10T12:00:00Z',
  decidedEarly: false,
  papers: [],
  voters: [],
  eligibleCount: 3,
  votedCount: 3,
  canVote: false,
  myVote: null,
  tally: null,
  votes: null,
});

function serveResolutions() {
  const sent: unknown[] = [];
  server.use(
    http.get('/api/resolutions', () =>
      HttpResponse.json([
        resolution(5, 'passed', 'Adopt the reserves policy'),
        resolution(6, 'open', 'Open question'),
        resolution(7, 'failed', 'Sell the building'),
      ]),
    ),
  );
  server.events.on('request:start', ({ request }) => {
    if (request.url.endsWith('/certify'))
      void request
        .clone()
        .json()
        .then((body) => sent.push(body));
  });
  return sent;
}

const member = (userId: number, name: string, declared: boolean): DeclarationMember => ({
  userId,
  name,
  declared,
  declaredAt: declared ? '2030-02-01T10:00:00Z' : null,
  declaredName: declared ? name : null,
  mayBeDisqualified: declared ? false : null,
  over18: declared ? true : null,
  noDisqualification: declared ? true : null,
});

function serveRound(members: DeclarationMember[]) {
  const round = {
    id: 3,
    year: 2030,
    deadline: '2030-03-31',
    codeOfConductDocumentId: null,
    codeOfConductTitle: 'Code of conduct',
    openedAt: '2030-01-01T10:00:00Z',
    closedAt: null,
  };
  server.use(
    http.get('/api/declaration-rounds', () =>
      HttpResponse.json([
        { ...round, members: members.length, declared: 1, flagged: 0, mine: true },
      ]),
    ),
    http.get('/api/declaration-rounds/3', () => HttpResponse.json({ ...round, members })),
  );
}

const card = (title: string) => screen.findByRole('article', { name: title });

afterEach(() => server.events.removeAllListeners());

describe('certifying a passed written resolution', () => {
  it("offers the board's secretary Certify, recorded as Secretary, and tells others who certifies", async () => {
    db.governanceSettings.secretaryId = TRUSTEE_ID;
    db.governanceSettings.secretaryName = 'Tina Trustee';
    const sent = serveResolutions();
    const { user } = renderApp('/governance?tab=resolutions', { as: 'trustee' });
    const passed = await card('Adopt the reserves policy');
    await user.click(await within(passed).findByRole('button', { name: 'Certify' }));
    const dialog = screen.getByRole('dialog', { name: 'Certify resolution' });
    await user.type(within(dialog).getByLabelText(/Password/), 'password1');
    await user.click(within(dialog).getByRole('button', { name: 'Certify resolution' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ password: 'password1' }]);
    expect(await within(passed).findByText(/^Signed by Tina Trustee, Secretary/)).toBeVisible();
  });

  it('tells an admin that the chair or the secretary certifies', async () => {
    db.governanceSettings.secretaryId = TRUSTEE_ID;
    db.governanceSettings.secretaryName = 'Tina Trustee';
    serveResolutions();
    renderApp('/governance?tab=resolutions', { as: 'admin' });
    const passed = await card('Adopt the reserves policy');
    expect(
      await within(passed).findByText(
        'Not certified yet: the chair or the secretary (Tina Trustee) certifies passed resolutions.',
      ),
    ).toBeVisible();
    expect(within(passed).queryByRole('button', { name: 'Certify' })).toBeNull();
  });

  it('offers the chair Certify on a passed resolution only, and certifies with the password', async () => {
    const sent = serveResolutions();
    const { user } = renderApp('/governance?tab=resolutions', { as: 'chair' });
    const passed = await card('Adopt the reserves policy');
    const certify = await within(passed).findByRole('button', { name: 'Certify' });
    expect(
      within(await card('Open question')).queryByRole('button', { name: 'Certify' }),
    ).toBeNull();
    expect(
      within(await card('Sell the building')).queryByRole('button', { name: 'Certify' }),
    ).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Certify' })).toHaveLength(1);
    await user.click(certify);

    const dialog = screen.getByRole('dialog', { name: 'Certify resolution' });
    expect(within(dialog).getByText(/Certifying signs a PDF of this resolution/)).toBeVisible();
    await user.type(within(dialog).getByLabelText(/Password/), 'password1');
    await user.click(within(dialog).getByRole('button', { name: 'Certify resolution' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ password: 'password1' }]);
    expect(
      await within(passed).findByText(/^Signed by Charlie Chair, Chair of the board/),
    ).toBeVisible();
    expect(within(passed).getByRole('button', { name: 'Download certified PDF' })).toBeVisible();
    expect(within(passed).queryByRole('button', { name: 'Certify' })).toBeNull();
  });

  it('shows a trustee and an admin no Certify button, only who certifies', async () => {
    serveResolutions();
    for (const as of ['trustee', 'admin'] as const) {
      const view = renderApp('/governance?tab=resolutions', { as });
      const passed = await card('Adopt the reserves policy');
      expect(
        await within(passed).findByText(
          'Not certified yet: the chair certifies passed resolutions.',
        ),
      ).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Certify' })).toBeNull();
      view.unmount();
    }
  });

  it('shows everyone the certificate and the download once certified', async () => {
    serveResolutions();
    signingDb.records.set(
      'resolution:5',
      signatureFixture({ kind: 'resolution', role: 'Chair of the board' }),
    );
    renderApp('/governance?tab=resolutions', { as: 'trustee' });
    const passed = await card('Adopt the reserves policy');
    expect(await within(passed).findByText(/code ABCDE-FGH23$/)).toBeVisible();
    expect(within(passed).getByRole('button', { name: 'Download certified PDF' })).toBeVisible();
  });
});

describe("signing one's own declaration", () => {
  const trustees = () => screen.findByRole('list', { name: 'Trustees in the 2030 round' });
  const row = async (name: string) =>
    within(await trustees())
      .getByText(name)
      .closest('li') as HTMLElement;

  it('offers the trustee Sign my declaration on their own declaration only, once made', async () => {
    serveRound([
      member(TRUSTEE_ID, 'Tina Trustee', true),
      member(OTHER_TRUSTEE_ID, 'Olly Other', true),
      member(CHAIR_ID, 'Charlie Chair', false),
    ]);
    const { user } = renderApp('/governance?tab=declarations', { as: 'trustee' });
    const mine = await row('Tina Trustee');
    const sign = await within(mine).findByRole('button', { name: 'Sign my declaration' });
    expect(screen.getAllByRole('button', { name: 'Sign my declaration' })).toHaveLength(1);
    await user.click(sign);

    const dialog = screen.getByRole('dialog', { name: 'Sign my declaration' });
    await user.type(within(dialog).getByLabelText(/Password/), 'password1');
    await user.click(within(dialog).getByRole('button', { name: 'Sign declaration' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(mine).findByText(/^Signed by Tina Trustee, Trustee making/)).toBeVisible();
    expect(within(mine).getByRole('button', { name: 'Download signed PDF' })).toBeVisible();
  });

  it('shows no Sign button to a trustee who has not declared', async () => {
    serveRound([member(TRUSTEE_ID, 'Tina Trustee', false)]);
    renderApp('/governance?tab=declarations', { as: 'trustee' });
    expect(await screen.findByRole('button', { name: 'Make my declaration' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign my declaration' })).toBeNull();
  });

  it("shows an officer a trustee's signed declaration and its download, never a Sign button", async () => {
    serveRound([
      member(TRUSTEE_ID, 'Tina Trustee', true),
      member(OTHER_TRUSTEE_ID, 'Olly Other', true),
    ]);
    signingDb.records.set(
      `declaration:3:${TRUSTEE_ID}`,
      signatureFixture({ kind: 'declaration', signerName: 'Tina Trustee' }),
    );
    renderApp('/governance?tab=declarations', { as: 'chair' });
    const tina = await row('Tina Trustee');
    expect(await within(tina).findByRole('button', { name: 'Download signed PDF' })).toBeVisible();
    expect(await within(await row('Olly Other')).findByText('Not signed yet.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign my declaration' })).toBeNull();
  });
});
