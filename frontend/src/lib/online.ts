// Whether the browser says it is online (docs/spec.md §2 Pack reader, Offline on a phone).
import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

export const isOnline = (): boolean =>
  typeof navigator === 'undefined' || navigator.onLine !== false;

/** Re-renders when the browser goes on- or offline. */
export const useOnline = (): boolean => useSyncExternalStore(subscribe, isOnline, () => true);
