// Toasts: one at a time, 5 s, swipe right (50 px) to dismiss, F8 moves focus to them, 420 px wide.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Portal from '@mui/material/Portal';
import { errorText } from '@/lib/api-client';

export const TOAST_DURATION_MS = 5000;
export const SWIPE_THRESHOLD_PX = 50;

export type ToastInput = {
  title: string;
  description?: string;
  severity?: 'success' | 'error' | 'info';
};

type Toast = ToastInput & { id: number };

type Notify = (toast: ToastInput) => void;

const NotifyContext = createContext<Notify>(() => {});

export const useNotify = (): Notify => useContext(NotifyContext);

function ToastView({
  toast,
  duration,
  onClose,
}: {
  toast: Toast;
  duration: number;
  onClose: () => void;
}) {
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);

  useEffect(() => {
    if (paused) return undefined;
    const timer = window.setTimeout(onClose, duration);
    return () => window.clearTimeout(timer);
  }, [paused, onClose, duration]);

  const onPointerDown = (event: ReactPointerEvent) => {
    start.current = event.clientX;
    setPaused(true);
  };
  const onPointerMove = (event: ReactPointerEvent) => {
    if (start.current === null) return;
    setOffset(Math.max(0, event.clientX - start.current));
  };
  const onPointerEnd = () => {
    if (start.current === null) return;
    start.current = null;
    if (offset > SWIPE_THRESHOLD_PX) onClose();
    else {
      setOffset(0);
      setPaused(false);
    }
  };

  const severity = toast.severity ?? 'success';
  return (
    <Alert
      role={severity === 'error' ? 'alert' : 'status'}
      severity={severity}
      variant="filled"
      onClose={onClose}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      slotProps={{ closeButton: { 'aria-label': 'Dismiss notification' } }}
      sx={{
        pointerEvents: 'auto',
        touchAction: 'pan-y',
        transform: `translateX(${offset}px)`,
        opacity: offset ? Math.max(0.3, 1 - offset / 200) : 1,
        transition: start.current === null ? 'transform 150ms ease, opacity 150ms ease' : 'none',
        boxShadow: 6,
        '@keyframes toast-in': {
          from: { transform: 'translateY(16px)', opacity: 0 },
          to: { transform: 'translateY(0)', opacity: 1 },
        },
        animation: 'toast-in 180ms ease-out',
        '@media (prefers-reduced-motion: reduce)': { animation: 'none', transition: 'none' },
      }}
    >
      <AlertTitle sx={{ mb: toast.description ? 0.5 : 0 }}>{toast.title}</AlertTitle>
      {toast.description}
    </Alert>
  );
}

export function NotificationsProvider({
  children,
  duration = TOAST_DURATION_MS,
}: {
  children: ReactNode;
  /** How long a toast shows; tests of whole pages lengthen it. */
  duration?: number;
}) {
  const [toast, setToast] = useState<Toast | null>(null);
  const region = useRef<HTMLDivElement>(null);
  const seq = useRef(0);

  const notify = useCallback<Notify>((input) => {
    seq.current += 1;
    setToast({ ...input, id: seq.current });
  }, []);
  const close = useCallback(() => setToast(null), []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {/* Mounted into <body> only while a toast shows, so that a dialog opened earlier (which
          hides its siblings from assistive technology) does not hide the toast. */}
      {toast && (
        <Portal>
          <Box
            ref={region}
            role="region"
            aria-label="Notifications (F8)"
            tabIndex={-1}
            sx={(theme) => ({
              position: 'fixed',
              right: 16,
              bottom: 16,
              width: 'calc(100% - 32px)',
              maxWidth: 420,
              zIndex: theme.zIndex.snackbar,
              pointerEvents: 'none',
              '&:focus-visible': {
                outline: `2px solid ${theme.palette.primary.main}`,
                outlineOffset: 4,
              },
            })}
          >
            <ToastView key={toast.id} toast={toast} duration={duration} onClose={close} />
          </Box>
        </Portal>
      )}
    </NotifyContext.Provider>
  );
}

/** The toast of a failed write: titled 'Error', with the API's message or the fallback. */
export const errorToast = (error: unknown, fallback: string): ToastInput => ({
  title: 'Error',
  description: errorText(error, fallback),
  severity: 'error',
});

/** The toast of a failed write whose spec text is fixed, whatever the server said. */
export const fixedErrorToast = (description: string): ToastInput => ({
  title: 'Error',
  description,
  severity: 'error',
});
