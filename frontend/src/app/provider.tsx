import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { ColorModeProvider } from '@/theme/color-mode';
import { NotificationsProvider } from '@/components/notifications/notifications-provider';
import { swrConfig } from '@/lib/swr';

/** Theme, toasts and data fetching; the router and session sit inside. */
export function AppProviders({
  children,
  toastDuration,
}: {
  children: ReactNode;
  toastDuration?: number;
}) {
  return (
    <ColorModeProvider>
      <NotificationsProvider duration={toastDuration}>
        <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>{children}</SWRConfig>
      </NotificationsProvider>
    </ColorModeProvider>
  );
}
