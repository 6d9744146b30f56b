import type { ExternalToast } from 'sonner';

/**
 * sonner's toast.success / toast.error, with sonner loaded on first use (issue 15: no library in the
 * first load that the page does not need). A toast shown before the Toaster has mounted is not lost:
 * sonner's Toaster shows the active toasts when it subscribes.
 *
 * Each toast's id is its kind and title unless the caller gives one, so sending the same form again
 * replaces the toast it showed instead of stacking identical ones (issue 41).
 */
let raised = false;
const raisedListeners = new Set<() => void>();

/**
 * Whether a toast has been raised on this page: the notification area mounts only then
 * (app/root-layout.tsx), so a visit that shows none never loads sonner (6 KB compressed, issue 40).
 */
export const toastsRaised = {
  subscribe(listener: () => void): () => void {
    raisedListeners.add(listener);
    return () => raisedListeners.delete(listener);
  },
  get: (): boolean => raised,
};

function lazyToast(kind: 'success' | 'error') {
  return (message: string, options?: ExternalToast) => {
    if (!raised) {
      raised = true;
      for (const listener of [...raisedListeners]) listener();
    }
    void import('sonner').then(({ toast: sonnerToast }) => sonnerToast[kind](message, { id: `${kind}:${message}`, ...options }));
  };
}

export const toast = { success: lazyToast('success'), error: lazyToast('error') };
