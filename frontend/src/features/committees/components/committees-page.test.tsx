import { OTHER_TRUSTEE_ID, TRUSTEE_ID } from '@/testing/mocks/db';
import { announceMessage } from '@/testing/mocks/handlers';
import { db, expectToast, renderApp, screen, waitFor, within } from '@/testing/test-utils';
import { isNearBottom } from '@/features/committees/components/committee-chat';

async function openFinance(as: Parameters<typeof renderApp>[1] extends infer O ? O : never) {
  const view = renderApp('/committees', as);
  await view.user.click(await screen.findByRole('button', { name: /Finance Committee/ }));
  await screen.findByRole('region', { name: 'Finance Committee' });
  return view;
}

describe('committees page', () => {
  it('lists the committees and asks to select one', async () => {
    renderApp('/committees', { as: 'trustee' });
    expect(await screen.findByRole('heading', { name: 'Your Committees' })).toBeInTheDocument();
    expect(screen.getByText('Select a Committee')).toBeInTheDocument();
    const item = await screen.findByRole('button', { name: /Finance Committee/ });
    expect(item).toHaveTextContent('2 members');
    expect(within(item).getByTitle('You chair this committee')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Committee' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Committees shown' })).not.toBeInTheDocument();
  });

  it('opens the committee and tab the address names (a search result)', async () => {
    renderApp('/committees?committee=1&tab=documents', { as: 'trustee' });
    await screen.findByRole('region', { name: 'Finance Committee' });
    expect(screen.getByRole('tab', { name: 'Documents' })).toHaveAttribute('aria-selected', 'true');
  });

  it("opens an archived committee in the admins' archived list", async () => {
    renderApp('/committees?committee=2&tab=chat', { as: 'admin' });
    await screen.findByRole('region', { name: 'Old Working Group' });
    expect(screen.getByRole('tab', { name: 'Live Chat' })).toHaveAttribute('aria-selected', 'true');
  });

  it('lets the committee chair archive and manage members', async () => {
    const { user } = await openFinance({ as: 'trustee' });
    expect(screen.getByRole('button', { name: 'Archive' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Members/ }));
    expect(await screen.findByRole('button', { name: 'Add Member' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Remove Oscar Other' })).toBeInTheDocument();
  });

  it('gives a plain member no archive or member controls', async () => {
    const { user } = await openFinance({ as: OTHER_TRUSTEE_ID });
    expect(screen.queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Members/ }));
    expect(await screen.findByText('Tina Trustee')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });

  it('gives an admin create, the archived toggle and delete for archived committees', async () => {
    const { user } = renderApp('/committees', { as: 'admin' });
    expect(await screen.findByRole('button', { name: 'Create Committee' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Archived' }));
    await user.click(await screen.findByRole('button', { name: /Old Working Group/ }));
    const detail = await screen.findByRole('region', { name: 'Old Working Group' });
    expect(within(detail).getByText('Archived')).toBeInTheDocument();
    expect(within(detail).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
    expect(
      within(detail).getByText('This committee is archived. Its chat is read-only.'),
    ).toBeInTheDocument();
    expect(within(detail).queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();

    await user.click(within(detail).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Are you sure you want to permanently delete this committee? This action cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectToast('Committee deleted successfully');
    expect(await screen.findByText('Select a Committee')).toBeInTheDocument();
  });

  it('archives a committee and deselects it', async () => {
    const { user } = await openFinance({ as: 'chair' });
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Archive' }),
    );
    await expectToast('Committee archived successfully');
    expect(await screen.findByText('Select a Committee')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Finance Committee/ })).not.toBeInTheDocument();
  });

  it('sends on Enter, not on Shift+Enter, and never sends blank messages', async () => {
    const { user } = await openFinance({ as: 'trustee' });
    const input = screen.getByRole('textbox', { name: 'Message' });
    // The label stays above the empty field (never over its placeholder); the keys are its description.
    expect(input).toHaveAttribute('placeholder', 'Type a message');
    expect(document.querySelector(`label[for="${input.id}"]`)).toHaveAttribute(
      'data-shrink',
      'true',
    );
    expect(input).toHaveAccessibleDescription('Enter sends, Shift+Enter adds a line.');
    const sent = () => db.messages.length;
    const before = sent();

    await user.type(input, '   ');
    await user.keyboard('{Enter}');
    expect(sent()).toBe(before);
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();

    await user.clear(input);
    await user.type(input, 'Line one');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(sent()).toBe(before);
    expect(input).toHaveValue('Line one\n');

    await user.type(input, 'Line two');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sent()).toBe(before + 1));
    expect(db.messages.at(-1)?.message).toBe('Line one\nLine two');
    await waitFor(() => expect(input).toHaveValue(''));
    expect(await screen.findByText(/Line two/)).toBeInTheDocument();
  });

  it('shows messages posted by others live, from the stream, without polling', async () => {
    await openFinance({ as: OTHER_TRUSTEE_ID });
    expect(await screen.findByText('Welcome to the finance committee')).toBeInTheDocument();
    const posted = {
      committeeId: 1,
      id: 5000,
      message: 'Budget draft is ready',
      sentAt: '2025-01-06T10:00:00Z',
      user: { id: TRUSTEE_ID, name: 'Tina Trustee' },
    };
    // Not in the list the chat loaded: it can only arrive through the stream.
    await waitFor(
      () =>
        announceMessage(posted) ??
        expect(screen.getByText('Budget draft is ready')).toBeInTheDocument(),
    );
    expect(screen.getAllByText('Budget draft is ready')).toHaveLength(1);
    expect(screen.queryByText(/Live updates are unavailable/)).not.toBeInTheDocument();
  });

  it('loads older messages as the reader scrolls up, until the whole history is shown', async () => {
    db.messages = Array.from({ length: 250 }, (_, n) => ({
      committeeId: 1,
      id: n + 1,
      message: `Message number ${n + 1}`,
      sentAt: '2025-01-05T10:00:00Z',
      user: { id: TRUSTEE_ID, name: 'Tina Trustee' },
    }));
    const { user } = await openFinance({ as: OTHER_TRUSTEE_ID });
    expect(await screen.findByText('Message number 250')).toBeInTheDocument();
    expect(screen.getByText('Message number 51')).toBeInTheDocument();
    expect(screen.queryByText('Message number 50')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load older messages' }));
    expect(await screen.findByText('Message number 1')).toBeInTheDocument();
    expect(screen.getAllByText(/^Message number /)).toHaveLength(250);
    expect(screen.queryByRole('button', { name: 'Load older messages' })).not.toBeInTheDocument();
  });

  it('uploads a committee document named after its file', async () => {
    const { user } = await openFinance({ as: OTHER_TRUSTEE_ID });
    await user.click(screen.getByRole('tab', { name: 'Documents' }));
    const file = new File(['hello'], 'budget-notes.pdf', { type: 'application/pdf' });
    await user.upload(await screen.findByLabelText('Committee document file'), file);
    await expectToast('Document uploaded successfully');
    expect(await screen.findByText('budget-notes.pdf')).toBeInTheDocument();
  });

  it('validates the create form and adds a member', async () => {
    const { user } = renderApp('/committees', { as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Create Committee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Committee' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Committee' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Name/), 'Events');
    await user.click(within(dialog).getByRole('button', { name: 'Create Committee' }));
    await expectToast('Committee created successfully');
    const detail = await screen.findByRole('region', { name: 'Events' });

    await user.click(within(detail).getByRole('tab', { name: /Members/ }));
    await user.click(await within(detail).findByRole('button', { name: 'Add Member' }));
    expect(await within(detail).findByText('Please select a user')).toBeInTheDocument();
    const select = within(detail).getByLabelText('Add member');
    await within(select).findByRole('option', { name: 'Oscar Other' });
    expect(within(select).queryByRole('option', { name: 'Alice Admin' })).not.toBeInTheDocument();
    await user.selectOptions(select, String(OTHER_TRUSTEE_ID));
    await user.click(within(detail).getByRole('button', { name: 'Add Member' }));
    await expectToast('Member added successfully');
    expect(await within(detail).findByText('Oscar Other')).toBeInTheDocument();
  });

  it('follows new messages only within 50 px of the bottom', () => {
    expect(isNearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 550 })).toBe(true);
    expect(isNearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 549 })).toBe(false);
  });
});
