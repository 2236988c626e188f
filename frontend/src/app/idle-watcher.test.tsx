import { act } from 'react';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { currentPath, renderApp, screen, waitFor, within } from '@/testing/test-utils';

const minute = 60_000;

describe('idle warning and sign-out', () => {
  beforeEach(() => {
    // Fake time that also runs on its own, so that requests and waitFor keep working.
    jest.useFakeTimers({ advanceTimers: true });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  async function idleFor(ms: number) {
    await act(async () => {
      jest.advanceTimersByTime(ms);
    });
  }

  it('warns two minutes before the limit; Stay signed in asks the server and keeps the session', async () => {
    let meCalls = 0;
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/auth/me') meCalls += 1;
    });
    window.localStorage.setItem('idleMinutes', '30');
    renderApp('/', { as: 'trustee' });
    await screen.findByRole('heading', { name: 'Dashboard' });

    await idleFor(27 * minute);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await idleFor(1 * minute + 2_000);
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you still there?' });
    expect(dialog).toHaveTextContent(
      'You will be signed out in 2 minutes because you have been inactive.',
    );
    expect(within(dialog).getByRole('button', { name: 'Stay signed in' })).toHaveFocus();

    const before = meCalls;
    within(dialog).getByRole('button', { name: 'Stay signed in' }).click();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(meCalls).toBeGreaterThan(before);

    // The clock starts again: no warning for another 27 minutes.
    await idleFor(27 * minute);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('token-3');
    server.events.removeAllListeners();
  });

  it('signs out at the limit and says why on the sign-in page', async () => {
    renderApp('/actions', { as: 'trustee' });
    await screen.findByRole('button', { name: /account menu$/ });
    await idleFor(58 * minute + 2_000);
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
    await idleFor(2 * minute);
    expect(
      await screen.findByText('You were signed out after 60 minutes without activity.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(currentPath()).toBe('/login'));
  });

  it('counts key presses and pointer use as activity', async () => {
    renderApp('/', { as: 'trustee' });
    await screen.findByRole('heading', { name: 'Dashboard' });
    await idleFor(50 * minute);
    await act(async () => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    });
    await idleFor(50 * minute);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await act(async () => {
      window.dispatchEvent(new PointerEvent('pointerdown'));
    });
    await idleFor(57 * minute);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('token-3');
  });

  it('Sign out in the warning signs out at once', async () => {
    server.use(http.post('/api/auth/logout', () => HttpResponse.json({ message: 'Signed out' })));
    renderApp('/', { as: 'trustee' });
    await screen.findByRole('heading', { name: 'Dashboard' });
    await idleFor(58 * minute + 2_000);
    const dialog = await screen.findByRole('alertdialog');
    within(dialog).getByRole('button', { name: 'Sign out' }).click();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
