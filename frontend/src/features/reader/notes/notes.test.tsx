import { useState } from 'react';
import { http, HttpResponse } from 'msw';
import { SWRConfig } from 'swr';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { NotificationsProvider } from '@/components/notifications/notifications-provider';
import { MemoryRouter } from 'react-router-dom';
import { AuthProvider, useAuth } from '@/lib/auth';
import { swrConfig } from '@/lib/swr';
import { ColorModeProvider } from '@/theme/color-mode';
import { server } from '@/testing/mocks/server';
import { notesDb } from '@/testing/mocks/notes';
import { TRUSTEE_ID, tokenFor } from '@/testing/mocks/db';
import { serverMessages } from '@/testing/mocks/server-messages';
import { render, screen, waitFor, within } from '@/testing/test-utils';
import type { ReaderContext, ReaderSource, TextRun } from '@/features/reader/types';
import { useNotesExtension } from '@/features/reader/notes';
import { flush, resetOutboxForTests } from '@/features/reader/notes/outbox';
import type { Note } from '@/features/reader/notes/types';

// IndexedDB as a map (jsdom has none); the outbox's behaviour has its own tests.
const mockStored = new Map<string, unknown>();
jest.mock('idb-keyval', () => ({
  createStore: () => 'store',
  get: async (key: string) => mockStored.get(key),
  update: async (key: string, fn: (old: unknown) => unknown) => {
    mockStored.set(key, fn(mockStored.get(key)));
  },
}));

const run = (text: string, x: number, y: number): TextRun => ({
  text,
  rect: { x, y, w: text.length * 0.01, h: 0.02 },
});

// The pack of meeting 1: two front pages, then the budget paper (pack pages 3 and 4).
const budget = { kind: 'agendaPaper', id: 17 } as const;
const pack: ReaderSource = {
  title: 'Board pack',
  url: '/api/meetings/1/board-pack',
  fileName: 'pack.pdf',
  segments: [{ paper: budget, title: 'Budget 2027', firstPage: 3, pageCount: 2 }],
  meetingId: 1,
  version: 'v1',
  backTo: { label: 'Meeting', href: '/meetings/1' },
};
const texts: Record<number, TextRun[]> = {
  3: [run('The budget for 2027 ', 0.1, 0.1), run('is approved by the board.', 0.1, 0.2)],
  4: [run('Reserves stay at six months.', 0.1, 0.1)],
};

const note = (over: Partial<Note>): Note => ({
  id: crypto.randomUUID(),
  paper: budget,
  page: 1,
  kind: 'highlight',
  anchor: { x: 0.1, y: 0.1, rects: [], quote: 'budget for 2027', prefix: '', suffix: '' },
  body: '',
  visibility: 'private',
  author: { id: TRUSTEE_ID, name: 'Tina Trustee' },
  createdAt: '2026-03-01T10:00:00Z',
  editedAt: '2026-03-01T10:00:00Z',
  mine: true,
  ...over,
});

const goToPage = jest.fn();

/** A stand-in for the reader: page 3 with the overlay, the panel, and buttons for the actions. */
function Reader({ source }: { source: ReaderSource }) {
  const notes = useNotesExtension(source);
  const [context] = useState<ReaderContext>(() => ({
    source,
    pageCount: 4,
    currentPage: 3,
    goToPage,
    pageText: async (p) => texts[p] ?? [],
  }));
  const page = { pageNumber: 3, width: 600, height: 800, text: async () => texts[3] };
  const { PageOverlay, Panel, selectionActions, pointAction } = notes;
  const selection = {
    pageNumber: 3,
    quote: 'is approved',
    prefix: 'The budget for 2027',
    suffix: 'by the board.',
    rects: [{ x: 0.1, y: 0.2, w: 0.11, h: 0.02 }],
  };
  return (
    <>
      {selectionActions?.map((a) => (
        <button key={a.label} type="button" onClick={() => a.run(selection, context)}>
          Select then {a.label}
        </button>
      ))}
      <button
        type="button"
        onClick={() => pointAction?.run({ pageNumber: 3, x: 0.5, y: 0.21 }, context)}
      >
        Tap for {pointAction?.label}
      </button>
      <div style={{ position: 'relative' }}>
        {PageOverlay && <PageOverlay page={page} context={context} />}
      </div>
      <section aria-label={notes.panelTitle}>{Panel && <Panel context={context} />}</section>
    </>
  );
}

/** The reader is shown to a signed-in user only. */
function SignedIn({ source }: { source: ReaderSource }) {
  return useAuth().user ? <Reader source={source} /> : null;
}

function renderReader(source = pack) {
  window.localStorage.setItem('token', tokenFor(TRUSTEE_ID));
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(
    <ColorModeProvider>
      <NotificationsProvider duration={60_000}>
        <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
          <MemoryRouter>
            <AuthProvider>
              <SignedIn source={source} />
            </AuthProvider>
          </MemoryRouter>
        </SWRConfig>
      </NotificationsProvider>
    </ColorModeProvider>,
  );
  return user;
}

const panel = () => screen.getByRole('region', { name: 'Notes' });
const shownPanel = () => screen.findByRole('region', { name: 'Notes' });

beforeEach(() => {
  mockStored.clear();
  resetOutboxForTests();
  goToPage.mockReset();
  server.use(http.get('/api/meetings/:id', () => HttpResponse.json({ id: 1, kind: 'board' })));
});

describe('notes in the reader', () => {
  it('pins a note on the words nearest the tap, with the visibility chosen, and sends it', async () => {
    const user = renderReader();
    await user.click(await screen.findByRole('button', { name: 'Tap for Pin a note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pin a note' });
    expect(within(dialog).getByRole('radio', { name: 'Only me' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Write the note.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Check the reserves');
    await user.click(
      within(dialog).getByRole('radio', { name: 'Everyone who can read this paper' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(notesDb.notes).toHaveLength(1));
    expect(notesDb.notes[0]).toMatchObject({
      paper: budget,
      page: 1,
      kind: 'pin',
      body: 'Check the reserves',
      visibility: 'shared',
      anchor: { x: 0.5, y: 0.21, quote: 'is approved by the board.' },
    });
    expect(
      await screen.findByRole('button', { name: 'Note by you: Check the reserves' }),
    ).toBeInTheDocument();
    expect(within(panel()).getByText('Check the reserves')).toBeInTheDocument();
  });

  it("says a committee's readers for a committee meeting's paper", async () => {
    server.use(
      http.get('/api/meetings/:id', () => HttpResponse.json({ id: 1, kind: 'committee' })),
    );
    const user = renderReader();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Tap for Pin a note' })).toBeEnabled(),
    );
    await user.click(screen.getByRole('button', { name: 'Tap for Pin a note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pin a note' });
    expect(
      await within(dialog).findByRole('radio', {
        name: 'Everyone in the committee who can read this paper',
      }),
    ).toBeInTheDocument();
  });

  it('highlights selected words at once, and shows them on the page until sent', async () => {
    server.use(http.put('/api/notes/:id', () => HttpResponse.error()));
    const user = renderReader();
    await user.click(await screen.findByRole('button', { name: 'Select then Highlight' }));
    expect(
      await screen.findByRole('button', { name: 'Highlight by you: is approved' }),
    ).toBeInTheDocument();
    expect(within(panel()).getByText('Not sent yet')).toBeInTheDocument();

    server.resetHandlers();
    await flush();
    await waitFor(() =>
      expect(within(panel()).queryByText('Not sent yet')).not.toBeInTheDocument(),
    );
    expect(notesDb.notes[0]).toMatchObject({ kind: 'highlight', page: 1, body: '' });
    expect(notesDb.notes[0].anchor.quote).toBe('is approved');
  });

  it('lists notes by page, goes to a note, filters, and groups notes whose words are gone', async () => {
    notesDb.notes = [
      note({ body: 'My budget note' }),
      note({
        page: 2,
        anchor: { x: 0.1, y: 0.1, rects: [], quote: 'six months', prefix: '', suffix: '' },
        body: 'Shared by Oscar',
        visibility: 'shared',
        author: { id: 4, name: 'Oscar Other' },
      }),
      note({
        anchor: { x: 0.1, y: 0.5, rects: [], quote: 'words since removed', prefix: '', suffix: '' },
        body: 'Old note',
      }),
    ];
    const user = renderReader();
    const list = await shownPanel();
    expect(await within(list).findByText('Page 3 · Budget 2027')).toBeInTheDocument();
    expect(within(list).getByText('Page 4 · Budget 2027')).toBeInTheDocument();
    const earlier = within(list).getByText('From an earlier version').closest('ul')!;
    expect(within(earlier).getByText('Old note')).toBeInTheDocument();
    expect(within(list).getByText(/Oscar Other/)).toBeInTheDocument();

    await user.click(within(list).getByText('Shared by Oscar'));
    expect(goToPage).toHaveBeenCalledWith(4, { y: expect.any(Number) as number });

    await user.click(within(list).getByRole('button', { name: 'Mine' }));
    expect(within(list).queryByText('Shared by Oscar')).not.toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Shared' }));
    expect(within(list).queryByText('My budget note')).not.toBeInTheDocument();
    expect(within(list).getByText('Shared by Oscar')).toBeInTheDocument();
    // Someone else's note offers no Edit or Delete.
    expect(within(list).queryByRole('button', { name: /Delete note/ })).not.toBeInTheDocument();
  });

  it('edits and deletes one’s own note, asking before the delete', async () => {
    notesDb.notes = [note({ body: 'First thoughts' })];
    const user = renderReader();
    const list = await shownPanel();
    await user.click(
      await within(list).findByRole('button', { name: 'Edit note: First thoughts' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit note' });
    const text = within(dialog).getByRole('textbox', { name: /Note/ });
    await user.clear(text);
    await user.type(text, 'Second thoughts');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notesDb.notes[0].body).toBe('Second thoughts'));

    await user.click(
      await within(list).findByRole('button', { name: 'Delete note: Second thoughts' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Delete note' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(notesDb.notes).toEqual([]));
    await waitFor(() =>
      expect(within(list).queryByText('Second thoughts')).not.toBeInTheDocument(),
    );
  });

  it('says when the server refuses a note, and keeps its text to copy', async () => {
    server.use(
      http.put('/api/notes/:id', () =>
        HttpResponse.json({ message: serverMessages.notYourNote }, { status: 403 }),
      ),
    );
    const user = renderReader();
    await user.click(await screen.findByRole('button', { name: 'Select then Add note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a note' });
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Words I typed');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await screen.findByText(
      /A note was not saved: You can only change your own notes\./,
    );
    expect(alert).toHaveTextContent('Words I typed');
    expect(screen.getByRole('button', { name: 'Copy text' })).toBeInTheDocument();
  });

  it("exports one's notes for the meeting", async () => {
    let asked = '';
    server.use(
      http.get('/api/meetings/:id/notes/export', ({ request }) => {
        asked = `${request.headers.get('Authorization')} ${new URL(request.url).search}`;
        return new HttpResponse('notes', {
          headers: { 'Content-Disposition': 'attachment; filename="notes-2026-03-01.txt"' },
        });
      }),
    );
    URL.createObjectURL = jest.fn(() => 'blob:notes');
    URL.revokeObjectURL = jest.fn();
    const user = renderReader();
    await user.click(
      await within(await shownPanel()).findByRole('button', { name: 'Export my notes (text)' }),
    );
    await waitFor(() => expect(asked).toBe(`Bearer ${tokenFor(TRUSTEE_ID)} ?format=text`));
  });
});
