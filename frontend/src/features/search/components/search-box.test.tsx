import { fireEvent } from '@testing-library/react';
import { searchDb } from '@/testing/mocks/search';
import { withPhoneWidth } from '@/testing/phone-width';
import { act, currentUrl, renderApp, screen, waitFor, within } from '@/testing/test-utils';

const box = () => screen.getByRole('combobox', { name: 'Search the portal' });

describe('the search box', () => {
  it('shows the first results as you type, after two characters', async () => {
    const { user } = renderApp('/', { as: 'trustee' });
    await user.type(await screen.findByRole('combobox', { name: 'Search the portal' }), 'b');
    // One character asks nothing.
    await new Promise((r) => setTimeout(r, 300));
    expect(searchDb.requests).toHaveLength(0);
    await user.type(box(), 'udg');
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(5));
    expect(within(list).getAllByRole('option')[0]).toHaveTextContent('Budget 2027');
    expect(within(list).getAllByRole('option')[0]).toHaveTextContent(
      'Meeting paper · Nov 2, 2026 · Winter Board Meeting',
    );
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(box()).toHaveAttribute('aria-controls', list.id);
    // The box asks for its few results, debounced: not once per keystroke.
    const asked = searchDb.requests.map((p) => p.get('q'));
    expect(asked).not.toContain('bu');
    expect(asked[asked.length - 1]).toBe('budg');
    expect(searchDb.requests[searchDb.requests.length - 1].get('limit')).toBe('6');
  });

  it('moves through the results with the arrow keys and opens the highlighted one with Enter', async () => {
    const { user } = renderApp('/', { as: 'trustee' });
    await user.type(await screen.findByRole('combobox', { name: 'Search the portal' }), 'budget');
    await screen.findAllByRole('option');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(5));
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    const first = screen.getAllByRole('option')[0];
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(box()).toHaveAttribute('aria-activedescendant', first.id);
    await user.keyboard('{Enter}');
    // A PDF paper opens in the reader, which searches it for the same words.
    await waitFor(() => expect(currentUrl()).toBe('/meetings/2/papers/12?q=budget'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('opens the results page with Enter when nothing is highlighted, and closes with Escape', async () => {
    const { user } = renderApp('/', { as: 'trustee' });
    await user.type(await screen.findByRole('combobox', { name: 'Search the portal' }), 'budget');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentUrl()).toBe('/search?q=budget'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
  });

  it('links to every result from "See all results"', async () => {
    const { user } = renderApp('/', { as: 'trustee' });
    await user.type(await screen.findByRole('combobox', { name: 'Search the portal' }), 'budget');
    await user.click(await screen.findByRole('link', { name: 'See all results' }));
    await waitFor(() => expect(currentUrl()).toBe('/search?q=budget'));
  });

  it('says when nothing matches', async () => {
    const { user } = renderApp('/', { as: 'trustee' });
    await user.type(await screen.findByRole('combobox', { name: 'Search the portal' }), 'zebra');
    expect(await screen.findByText('No results for “zebra”')).toBeInTheDocument();
  });

  it('is focused by the / key, but not while typing in another field', async () => {
    const { user } = renderApp('/minutes', { as: 'trustee' });
    const minutesSearch = await screen.findByRole('searchbox', { name: 'Search minutes' });
    await user.click(minutesSearch);
    await user.keyboard('/');
    expect(minutesSearch).toHaveFocus();
    expect(minutesSearch).toHaveValue('/');
    // From the page itself, / goes to the search box without typing a slash into it.
    act(() => minutesSearch.blur());
    await user.keyboard('/');
    expect(box()).toHaveFocus();
    expect(box()).toHaveValue('');
  });

  it('ignores / in an editable area', async () => {
    renderApp('/', { as: 'trustee' });
    await screen.findByRole('combobox', { name: 'Search the portal' });
    const editable = document.createElement('div');
    // jsdom has no isContentEditable: the attribute is what the box looks for.
    editable.setAttribute('contenteditable', 'true');
    document.body.appendChild(editable);
    fireEvent.keyDown(editable, { key: '/' });
    expect(box()).not.toHaveFocus();
    editable.remove();
  });

  describe('on a phone', () => {
    withPhoneWidth();

    it('opens a full-width field from the app bar and closes it again', async () => {
      const { user } = renderApp('/', { as: 'trustee' });
      const button = await screen.findByRole('button', { name: 'Search' });
      expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
      await user.click(button);
      await waitFor(() => expect(box()).toHaveFocus());
      await user.type(box(), 'budget');
      expect(await screen.findAllByRole('option')).not.toHaveLength(0);
      await user.click(screen.getByRole('button', { name: 'Close search' }));
      expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
      await waitFor(() => expect(button).toHaveFocus());
    });

    it('opens the field with the / key', async () => {
      const { user } = renderApp('/', { as: 'trustee' });
      await screen.findByRole('button', { name: 'Search' });
      await user.keyboard('/');
      await waitFor(() => expect(box()).toHaveFocus());
    });
  });
});
