import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { AuthProvider } from '@/lib/auth';

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AuthProvider>
          <AppRoutes />
        </AuthProvider>
      </BrowserRouter>
    </AppProviders>
  );
}
