import { http, HttpResponse } from 'msw';
import { browser } from '@/lib/browser';
import { server } from '@/testing/mocks/server';
import { currentPath, db, renderApp, screen, waitFor, within } from '@/testing/test-utils';
import type { WrittenMinutesSummary } from '@/types/api';

describe('minutes page', () => {
  it('lists minutes with their type and the right button', async () => {
    renderApp('/minutes', { as: 'trustee' });
    expect(await screen.findByText('January Board Meeting')).toBeInTheDocument();
    expect(screen.getByText('PDF File')).toBeInTheDocument();
    expect(screen.getByText('External Link')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read January Board Meeting' })).toHaveAttribute(
      'href',
      '/read/minutes/1',
    );
    expect(screen.getByRole('button', { name: 'Open December Board Meeting' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload Minutes' })).not.toBeInTheDocument();
  });

  it.each(['admin', 'chair'] as const)('offers upload to a %s', async (as) => {
    renderApp('/minutes', { as });
    expect(await screen.findByRole('button', { name: 'Upload Minutes' })).toBeInTheDocument();
  });

  it('opens an uploaded PDF in the reader and a link directly', async () => {
    const fake = { location: { href: '' }, close: jest.fn(), opener: null } as unknown as Window;
    const open = jest.spyOn(browser, 'open').mockReturnValue(fake);
    const { user } = renderApp('/minutes', { as: 'trustee' });
    await user.click(await screen.findByRole('link', { name: 'Read January Board Meeting' }));
    await waitFor(() => expect(currentPath()).toBe('/read/minutes/1'));
    await user.click(screen.getByRole('link', { name: 'Back to minutes' }));
    await user.click(screen.getByRole('button', { name: 'Open December Board Meeting' }));
    expect(open).toHaveBeenLastCalledWith(
      'https://example.org/minutes/dec',
      '_blank',
      'noopener,noreferrer',
    );
    open.mockRestore();
  });

  it('shows the empty state', async () => {
    db.minutes = [];
    renderApp('/minutes', { as: 'trustee' });
    expect(await screen.findByText('No minutes found')).toBeInTheDocument();
    expect(screen.getByText('No meeting minutes have been uploaded yet.')).toBeInTheDocument();
  });

  it('searches, shows the no-match state and goes back to all minutes', async () => {
    const { user } = renderApp('/minutes', { as: 'trustee' });
    await screen.findByText('January Board Meeting');
    await user.type(screen.getByRole('searchbox', { name: 'Search minutes' }), 'budget');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No minutes found matching "budget"')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View all minutes' }));
    expect(await screen.findByText('January Board Meeting')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search minutes' }), 'january');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(screen.queryByText('December Board Meeting')).not.toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('December Board Meeting')).toBeInTheDocument();
  });

  it('validates the upload form', async () => {
    const { user } = renderApp('/minutes', { as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Upload Minutes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Minutes' });
    expect(within(dialog).getByLabelText('PDF File')).toHaveAttribute('accept', '.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Meeting date and time is required')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'External Link' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'External Link' }), 'not a url');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Please enter a valid URL')).toBeInTheDocument();
  });

  it('shows the status of uploaded and written minutes, and links written minutes to their meeting', async () => {
    const searched: (string | null)[] = [];
    const written: WrittenMinutesSummary[] = [
      {
        meetingId: 7,
        meetingTitle: 'Spring board meeting',
        meetingDate: '2030-03-05T18:30:00.000Z',
        version: 2,
        status: 'approved',
        approvedOn: '2030-06-05',
      },
      {
        meetingId: 8,
        meetingTitle: 'Summer board meeting',
        meetingDate: '2030-06-05T18:30:00.000Z',
        version: 1,
        status: 'circulated',
        approvedOn: null,
      },
    ];
    server.use(
      http.get('/api/written-minutes', ({ request }) => {
        const search = new URL(request.url).searchParams.get('search');
        searched.push(search);
        return HttpResponse.json(
          search ? written.filter((m) => m.meetingTitle.toLowerCase().includes(search)) : written,
        );
      }),
      http.get('/api/meetings/7', () =>
        HttpResponse.json({ message: 'Meeting not found' }, { status: 404 }),
      ),
    );
    const { user } = renderApp('/minutes', { as: 'trustee' });
    const uploaded = await screen.findByRole('table', { name: 'Minutes' });
    expect(within(uploaded).getAllByText('Uploaded', { selector: 'span' })).toHaveLength(2);
    const table = await screen.findByRole('table', { name: 'Written minutes' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Spring board meeting');
    expect(rows[1]).toHaveTextContent('Approved');
    expect(rows[1]).toHaveTextContent('2, approved Jun 5, 2030');
    expect(rows[2]).toHaveTextContent('Circulated');

    await user.type(screen.getByRole('searchbox', { name: 'Search minutes' }), 'spring');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByText('Summer board meeting')).not.toBeInTheDocument());
    expect(searched).toEqual([null, 'spring']);
    await user.click(screen.getByRole('link', { name: 'Spring board meeting' }));
    await waitFor(() => expect(currentPath()).toBe('/meetings/7'));
  });
});
