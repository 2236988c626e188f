// When the toast's code cannot load (the network gone), the toast still says what happened.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  NotificationsProvider,
  useNotify,
} from '@/components/notifications/notifications-provider';

jest.mock('@/components/notifications/toast-region', () => {
  throw new Error('ChunkLoadError: offline');
});

function Trigger() {
  const notify = useNotify();
  return (
    <button
      onClick={() => notify({ title: 'Error', description: 'Failed to save', severity: 'error' })}
    >
      save
    </button>
  );
}

it('shows the toast plainly when its code cannot load', async () => {
  const user = userEvent.setup({ delay: null });
  render(
    <NotificationsProvider>
      <Trigger />
    </NotificationsProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'save' }));
  const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
  expect(await screen.findByRole('alert')).toHaveTextContent('Error Failed to save');
  await user.keyboard('{F8}');
  expect(region).toHaveFocus();
});
