import { db, expectToast, renderApp, screen, waitFor, within } from '@/testing/test-utils';
import { isoDaysFromNow } from '@/testing/mocks/db';

describe('notices page', () => {
  it('hides expired notices until the switch is on, then marks them Expired', async () => {
    const { user } = renderApp('/notices', { as: 'trustee' });
    const pinned = await screen.findByRole('article', { name: 'Office closed' });
    expect(within(pinned).getByText('Pinned')).toBeInTheDocument();
    expect(within(pinned).queryByText('Expired')).not.toBeInTheDocument();
    expect(screen.queryByText('Old announcement')).not.toBeInTheDocument();
    expect(screen.getByText('1 notice')).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Show expired notices' }));
    const old = await screen.findByRole('article', { name: 'Old announcement' });
    expect(within(old).getAllByText('Expired').length).toBeGreaterThan(0);
    expect(old).toHaveAttribute('data-expired', 'true');
    expect(screen.getByText('2 notices')).toBeInTheDocument();
  });

  it('treats a notice whose expiry has passed as expired even if the server did not', async () => {
    db.notices.push({
      id: 9,
      title: 'Just lapsed',
      content: 'x',
      priority: 'normal',
      pinned: false,
      expiresAt: isoDaysFromNow(-0.01),
      publishedAt: isoDaysFromNow(-1),
      expired: false,
    });
    const { user } = renderApp('/notices', { as: 'trustee' });
    await screen.findByText('Office closed');
    expect(screen.queryByText('Just lapsed')).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Show expired notices' }));
    const card = await screen.findByRole('article', { name: 'Just lapsed' });
    expect(card).toHaveAttribute('data-expired', 'true');
  });

  it('shows a future expiry date without the Expired badge', async () => {
    db.notices[0].expiresAt = '2099-03-01T12:00:00Z';
    renderApp('/notices', { as: 'trustee' });
    const card = await screen.findByRole('article', { name: 'Office closed' });
    expect(within(card).getByText('Expires Mar 1, 2099')).toBeInTheDocument();
    expect(within(card).queryByText('Expired')).not.toBeInTheDocument();
  });

  it('hides post and delete from a trustee', async () => {
    renderApp('/notices', { as: 'trustee' });
    await screen.findByText('Office closed');
    expect(screen.queryByRole('button', { name: 'Post Notice' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    db.notices = [];
    renderApp('/notices', { as: 'trustee' });
    expect(await screen.findByText('No notices found')).toBeInTheDocument();
  });

  it('validates and posts a notice', async () => {
    const { user } = renderApp('/notices', { as: 'chair' });
    await user.click(await screen.findByRole('button', { name: 'Post Notice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post Notice' });
    expect(within(dialog).getByLabelText('Priority')).toHaveValue('normal');
    await user.click(within(dialog).getByRole('button', { name: 'Post Notice' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Content is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Title/), 'New policy');
    await user.type(within(dialog).getByLabelText(/^Content/), 'Please read it.');
    await user.click(within(dialog).getByRole('switch', { name: 'Pin this notice to the top' }));
    await user.click(within(dialog).getByRole('button', { name: 'Post Notice' }));
    await expectToast('Notice created successfully');
    expect(await screen.findByRole('article', { name: 'New policy' })).toBeInTheDocument();
    expect(db.notices[0]).toMatchObject({ pinned: true, priority: 'normal', expiresAt: null });
  });

  it('asks before deleting a notice', async () => {
    const { user } = renderApp('/notices', { as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Delete Office closed' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this notice?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectToast('Notice deleted successfully');
    await waitFor(() => expect(screen.queryByText('Office closed')).not.toBeInTheDocument());
  });
});
