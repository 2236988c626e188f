import { act, render, screen } from '@testing-library/react';
import { OFFLINE_TEXT, OfflineBanner } from '@/features/offline/offline-banner';

const setOnline = (online: boolean) => {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
};

afterEach(() => setOnline(true));

it('says what opens while the browser is offline, and goes when it is back online', () => {
  render(<OfflineBanner />);
  expect(screen.queryByText(OFFLINE_TEXT)).not.toBeInTheDocument();
  setOnline(false);
  expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_TEXT);
  setOnline(true);
  expect(screen.queryByText(OFFLINE_TEXT)).not.toBeInTheDocument();
});
