// The session: token in storage, the current user from GET /api/auth/me, sign-out on any 401.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import { api, setUnauthorizedHandler } from '@/lib/api-client';
import { tokenStore } from '@/lib/token-store';
import { paths } from '@/config/paths';
import type { CurrentUser } from '@/types/api';

export const ME_KEY = '/api/auth/me';

export type SessionStatus = 'signed-out' | 'loading' | 'signed-in';

type AuthContextValue = {
  status: SessionStatus;
  user: CurrentUser | null;
  /**
   * Signs out: clears the token and every cached answer, then goes to /login, where `notice` (why
   * the app signed the user out) is shown.
   */
  signOut: (options?: { revoke?: boolean; notice?: string }) => void;
};

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * `onSignedOut` runs after every sign-out (by the person, after a 401, when idle), once the token is
 * gone: the app deletes what the portal keeps in the browser there (docs/spec.md §2 Pack reader,
 * Offline on a phone).
 */
export function AuthProvider({
  children,
  onSignedOut,
}: {
  children: ReactNode;
  onSignedOut?: () => void;
}) {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [token, setToken] = useState<string | null>(() => tokenStore.get());
  const { data, error, isLoading } = useSWR<CurrentUser | null>(token ? ME_KEY : null);

  const signOut = useCallback(
    (options: { revoke?: boolean; notice?: string } = {}) => {
      if (options.revoke && tokenStore.get()) {
        api.post('/api/auth/logout', undefined, { ignoreUnauthorized: true }).catch(() => {});
      }
      tokenStore.clear();
      setToken(null);
      onSignedOut?.();
      void mutate(() => true, undefined, { revalidate: false });
      navigate(paths.login, {
        replace: true,
        state: options.notice ? { notice: options.notice } : null,
      });
    },
    [mutate, navigate, onSignedOut],
  );

  useEffect(() => {
    setUnauthorizedHandler(() => signOut());
    return () => setUnauthorizedHandler(null);
  }, [signOut]);

  // A failed current-user check, or one that answers no user, signs out.
  const checkFailed = !!token && !isLoading && (!!error || data === null);
  useEffect(() => {
    if (checkFailed) signOut();
  }, [checkFailed, signOut]);

  const value = useMemo<AuthContextValue>(() => {
    if (!token || checkFailed) return { status: 'signed-out', user: null, signOut };
    if (!data) return { status: 'loading', user: null, signOut };
    return { status: 'signed-in', user: data, signOut };
  }, [token, checkFailed, data, signOut]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}

/** The signed-in user; only for components rendered inside the signed-in shell. */
export function useUser(): CurrentUser {
  const { user } = useAuth();
  if (!user) throw new Error('useUser needs a signed-in user');
  return user;
}
