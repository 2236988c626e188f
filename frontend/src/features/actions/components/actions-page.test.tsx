import { db, expectToast, renderApp, screen, waitFor, within } from '@/testing/test-utils';

const row = (title: string) => screen.getByText(title).closest('tr') as HTMLElement;
const selector = (title: string) => screen.queryByRole('combobox', { name: `Status of ${title}` });

describe('actions page', () => {
  it('lets a trustee change only the status of their own open actions', async () => {
    renderApp('/actions', { as: 'trustee' });
    await screen.findByText('Review budget');
    expect(selector('Review budget')).toBeInTheDocument();
    expect(selector('Update risk register')).not.toBeInTheDocument();
    expect(selector('File charity return')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Action' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it.each(['admin', 'chair'] as const)(
    'lets a %s change any open action and create and delete',
    async (as) => {
      renderApp('/actions', { as });
      await screen.findByText('Review budget');
      expect(selector('Review budget')).toBeInTheDocument();
      expect(selector('Update risk register')).toBeInTheDocument();
      expect(selector('File charity return')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Create Action' })).toBeInTheDocument();
      expect(
        screen.getByRole('button', { name: 'Delete File charity return' }),
      ).toBeInTheDocument();
    },
  );

  it('offers pending, in progress and complete in the selector', async () => {
    renderApp('/actions', { as: 'admin' });
    await screen.findByText('Review budget');
    const options = within(selector('Review budget') as HTMLElement).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Pending', 'In Progress', 'Complete']);
  });

  it('updates a status and removes the selector once complete', async () => {
    const { user } = renderApp('/actions', { as: 'trustee' });
    await screen.findByText('Review budget');
    await user.selectOptions(selector('Review budget') as HTMLElement, 'complete');
    await expectToast('Action updated successfully');
    await waitFor(() => expect(selector('Review budget')).not.toBeInTheDocument());
    expect(within(row('Review budget')).getByText('Complete')).toBeInTheDocument();
  });

  it('shows the assignee name or User #id and No deadline', async () => {
    renderApp('/actions', { as: 'trustee' });
    await screen.findByText('Review budget');
    expect(within(row('Update risk register')).getByText('User #4')).toBeInTheDocument();
    expect(within(row('Update risk register')).getByText('No deadline')).toBeInTheDocument();
    expect(within(row('Review budget')).getByText('Tina Trustee')).toBeInTheDocument();
  });

  it('links an action recorded in minutes back to its meeting', async () => {
    renderApp('/actions', { as: 'trustee' });
    await screen.findByText('Review budget');
    expect(
      within(row('Update risk register')).getByRole('link', {
        name: 'Meeting of Update risk register',
      }),
    ).toHaveAttribute('href', '/meetings/7');
    expect(within(row('Review budget')).queryByRole('link')).toBeNull();
  });

  it('filters by the counter cards and Show All clears the filter', async () => {
    const { user } = renderApp('/actions', { as: 'trustee' });
    await screen.findByText('Review budget');
    await user.click(screen.getByRole('button', { name: /^Complete 1$/ }));
    expect(screen.queryByText('Review budget')).not.toBeInTheDocument();
    expect(screen.getByText('File charity return')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Overdue 0$/ }));
    expect(screen.getByText('No actions found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show All' }));
    expect(screen.getByText('Review budget')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    db.actions = [];
    renderApp('/actions', { as: 'trustee' });
    expect(await screen.findByText('No actions found')).toBeInTheDocument();
  });

  it('validates and creates an action', async () => {
    const { user } = renderApp('/actions', { as: 'chair' });
    await user.click(await screen.findByRole('button', { name: 'Create Action' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Action' });
    expect(within(dialog).getByLabelText('Priority')).toHaveValue('medium');
    await user.click(within(dialog).getByRole('button', { name: 'Create Action' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Assignee is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Title/), 'Book venue');
    await within(dialog).findByRole('option', { name: 'Oscar Other' });
    await user.selectOptions(within(dialog).getByLabelText(/^Assign To/), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Create Action' }));
    await expectToast('Action created successfully');
    expect(await screen.findByText('Book venue')).toBeInTheDocument();
    expect(db.actions[0]).toMatchObject({ assignedTo: 4, dueDate: null, priority: 'medium' });
  });

  it('asks before deleting', async () => {
    const { user } = renderApp('/actions', { as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Delete Review budget' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete this action? This cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectToast('Action deleted successfully');
    await waitFor(() => expect(screen.queryByText('Review budget')).not.toBeInTheDocument());
  });
});
