import { searchDb, type IndexedRecord } from '@/testing/mocks/search';
import { withPhoneWidth } from '@/testing/phone-width';
import { currentUrl, renderApp, screen, waitFor, within } from '@/testing/test-utils';

const lastRequest = () => searchDb.requests[searchDb.requests.length - 1];

const record = (n: number): IndexedRecord => ({
  kind: 'action',
  id: 1000 + n,
  title: `Lease action ${n}`,
  date: `2026-0${1 + (n % 9)}-1${n % 10}T10:00:00Z`,
  meeting: null,
  committee: null,
  category: null,
  text: 'Renew the lease of the office.',
});

describe('the results page', () => {
  it('groups the results by kind, each with its count, and counts them all', async () => {
    renderApp('/search?q=budget', { as: 'trustee' });
    expect(await screen.findByText('5 results for “budget”')).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Meeting papers (1)',
      'Library documents (2)',
      'Decisions (1)',
      'Committee chat (1)',
    ]);
    const library = screen.getByRole('region', { name: 'Library documents (2)' });
    const titles = within(library).getAllByRole('heading', { level: 3 });
    expect(titles.map((t) => t.textContent)).toEqual([
      'Annual Accounts 2024',
      'Safeguarding Policy(download)',
    ]);
    expect(within(library).getByText('Library document · Oct 1, 2026 · Finance')).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search for' })).toHaveValue('budget');
  });

  it('links each result to where it lives, and downloads a file the reader does not open', async () => {
    const { user } = renderApp('/search?q=budget', { as: 'trustee' });
    expect(await screen.findByRole('link', { name: 'Budget 2027' })).toHaveAttribute(
      'href',
      '/meetings/2/papers/12?q=budget',
    );
    expect(screen.getByRole('link', { name: 'Annual Accounts 2024' })).toHaveAttribute(
      'href',
      '/read/documents/1?q=budget',
    );
    expect(screen.getByRole('link', { name: 'Approve the budget' })).toHaveAttribute(
      'href',
      '/meetings/2#minutes',
    );
    expect(screen.getByRole('link', { name: 'Finance Committee chat' })).toHaveAttribute(
      'href',
      '/committees?committee=1&tab=chat',
    );
    const createObjectURL = jest.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    await user.click(screen.getByRole('button', { name: 'Safeguarding Policy (download)' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
  });

  it('marks the matched words and shows a snippet that looks like HTML as text', async () => {
    searchDb.records = [
      {
        ...record(1),
        title: 'Bold claims',
        text: 'A <b>bold</b> lease <img src=x onerror=alert(1)> renewal',
      },
    ];
    const { container } = renderApp('/search?q=lease', { as: 'trustee' });
    await screen.findByRole('link', { name: 'Bold claims' });
    const marks = Array.from(container.querySelectorAll('main mark')).map((m) => m.textContent);
    expect(marks).toEqual(['lease']);
    expect(container.querySelector('main b')).toBeNull();
    expect(container.querySelector('main img')).toBeNull();
    expect(screen.getByText(/A <b>bold<\/b>/)).toBeInTheDocument();
  });

  it('puts the filters in the address and the request', async () => {
    const { user } = renderApp('/search?q=budget', { as: 'trustee' });
    await user.click(await screen.findByRole('button', { name: 'Library documents (2)' }));
    await waitFor(() => expect(currentUrl()).toBe('/search?q=budget&kind=document'));
    await waitFor(() => expect(lastRequest().get('kind')).toBe('document'));
    expect(screen.getByRole('button', { name: 'Library documents (2)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The chips keep every kind's count; the list holds only the kind asked for.
    expect(await screen.findByText('2 results for “budget”')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Meeting papers (1)' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'finance');
    await waitFor(() =>
      expect(currentUrl()).toBe('/search?q=budget&kind=document&category=finance'),
    );
    await waitFor(() => expect(lastRequest().get('category')).toBe('finance'));
    expect(await screen.findByText('1 result for “budget”')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'date');
    await waitFor(() => expect(currentUrl()).toContain('&order=date'));
    await waitFor(() => expect(lastRequest().get('order')).toBe('date'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Meeting' }), '2');
    await waitFor(() => expect(lastRequest().get('meetingId')).toBe('2'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Committee' }), '1');
    await waitFor(() => expect(lastRequest().get('committeeId')).toBe('1'));
    await user.type(screen.getByLabelText('From'), '2026-01-01');
    await waitFor(() => expect(lastRequest().get('from')).toBe('2026-01-01'));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(currentUrl()).toBe('/search?q=budget&order=date'));
  });

  it('lists the results newest first, without groups, when ordered by date', async () => {
    renderApp('/search?q=budget&order=date', { as: 'trustee' });
    await screen.findByRole('link', { name: 'Budget 2027' });
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual([
      'Budget 2027',
      'Approve the budget',
      'Finance Committee chat',
      'Annual Accounts 2024',
      'Safeguarding Policy(download)',
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Results, newest first' })).toBeTruthy();
  });

  it('loads more results after the cursor', async () => {
    searchDb.records = Array.from({ length: 25 }, (_, i) => record(i + 1));
    const { user } = renderApp('/search?q=lease', { as: 'trustee' });
    await screen.findByRole('heading', { level: 2, name: 'Actions (25)' });
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(25));
    expect(lastRequest().get('cursor')).toBe('o20');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when nothing matches, with a hint', async () => {
    renderApp('/search?q=zebra', { as: 'trustee' });
    expect(await screen.findByText('No results for “zebra”')).toBeInTheDocument();
    expect(
      screen.getByText('Check the spelling, or try fewer words or fewer filters.'),
    ).toBeVisible();
  });

  it("shows a refused query's message under the field", async () => {
    renderApp(`/search?q=${'x'.repeat(201)}`, { as: 'trustee' });
    expect(await screen.findByText('Type between 1 and 200 characters.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search for' })).toHaveAccessibleDescription(
      'Type between 1 and 200 characters.',
    );
  });

  it("shows a refused date's message under the date", async () => {
    renderApp('/search?q=budget&from=2026-12-01&to=2026-01-01', { as: 'trustee' });
    expect(await screen.findByText('The start is after the end.')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveAccessibleDescription(
      'The start is after the end.',
    );
  });

  it('searches again from its own field', async () => {
    const { user } = renderApp('/search?q=budget', { as: 'trustee' });
    const field = await screen.findByRole('searchbox', { name: 'Search for' });
    await user.clear(field);
    await user.type(field, 'office{Enter}');
    await waitFor(() => expect(currentUrl()).toBe('/search?q=office'));
    expect(await screen.findByRole('link', { name: 'Office closed' })).toHaveAttribute(
      'href',
      '/notices',
    );
  });

  describe('on a phone', () => {
    withPhoneWidth();

    it('keeps the kind chips in view and the other filters behind a button', async () => {
      const { user } = renderApp('/search?q=budget', { as: 'trustee' });
      await screen.findByRole('button', { name: 'Meeting papers (1)' });
      expect(screen.queryByRole('combobox', { name: 'Category' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'More filters' }));
      expect(screen.getByRole('combobox', { name: 'Category' })).toBeVisible();
    });
  });
});
