import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { currentPath, renderApp, screen, waitFor, within } from '@/testing/test-utils';
import { withPhoneWidth } from '@/testing/phone-width';
import type { Decision } from '@/types/api';

const decisions: Decision[] = [
  {
    date: '2030-03-05T18:30:00.000Z',
    source: 'minutes',
    meetingId: 7,
    meetingTitle: 'Spring board meeting',
    item: '2. Budget 2031',
    resolutionId: null,
    text: 'The budget for 2031 was approved.',
    minutesStatus: 'approved',
  },
  {
    date: '2030-02-01T12:00:00.000Z',
    source: 'resolution',
    meetingId: null,
    meetingTitle: null,
    item: null,
    resolutionId: 4,
    text: 'New bank: The charity moves its account.',
    minutesStatus: null,
  },
];

describe('DecisionsPage', () => {
  it('lists the register, searches it, exports the CSV and links to the meeting', async () => {
    const searched: (string | null)[] = [];
    const exported: string[] = [];
    server.use(
      http.get('/api/meetings/7', () =>
        HttpResponse.json({ message: 'Meeting not found' }, { status: 404 }),
      ),
      http.get('/api/decisions', ({ request }) => {
        const q = new URL(request.url).searchParams.get('q');
        searched.push(q);
        return HttpResponse.json(q ? decisions.filter((d) => d.text.includes(q)) : decisions);
      }),
      http.get('/api/decisions.csv', ({ request }) => {
        exported.push(new URL(request.url).search);
        return new HttpResponse('Date,Meeting\n', {
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="decisions-register.csv"',
          },
        });
      }),
    );
    const names: string[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:csv'), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    const { user } = renderApp('/decisions', { as: 'trustee' });
    expect(await screen.findByRole('heading', { name: 'Decisions register' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Decisions' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Spring board meeting');
    expect(rows[1]).toHaveTextContent('2. Budget 2031');
    expect(rows[1]).toHaveTextContent('The budget for 2031 was approved.');
    expect(rows[1]).toHaveTextContent('Minutes approved');
    expect(rows[2]).toHaveTextContent('Written resolution');
    expect(rows[2]).toHaveTextContent('Resolution passed');

    await user.type(screen.getByLabelText('Search decisions'), 'budget');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Showing results for "budget"')).toBeInTheDocument();
    expect(screen.queryByText('Written resolution')).toBeNull();
    expect(searched).toEqual([null, 'budget']);

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(names).toEqual(['decisions-register.csv']));
    expect(exported).toEqual(['?q=budget']);
    click.mockRestore();

    await user.click(await screen.findByRole('link', { name: 'Spring board meeting' }));
    await waitFor(() => expect(currentPath()).toBe('/meetings/7'));
  });

  it('is in the sidebar for a trustee and says when nothing is recorded', async () => {
    const { user } = renderApp('/', { as: 'trustee' });
    await user.click(await screen.findByRole('link', { name: 'Decisions' }));
    expect(await screen.findByText('No decisions recorded')).toBeInTheDocument();
  });
});

describe('DecisionsPage on a 360 px phone', () => {
  withPhoneWidth();

  it('shows each decision as a card with its labelled fields', async () => {
    server.use(http.get('/api/decisions', () => HttpResponse.json(decisions.slice(0, 1))));
    renderApp('/decisions', { as: 'trustee' });
    const list = await screen.findByRole('list', { name: 'Decisions' });
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(list).getByRole('listitem');
    expect(card).toHaveTextContent('The budget for 2031 was approved.');
    expect(card).toHaveTextContent('Meeting');
    expect(within(card).getByRole('link', { name: 'Spring board meeting' })).toBeInTheDocument();
  });
});
