// The Users page's Guests (spec §6 Guests): the list with what each pass names and until when, inviting
// (the body sent, the form's and the server's messages), changing a pass and ending access now.
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { formatDay } from '@/lib/format';
import { isoDaysFromNow } from '@/testing/mocks/db';
import { GUEST_ID, addGuest, endOfDay } from '@/testing/mocks/guests';
import { server } from '@/testing/mocks/server';
import { db, expectToast, renderApp, screen, waitFor, within } from '@/testing/test-utils';

const day = (offset: number) => dayjs().add(offset, 'day').format('YYYY-MM-DD');
const SCOPE_EMPTY = 'Name at least one meeting or document, or an audit period';

const guests = () => screen.findByRole('table', { name: 'Guests' });
const row = async (name: string) =>
  within(await guests())
    .getByText(name)
    .closest('tr') as HTMLElement;
const controls = (tr: HTMLElement) =>
  within(tr)
    .queryAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));

/** The bodies of the requests to `path` with `method`, as sent. */
function sentTo(method: string, path: string) {
  const bodies: unknown[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === method && new URL(request.url).pathname === path)
      void request
        .clone()
        .text()
        .then((text) => bodies.push(text ? JSON.parse(text) : null));
  });
  return bodies;
}

afterEach(() => server.events.removeAllListeners());

const spring = () => db.meetings.find((m) => m.id === 1)!;

describe("the Users page's guests", () => {
  it('lists each guest once, with why, what the pass names and until when', async () => {
    const lastDay = day(60);
    addGuest({
      purpose: 'External auditor for 2025-26',
      endsAt: endOfDay(lastDay),
      meetings: [{ id: 1, title: 'Spring Board Meeting', meetingDate: spring().meetingDate }],
      documents: [{ id: 1, title: 'Annual Accounts 2024' }],
      auditFrom: '2025-04-01',
      auditTo: '2026-03-31',
    });
    addGuest({
      id: GUEST_ID + 1,
      name: 'Larry Lawyer',
      email: 'larry@law.example',
      purpose: 'Advice on the lease',
      endsAt: isoDaysFromNow(-1),
      documents: [{ id: 2, title: 'Safeguarding Policy' }],
    });
    addGuest({
      id: GUEST_ID + 2,
      name: 'Olive Observer',
      email: 'olive@observers.example',
      invitationPending: true,
      meetings: [{ id: 1, title: 'Spring Board Meeting', meetingDate: spring().meetingDate }],
    });
    renderApp('/users', { as: 'admin' });

    const gina = await row('Gina Guest');
    expect(gina).toHaveTextContent('External auditor for 2025-26');
    expect(gina).toHaveTextContent('Invited by Alice Admin');
    const scope = within(gina).getByRole('list', { name: 'What Gina Guest may open' });
    expect(
      within(scope)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `Meeting: Spring Board Meeting (${formatDay(spring().meetingDate)})`,
      'Document: Annual Accounts 2024',
      'Audit period 1 Apr 2025 to 31 Mar 2026',
    ]);
    expect(within(gina).getByText(`Access until ${formatDay(lastDay)}`)).toBeVisible();
    expect(within(gina).queryByText('Invitation not accepted yet')).not.toBeInTheDocument();
    expect(controls(gina)).toEqual([
      'Change access for Gina Guest',
      'End access now for Gina Guest',
    ]);

    const larry = await row('Larry Lawyer');
    expect(within(larry).getByText('Ended')).toBeVisible();
    expect(controls(larry)).toEqual(['Change access for Larry Lawyer']);

    const olive = await row('Olive Observer');
    expect(within(olive).getByText('Invitation not accepted yet')).toBeVisible();

    // Guests are not listed again among the board's users.
    const users = screen.getByRole('table', { name: 'Users' });
    expect(within(users).getByText('Tina Trustee')).toBeInTheDocument();
    expect(within(users).queryByText('Gina Guest')).not.toBeInTheDocument();
    expect(within(users).queryByText('Larry Lawyer')).not.toBeInTheDocument();
  });

  it('invites a guest: the form checks what is missing, then the pass is posted and listed', async () => {
    const posted = sentTo('POST', '/api/guests');
    const { user } = renderApp('/users', { as: 'chair' });
    expect(await screen.findByText('No guests')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Invite a guest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a guest' });

    await user.click(within(dialog).getByRole('button', { name: 'Invite guest' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Purpose is required')).toBeInTheDocument();
    expect(
      within(dialog).getByText("Choose the last day of the guest's access"),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(SCOPE_EMPTY);
    expect(posted).toEqual([]);

    await user.type(within(dialog).getByLabelText(/^Name/), 'Olive Observer');
    await user.type(within(dialog).getByLabelText(/^Email/), 'olive@observers.example');
    await user.type(within(dialog).getByLabelText(/^Purpose/), 'Observer at the spring meeting');
    await user.type(within(dialog).getByLabelText(/^Last day of access/), day(30));
    const meetings = within(dialog).getByRole('group', { name: 'Meetings' });
    await user.click(
      within(meetings).getByRole('checkbox', {
        name: `Spring Board Meeting (${formatDay(spring().meetingDate)})`,
      }),
    );
    const documents = within(dialog).getByRole('group', { name: 'Documents' });
    await user.click(within(documents).getByRole('checkbox', { name: 'Annual Accounts 2024' }));
    await waitFor(() => expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: 'Invite guest' }));

    await expectToast('Guest invited', 'An invitation to olive@observers.example is queued.');
    expect(posted).toEqual([
      {
        name: 'Olive Observer',
        email: 'olive@observers.example',
        purpose: 'Observer at the spring meeting',
        endsOn: day(30),
        meetingIds: [1],
        documentIds: [1],
      },
    ]);
    const olive = await row('Olive Observer');
    expect(within(olive).getByText('Invitation not accepted yet')).toBeVisible();
    expect(within(olive).getByText(`Access until ${formatDay(day(30))}`)).toBeVisible();
  });

  it("shows the server's field messages on their fields, and 'nothing named' on the form", async () => {
    server.use(
      http.post('/api/guests', () =>
        HttpResponse.json(
          {
            message: 'Validation failed',
            errors: {
              email: 'Please enter a valid email address',
              endsOn: "A guest's access can last at most a year; extend it later if needed",
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/users', { as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Invite a guest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a guest' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Gina Guest');
    await user.type(within(dialog).getByLabelText(/^Email/), 'gina@auditors.example');
    await user.type(within(dialog).getByLabelText(/^Purpose/), 'Audit');
    await user.type(within(dialog).getByLabelText(/^Audit period from/), '2025-04-01');
    await user.type(within(dialog).getByLabelText(/^Audit period to/), '2026-03-31');
    await user.type(within(dialog).getByLabelText(/^Last day of access/), day(30));
    await user.click(within(dialog).getByRole('button', { name: 'Invite guest' }));

    expect(await within(dialog).findByText('Please enter a valid email address')).toBeVisible();
    expect(within(dialog).getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(
      within(dialog).getByText(
        "A guest's access can last at most a year; extend it later if needed",
      ),
    ).toBeVisible();
    expect(within(dialog).getByLabelText(/^Last day of access/)).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    // What was typed is kept.
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Gina Guest');

    server.use(
      http.post('/api/guests', () =>
        HttpResponse.json(
          { message: 'Validation failed', errors: { scope: SCOPE_EMPTY } },
          { status: 400 },
        ),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Invite guest' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SCOPE_EMPTY);

    server.use(
      http.post('/api/guests', () =>
        HttpResponse.json({ message: 'A user with this email already exists' }, { status: 409 }),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Invite guest' }));
    expect(
      await within(dialog).findByText('A user with this email already exists'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Invite a guest' })).toBeInTheDocument();
  });

  it("changes a guest's access from the pass as it stands, sending the whole pass", async () => {
    addGuest({
      purpose: 'Observer',
      endsAt: endOfDay(day(10)),
      meetings: [{ id: 1, title: 'Spring Board Meeting', meetingDate: spring().meetingDate }],
    });
    const put = sentTo('PUT', `/api/guests/${GUEST_ID}`);
    const { user } = renderApp('/users', { as: 'admin' });
    await user.click(
      within(await row('Gina Guest')).getByRole('button', {
        name: 'Change access for Gina Guest',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change access' });
    expect(within(dialog).getByText(/Gina Guest \(gina@auditors.example\)/)).toBeVisible();
    expect(within(dialog).queryByLabelText(/^Email/)).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Purpose/)).toHaveValue('Observer');
    const lastDay = within(dialog).getByLabelText(/^Last day of access/);
    expect(lastDay).toHaveValue(day(10));
    const meeting = within(dialog).getByRole('checkbox', {
      name: `Spring Board Meeting (${formatDay(spring().meetingDate)})`,
    });
    expect(meeting).toBeChecked();

    await user.clear(lastDay);
    await user.type(lastDay, day(40));
    await user.click(meeting);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Safeguarding Policy' }));
    await user.type(within(dialog).getByLabelText(/^Audit period from/), '2025-04-01');
    await user.type(within(dialog).getByLabelText(/^Audit period to/), '2026-03-31');
    await user.click(within(dialog).getByRole('button', { name: 'Save access' }));

    await expectToast('Access changed');
    expect(put).toEqual([
      {
        purpose: 'Observer',
        endsOn: day(40),
        meetingIds: [],
        documentIds: [2],
        auditFrom: '2025-04-01',
        auditTo: '2026-03-31',
      },
    ]);
    const gina = await row('Gina Guest');
    await waitFor(() =>
      expect(within(gina).getByText(`Access until ${formatDay(day(40))}`)).toBeVisible(),
    );
    expect(gina).toHaveTextContent('Document: Safeguarding Policy');
    expect(gina).toHaveTextContent('Audit period 1 Apr 2025 to 31 Mar 2026');
    expect(gina).not.toHaveTextContent('Meeting:');
  });

  it("ends a guest's access now, after asking", async () => {
    addGuest({ documents: [{ id: 1, title: 'Annual Accounts 2024' }] });
    const ended = sentTo('POST', `/api/guests/${GUEST_ID}/end`);
    const { user } = renderApp('/users', { as: 'admin' });
    await user.click(
      within(await row('Gina Guest')).getByRole('button', {
        name: 'End access now for Gina Guest',
      }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'End access now' });
    expect(confirm).toHaveTextContent(
      "End Gina Guest's access now? They are signed out at once and can no longer sign in.",
    );
    await user.click(within(confirm).getByRole('button', { name: 'End access' }));

    await expectToast('Access ended', 'Gina Guest can no longer sign in.');
    await waitFor(() => expect(ended).toHaveLength(1));
    const gina = await row('Gina Guest');
    expect(await within(gina).findByText('Ended')).toBeVisible();
    expect(controls(gina)).toEqual(['Change access for Gina Guest']);
    expect(db.sessions.some((s) => s.userId === GUEST_ID)).toBe(false);
  });

  it("sends a guest's invitation again while they have not chosen a password", async () => {
    addGuest({ invitationPending: true, documents: [{ id: 1, title: 'Annual Accounts 2024' }] });
    const resent = sentTo('POST', `/api/users/${GUEST_ID}/invitation`);
    const { user } = renderApp('/users', { as: 'chair' });
    await user.click(
      within(await row('Gina Guest')).getByRole('button', {
        name: 'Resend the invitation to Gina Guest',
      }),
    );
    await expectToast(
      'Invitation sent again',
      'A new invitation to gina@auditors.example is queued.',
    );
    expect(resent).toHaveLength(1);
  });
});
