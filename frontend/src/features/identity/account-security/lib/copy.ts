// Copies text to the clipboard and says so in a toast.
import type { ToastInput } from '@/components/notifications/notifications-provider';

export async function copyText(
  text: string,
  notify: (toast: ToastInput) => void,
  done: string,
): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify({ title: done, severity: 'success' });
  } catch {
    notify({
      title: 'Could not copy',
      description: 'Select the text and copy it yourself instead.',
      severity: 'error',
    });
  }
}
