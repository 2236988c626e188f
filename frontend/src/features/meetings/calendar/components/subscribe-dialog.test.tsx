import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';

const first = 'https://portal.example.org/api/calendar/feed/' + 'a'.repeat(64) + '.ics';
const second = 'https://portal.example.org/api/calendar/feed/' + 'b'.repeat(64) + '.ics';

describe('subscribe dialog', () => {
  it('shows the private feed address, copies it and makes a new one', async () => {
    let regenerated = 0;
    server.use(
      http.get('/api/calendar/feed-url', () => HttpResponse.json({ url: first })),
      http.post('/api/calendar/feed-url/regenerate', () => {
        regenerated += 1;
        return HttpResponse.json({ url: second });
      }),
    );
    const { user } = renderApp('/calendar', { as: 'trustee' });
    // user-event's clipboard stands in for the browser's (installed by setup, above).
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to the calendar' });
    const address = await within(dialog).findByLabelText('Your private feed address');
    expect(address).toHaveValue(first);
    expect(within(dialog).getByText(/Keep this address private/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Copy address' }));
    // The dialog is modal, so the toast region is hidden from the accessibility tree meanwhile.
    expect(await screen.findByText('Feed address copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(first);

    await user.click(within(dialog).getByRole('button', { name: 'Make a new address' }));
    const confirm = await screen.findByRole('dialog', { name: 'Make a new feed address?' });
    await user.click(within(confirm).getByRole('button', { name: 'Make a new address' }));
    await waitFor(() => expect(address).toHaveValue(second));
    expect(regenerated).toBe(1);
    expect(await screen.findByText('New feed address made')).toBeInTheDocument();
    expect(screen.getByText('The old address no longer works.')).toBeInTheDocument();
  });

  it('offers each meeting as an .ics download and its attendance', async () => {
    renderApp('/calendar', { as: 'trustee' });
    const card = await screen.findByRole('article', { name: 'Spring Board Meeting' });
    expect(
      within(card).getByRole('button', { name: 'Add to calendar: Spring Board Meeting' }),
    ).toBeInTheDocument();
    const attendance = within(card).getByRole('link', {
      name: 'Attendance of Spring Board Meeting',
    });
    expect(attendance).toHaveAttribute('href', expect.stringMatching(/^\/meetings\/\d+$/));
  });
});
