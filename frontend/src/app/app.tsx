import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { AuthProvider } from '@/lib/auth';
import { wipeOfflineData } from '@/features/offline/wipe';

// Signing out deletes the meetings kept for offline and every other `tp-` store (docs/spec.md §2
// Pack reader, Offline on a phone).
const wipe = () => void wipeOfflineData();

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AuthProvider onSignedOut={wipe}>
          <AppRoutes />
        </AuthProvider>
      </BrowserRouter>
    </AppProviders>
  );
}
