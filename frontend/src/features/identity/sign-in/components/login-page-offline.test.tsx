// When the Alert's code cannot load (the network gone), a failed sign-in still says so.
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderApp, screen } from '@/testing/test-utils';

jest.mock('@mui/material/Alert', () => {
  throw new Error('ChunkLoadError: offline');
});

it('shows the failure as plain text', async () => {
  server.use(http.post('/api/auth/login', () => HttpResponse.error()));
  const { user } = renderApp('/login', { as: null });
  await user.type(await screen.findByLabelText('Email'), 'alice@charity.org');
  await user.type(screen.getByLabelText('Password'), 'password1');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
});
