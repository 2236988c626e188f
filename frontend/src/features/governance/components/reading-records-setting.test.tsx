// The reading-records switch in the governance settings (spec §2 Pack reader, Reading records).
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { TRUSTEE_ID, db } from '@/testing/mocks/db';
import { markRead } from '@/testing/mocks/reading-records';
import { expectToast, renderApp, screen, waitFor, within } from '@/testing/test-utils';

const PAPER = { kind: 'agendaPaper', id: 5 } as const;

function givenARecord() {
  db.reading.papers = [{ meetingId: 7, paper: PAPER, title: 'Budget 2030', pageCount: 12 }];
  markRead(db.reading, TRUSTEE_ID, PAPER, 4);
}

const DESCRIBED =
  "While this is on, the portal records which pages of which paper each person has shown in the portal's reader, and when; not what they read elsewhere, nor how long they looked. Each person sees their own record; admins and chairs see, per paper and person, whether it was not opened, started or read. Nobody else sees it.";

/** The bodies PUT to the settings, answered by the mock server's own handler (which keeps the store). */
let puts: unknown[] = [];
const notePut = async ({ request }: { request: Request }) => {
  if (request.method === 'PUT' && new URL(request.url).pathname === '/api/governance/settings')
    puts.push(await request.clone().json());
};
beforeEach(() => {
  puts = [];
  server.events.on('request:start', notePut);
  // The terms table is not what these tests are about.
  server.use(http.get('/api/terms', () => HttpResponse.json([])));
});
afterEach(() => server.events.removeListener('request:start', notePut));

describe('reading records setting', () => {
  it('asks before a chair switches records off, and deleting them empties every record', async () => {
    givenARecord();
    server.use(http.get('/api/terms/warnings', () => HttpResponse.json([])));
    const { user } = renderApp('/governance?tab=terms', { as: 'chair' });
    const region = await screen.findByRole('region', { name: 'Reading records' });
    expect(region).toHaveTextContent(DESCRIBED);
    const toggle = within(region).getByRole('switch', {
      name: 'Record which pages each person has read',
    });
    expect(toggle).toBeChecked();

    // Cancelling the question keeps the records.
    await user.click(toggle);
    let dialog = await screen.findByRole('dialog', { name: 'Switch off reading records' });
    expect(dialog).toHaveTextContent('Every reading record is deleted');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts).toEqual([]);
    expect(db.reading.pages).toHaveLength(4);
    expect(toggle).toBeChecked();

    await user.click(toggle);
    dialog = await screen.findByRole('dialog', { name: 'Switch off reading records' });
    await user.click(within(dialog).getByRole('button', { name: 'Switch off and delete' }));
    await expectToast('Reading records switched off');
    expect(puts).toEqual([{ readingRecords: false }]);
    expect(db.reading.enabled).toBe(false);
    expect(db.reading.pages).toEqual([]);
    await waitFor(() => expect(toggle).not.toBeChecked());

    // Switching on again asks nothing.
    await user.click(toggle);
    await expectToast('Reading records switched on');
    expect(puts).toEqual([{ readingRecords: false }, { readingRecords: true }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('tells a trustee what is recorded and whether it is on, without the switch', async () => {
    db.reading.enabled = false;
    renderApp('/governance?tab=terms', { as: 'trustee' });
    const region = await screen.findByRole('region', { name: 'Reading records' });
    expect(region).toHaveTextContent(DESCRIBED);
    expect(region).toHaveTextContent('Reading records are switched off for this board.');
    expect(within(region).queryByRole('switch')).not.toBeInTheDocument();
  });

  it('shows nothing while the server does not have the setting', async () => {
    server.use(
      http.get('/api/governance/settings', () =>
        HttpResponse.json({
          registerVisibility: 'members',
          quorumRule: 'count',
          quorumMinimum: 3,
          quorumNumerator: 1,
          quorumDenominator: 3,
        }),
      ),
    );
    renderApp('/governance?tab=terms', { as: 'chair' });
    await screen.findByRole('region', { name: 'Quorum' });
    expect(screen.queryByRole('region', { name: 'Reading records' })).not.toBeInTheDocument();
  });
});
