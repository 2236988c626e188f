import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  NotificationsProvider,
  useNotify,
} from '@/components/notifications/notifications-provider';

function Trigger() {
  const notify = useNotify();
  return (
    <>
      <button onClick={() => notify({ title: 'First' })}>one</button>
      <button onClick={() => notify({ title: 'Second', severity: 'error' })}>two</button>
    </>
  );
}

const setup = () => {
  const user = userEvent.setup({ delay: null });
  render(
    <NotificationsProvider>
      <Trigger />
    </NotificationsProvider>,
  );
  return user;
};

describe('notifications', () => {
  it('shows one toast at a time and F8 moves focus to it', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'one' }));
    await user.click(screen.getByRole('button', { name: 'two' }));
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(region).toHaveTextContent('Second');
    expect(region).not.toHaveTextContent('First');
    await user.keyboard('{F8}');
    expect(region).toHaveFocus();
  });

  it('is dismissed by a swipe to the right beyond 50 px, not by a short one', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'one' }));
    const toast = screen.getByRole('status');
    fireEvent.pointerDown(toast, { clientX: 100 });
    fireEvent.pointerMove(toast, { clientX: 130 });
    fireEvent.pointerUp(toast, { clientX: 130 });
    expect(screen.getByRole('status')).toHaveTextContent('First');
    fireEvent.pointerDown(toast, { clientX: 100 });
    fireEvent.pointerMove(toast, { clientX: 180 });
    fireEvent.pointerUp(toast, { clientX: 180 });
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });

  it('goes away after 5 seconds', async () => {
    jest.useFakeTimers();
    try {
      render(
        <NotificationsProvider>
          <Trigger />
        </NotificationsProvider>,
      );
      fireEvent.click(screen.getByRole('button', { name: 'one' }));
      expect(screen.getByRole('status')).toHaveTextContent('First');
      act(() => jest.advanceTimersByTime(4900));
      expect(screen.getByRole('status')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(200));
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
