// Renders the whole application at a path, as a given user, against the MSW handlers.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppProviders } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { AuthProvider } from '@/lib/auth';
import { ADMIN_ID, CHAIR_ID, TRUSTEE_ID, db, tokenFor } from '@/testing/mocks/db';

export type As = 'admin' | 'chair' | 'trustee' | number | null;

const ids = { admin: ADMIN_ID, chair: CHAIR_ID, trustee: TRUSTEE_ID };

function LocationProbe() {
  const location = useLocation();
  return (
    <div
      data-testid="location"
      data-url={`${location.pathname}${location.search}${location.hash}`}
      hidden
    >
      {location.pathname}
    </div>
  );
}

export function renderApp(path = '/', { as = 'admin' }: { as?: As } = {}) {
  if (as !== null) {
    const id = typeof as === 'number' ? as : ids[as];
    window.localStorage.setItem('token', tokenFor(id));
  }
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  const view = render(
    <AppProviders toastDuration={60_000}>
      <MemoryRouter initialEntries={[path]}>
        <AuthProvider>
          <AppRoutes />
          <LocationProbe />
        </AuthProvider>
      </MemoryRouter>
    </AppProviders>,
  );
  return { user, ...view };
}

export const currentPath = () => screen.getByTestId('location').textContent;

/** The current address with its query string and anchor. */
export const currentUrl = () => screen.getByTestId('location').dataset.url ?? '';

export { db };
export * from '@testing-library/react';

/** Waits until the notification region shows every given text. */
export async function expectToast(...texts: string[]): Promise<void> {
  await waitFor(() => {
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    for (const text of texts) expect(region).toHaveTextContent(text);
  });
}
