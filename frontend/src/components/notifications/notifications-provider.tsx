// Toasts: one at a time, 5 s, swipe right (50 px) to dismiss, F8 moves focus to them, 420 px wide.
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
  type Ref,
} from 'react';
import { createPortal } from 'react-dom';
import { errorText } from '@/lib/api-client';

export const TOAST_DURATION_MS = 5000;
export const SWIPE_THRESHOLD_PX = 50;

export type ToastInput = {
  title: string;
  description?: string;
  severity?: 'success' | 'error' | 'info';
};

export type Toast = ToastInput & { id: number };

type Notify = (toast: ToastInput) => void;

const NotifyContext = createContext<Notify>(() => {});

export const useNotify = (): Notify => useContext(NotifyContext);

export type ToastRegionProps = {
  toast: Toast;
  duration: number;
  onClose: () => void;
  /** The region, which F8 focuses. */
  regionRef: Ref<HTMLDivElement>;
};

/**
 * The region the toast shows in, which F8 focuses. It is mounted into <body> only while a toast shows,
 * so that a dialog opened earlier (which hides its siblings from assistive technology) does not hide it.
 */
export const regionProps = {
  role: 'region',
  'aria-label': 'Notifications (F8)',
  tabIndex: -1,
} as const;

/**
 * The toast when its code could not load (the network gone): the same words, plainly, for as long.
 * Without it a failed write while offline would take the whole page down instead of saying so.
 */
function PlainToastRegion({ toast, duration, onClose, regionRef }: ToastRegionProps) {
  useEffect(() => {
    const timer = window.setTimeout(onClose, duration);
    return () => window.clearTimeout(timer);
  }, [toast, duration, onClose]);
  return createPortal(
    <div
      ref={regionRef}
      {...regionProps}
      style={{ position: 'fixed', right: 16, bottom: 16, maxWidth: 420, zIndex: 1400 }}
    >
      <div
        role={toast.severity === 'error' ? 'alert' : 'status'}
        style={{ padding: 12, background: 'Canvas', color: 'CanvasText', border: '1px solid' }}
      >
        <strong>{toast.title}</strong> {toast.description}
      </div>
    </div>,
    document.body,
  );
}

// The Alert that shows a toast, with its icons and close button, loads with the first toast: not on the
// sign-in page's first load, which has a budget (docs/performance.md).
const ToastRegion = lazy(() =>
  import(/* webpackChunkName: "toast-region" */ '@/components/notifications/toast-region').then(
    (m) => ({ default: m.ToastRegion }),
    () => ({ default: PlainToastRegion }),
  ),
);

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
      {toast && (
        <Suspense fallback={null}>
          <ToastRegion toast={toast} duration={duration} onClose={close} regionRef={region} />
        </Suspense>
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

/**
 * A write's failure toast: the API's message titled 'Error' (this text when it has none), or the toast a
 * function makes (a fixed text, say).
 */
export type Failure = string | ((error: unknown) => ToastInput);

export const failureToast = (error: unknown, failure: Failure): ToastInput =>
  typeof failure === 'function' ? failure(error) : errorToast(error, failure);

/**
 * Runs a write and toasts how it went: a toast titled `success` once it is done, or the failure toast.
 * Answers whether it succeeded; a failure is reported, not thrown.
 */
export function useReportWrite() {
  const notify = useNotify();
  return useCallback(
    async (write: Promise<unknown>, success: string, failure: Failure): Promise<boolean> => {
      try {
        await write;
      } catch (error) {
        notify(failureToast(error, failure));
        return false;
      }
      notify({ title: success });
      return true;
    },
    [notify],
  );
}
