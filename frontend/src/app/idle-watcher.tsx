// Signs out after `idleMinutes` (from the session, default 60) without activity: pointer, keys,
// touches, wheel, or the tab becoming visible, in any tab of this browser. Two minutes before, a
// dialog offers to stay signed in. While the user is active here without making requests, a light
// GET /api/auth/me now and then keeps the server's session alive too (the server counts requests).
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { api, lastServerContact } from '@/lib/api-client';
import { ME_KEY, useAuth } from '@/lib/auth';
import { isOnline } from '@/lib/online';
import { tokenStore } from '@/lib/token-store';
import { hasBeforeWipe, runBeforeWipe } from '@/features/offline/wipe';

/** The warning shows this long before the limit. */
export const IDLE_WARNING_MS = 2 * 60_000;
/** Where the tabs of this browser share the time of the last activity. */
export const LAST_ACTIVITY_KEY = 'lastActivity';
const CHECK_EVERY_MS = 1_000;
const SHARE_EVERY_MS = 5_000;
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel'] as const;

export const idleSignOutNotice = (minutes: number) =>
  `You were signed out after ${minutes} minutes without activity.`;

function sharedActivity(): number {
  try {
    return Number(window.localStorage.getItem(LAST_ACTIVITY_KEY)) || 0;
  } catch {
    return 0;
  }
}

function shareActivity(at: number): void {
  try {
    window.localStorage.setItem(LAST_ACTIVITY_KEY, String(at));
  } catch {
    // storage unavailable: this tab keeps its own time
  }
}

export function IdleWatcher() {
  const { signOut } = useAuth();
  const [warning, setWarning] = useState(false);
  const warningRef = useRef(false);
  const lastActivity = useRef(Date.now());
  const lastShared = useRef(0);
  const pinging = useRef(false);
  const titleId = useId();
  const textId = useId();

  const keepServerAlive = useCallback(() => {
    if (pinging.current) return;
    pinging.current = true;
    api
      .get(ME_KEY)
      .catch(() => {})
      .finally(() => {
        pinging.current = false;
      });
  }, []);

  const markActive = useCallback(
    (force = false) => {
      const now = Date.now();
      lastActivity.current = now;
      if (force || now - lastShared.current >= SHARE_EVERY_MS) {
        lastShared.current = now;
        shareActivity(now);
      }
      // A quarter of the limit (at most 5 minutes) without a request: tell the server.
      const heartbeat = Math.min(5 * 60_000, (tokenStore.idleMinutes() * 60_000) / 4);
      if (now - lastServerContact() >= heartbeat) keepServerAlive();
    },
    [keepServerAlive],
  );

  // Signing in or loading the page is activity.
  useEffect(() => markActive(true), [markActive]);

  useEffect(() => {
    const onActivity = () => {
      // While the warning shows, only its buttons count.
      if (!warningRef.current) markActive();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') onActivity();
    };
    const options = { capture: true, passive: true } as const;
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, options);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, options);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [markActive]);

  useEffect(() => {
    const check = () => {
      const minutes = tokenStore.idleMinutes();
      const idleFor = Date.now() - Math.max(lastActivity.current, sharedActivity());
      if (idleFor >= minutes * 60_000) {
        warningRef.current = false;
        setWarning(false);
        const done = () => signOut({ revoke: true, notice: idleSignOutNotice(minutes) });
        // Work made offline (notes) is sent first while the session is still valid (docs/spec.md
        // §2 Pack reader, Offline on a phone); the check stops meanwhile.
        if (hasBeforeWipe() && isOnline()) {
          window.clearInterval(timer);
          void runBeforeWipe().finally(done);
        } else done();
        return;
      }
      const warn = idleFor >= minutes * 60_000 - IDLE_WARNING_MS;
      if (warn !== warningRef.current) {
        // Activity in another tab closes the warning here.
        warningRef.current = warn;
        setWarning(warn);
      }
    };
    const timer = window.setInterval(check, CHECK_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [signOut]);

  const stay = async () => {
    try {
      // Counts as activity on the server; a session the server has already ended answers 401,
      // which signs out.
      await api.get(ME_KEY);
    } catch {
      // any other failure: the next request tells
    }
    warningRef.current = false;
    setWarning(false);
    markActive(true);
  };

  return (
    <Dialog
      open={warning}
      onClose={() => void stay()}
      aria-labelledby={titleId}
      aria-describedby={textId}
      role="alertdialog"
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>Are you still there?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          You will be signed out in 2 minutes because you have been inactive.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => signOut({ revoke: true })}>Sign out</Button>
        <Button variant="contained" autoFocus onClick={() => void stay()}>
          Stay signed in
        </Button>
      </DialogActions>
    </Dialog>
  );
}
