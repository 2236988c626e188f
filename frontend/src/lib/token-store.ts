// The session token lives in localStorage under the key `token`, with the session's idle limit in
// minutes (`idleMinutes`, from every Session answer; 60 when unknown).
export const TOKEN_KEY = 'token';
export const IDLE_MINUTES_KEY = 'idleMinutes';
export const DEFAULT_IDLE_MINUTES = 60;

export const tokenStore = {
  get(): string | null {
    try {
      return window.localStorage.getItem(TOKEN_KEY);
    } catch {
      return null;
    }
  },
  set(token: string): void {
    window.localStorage.setItem(TOKEN_KEY, token);
  },
  /** Keeps a new session: its token and, when given, its idle limit. */
  setSession(session: { token: string; idleMinutes?: number | null }): void {
    window.localStorage.setItem(TOKEN_KEY, session.token);
    const idle = session.idleMinutes;
    if (typeof idle === 'number' && Number.isFinite(idle) && idle > 0) {
      window.localStorage.setItem(IDLE_MINUTES_KEY, String(idle));
    } else {
      window.localStorage.removeItem(IDLE_MINUTES_KEY);
    }
  },
  /** Minutes without activity after which the server ends the session. */
  idleMinutes(): number {
    try {
      const stored = Number(window.localStorage.getItem(IDLE_MINUTES_KEY));
      return Number.isFinite(stored) && stored > 0 ? stored : DEFAULT_IDLE_MINUTES;
    } catch {
      return DEFAULT_IDLE_MINUTES;
    }
  },
  clear(): void {
    try {
      window.localStorage.removeItem(TOKEN_KEY);
      window.localStorage.removeItem(IDLE_MINUTES_KEY);
    } catch {
      // storage unavailable: nothing to clear
    }
  },
};
