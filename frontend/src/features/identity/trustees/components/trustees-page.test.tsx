import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, within } from '@/testing/test-utils';

describe('trustee directory', () => {
  it('shows the cards, the count and the summary', async () => {
    renderApp('/trustees', { as: 'trustee' });
    const card = await screen.findByRole('article', { name: 'Tina Trustee' });
    expect(within(card).getByRole('link', { name: 'tina@charity.org' })).toHaveAttribute(
      'href',
      'mailto:tina@charity.org',
    );
    expect(within(card).getByText('Finance Committee (Chair)')).toBeInTheDocument();
    expect(within(card).getByText('Joined Jan 5, 2025')).toBeInTheDocument();
    expect(screen.getByText('4 members')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Directory summary' });
    expect(within(summary).getByText('Administrators').previousSibling).toHaveTextContent('1');
    expect(within(summary).getByText('Committee Chairs').previousSibling).toHaveTextContent('1');
    expect(within(summary).getByText('Board Trustees').previousSibling).toHaveTextContent('4');
    expect(within(summary).getByText('On Committees').previousSibling).toHaveTextContent('2');
  });

  it('filters by the search box and shows the empty state', async () => {
    const { user } = renderApp('/trustees', { as: 'trustee' });
    await screen.findByRole('article', { name: 'Tina Trustee' });
    await user.type(screen.getByRole('searchbox', { name: 'Search trustees' }), 'oscar');
    expect(screen.getByText('1 member')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Tina Trustee' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search trustees' }), 'zzz');
    expect(screen.getByText('No trustees found')).toBeInTheDocument();
  });

  it('shows the empty state when the directory is empty', async () => {
    server.use(http.get('/api/trustees/active', () => HttpResponse.json([])));
    renderApp('/trustees', { as: 'admin' });
    expect(await screen.findByText('No trustees found')).toBeInTheDocument();
    expect(screen.getByText('0 members')).toBeInTheDocument();
  });
});

describe('trustee directory terms', () => {
  it('shows when a trustee’s current term ends', async () => {
    renderApp('/trustees', { as: 'trustee' });
    const card = await screen.findByRole('article', { name: 'Tina Trustee' });
    expect(await within(card).findByText('Term ends Jun 30, 2027')).toBeInTheDocument();
  });
});
