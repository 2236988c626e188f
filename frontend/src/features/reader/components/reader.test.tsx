import { http, HttpResponse } from 'msw';
import { pdfjsMock } from '@/testing/pdfjs-mock';
import { server } from '@/testing/mocks/server';
import { currentPath, renderApp, screen, waitFor, within } from '@/testing/test-utils';

describe('reader', () => {
  beforeEach(() => {
    pdfjsMock.pageTexts = ['The annual accounts', 'Budget notes', 'More budget lines'];
    pdfjsMock.opened = [];
    pdfjsMock.fail = null;
    // jsdom does not scroll.
    window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
  });

  it('opens a library PDF from the portal with the bearer token and no eval', async () => {
    renderApp('/read/documents/1', { as: 'trustee' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Annual Accounts 2024' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to library' })).toHaveAttribute(
      'href',
      '/documents',
    );
    await screen.findByRole('region', { name: 'Page 3' });
    expect(pdfjsMock.opened[0]).toMatchObject({
      url: '/api/documents/1/download',
      httpHeaders: { Authorization: 'Bearer token-3' },
      isEvalSupported: false,
      useWasm: false,
      standardFontDataUrl: '/assets/pdfjs-5.6.205/standard_fonts/',
    });
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    // The text layer: the page's words are in the document for screen readers and selection.
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Page 2' })).getByText('Budget notes'),
      ).toBeInTheDocument(),
    );
  });

  it('searches the document and counts the matches', async () => {
    const { user } = renderApp('/read/documents/1', { as: 'trustee' });
    await screen.findByRole('region', { name: 'Page 3' });
    await user.keyboard('{Control>}f{/Control}');
    const search = screen.getByRole('textbox', { name: 'Search in the document' });
    await waitFor(() => expect(search).toHaveFocus());
    await user.type(search, 'budget{Enter}');
    expect(await screen.findByText('1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next match' }));
    expect(await screen.findByText('2 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next match' }));
    expect(await screen.findByText('1 of 2')).toBeInTheDocument();
  });

  it('shows the outline panel with the bookmarks and closes it with Escape', async () => {
    pdfjsMock.outline = [{ title: 'Accounts', dest: [1], items: [] }];
    const { user } = renderApp('/read/documents/1', { as: 'trustee' });
    await screen.findByRole('region', { name: 'Page 3' });
    await user.click(screen.getByRole('button', { name: 'Outline and pages' }));
    expect(await screen.findByRole('button', { name: /Accounts Page 2/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Pages' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('tab', { name: 'Outline' })).not.toBeInTheDocument(),
    );
  });

  it("shows the reader's own record of a paper", async () => {
    server.use(
      http.get('/api/papers/document/1/reading', () =>
        HttpResponse.json({
          enabled: true,
          pageCount: 3,
          pagesRead: 2,
          pages: [1, 2],
          lastReadAt: null,
        }),
      ),
    );
    renderApp('/read/documents/1', { as: 'trustee' });
    expect(await screen.findByText('Read 2 of 3 pages')).toBeInTheDocument();
  });

  it('offers the download for a paper that is not a PDF', async () => {
    renderApp('/read/documents/2', { as: 'trustee' });
    expect(
      await screen.findByRole('button', { name: 'Download Safeguarding Policy' }),
    ).toBeInTheDocument();
    expect(pdfjsMock.opened).toEqual([]);
  });

  it('says so when the file cannot be opened, and goes back to the list', async () => {
    pdfjsMock.fail = { status: 404 };
    const { user } = renderApp('/read/minutes/1', { as: 'trustee' });
    expect(
      await screen.findByText('This paper cannot be found, or you may not read it.'),
    ).toBeInTheDocument();
    expect(pdfjsMock.opened[0]).toMatchObject({ url: '/api/minutes/1/download' });
    await user.click(screen.getByRole('link', { name: 'Back to minutes' }));
    await waitFor(() => expect(currentPath()).toBe('/minutes'));
  });

  it("opens at a portal search's first match, with its words in the document's search", async () => {
    renderApp('/read/documents/1?q=budget%20-draft', { as: 'trustee' });
    const search = await screen.findByRole('textbox', { name: 'Search in the document' });
    expect(search).toHaveValue('budget');
    expect(await screen.findByText('1 of 2')).toBeInTheDocument();
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('keeps the page of ?page= when ?q= comes with it', async () => {
    renderApp('/read/documents/1?page=3&q=budget', { as: 'trustee' });
    expect(await screen.findByText('2 of 2')).toBeInTheDocument();
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
  });
});
