// The toast on screen: an MUI Alert in a fixed region mounted into <body>. Loaded with the first toast,
// so that the sign-in page's first load carries no Alert, IconButton or icons (docs/performance.md).
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Portal from '@mui/material/Portal';
import {
  regionProps,
  SWIPE_THRESHOLD_PX,
  type Toast,
  type ToastRegionProps,
} from '@/components/notifications/notifications-provider';

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

/** The toast in its region (`regionProps`), mounted into <body>. */
export function ToastRegion({ toast, duration, onClose, regionRef }: ToastRegionProps) {
  return (
    <Portal>
      <Box
        ref={regionRef}
        {...regionProps}
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
        <ToastView key={toast.id} toast={toast} duration={duration} onClose={onClose} />
      </Box>
    </Portal>
  );
}
