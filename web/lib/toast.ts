import type { ExternalToast } from 'sonner';

/**
 * sonner's toast.success / toast.error, with sonner loaded on first use (issue 15: no library in the
 * first load that the page does not need). A toast shown before the Toaster has mounted is not lost:
 * sonner's Toaster shows the active toasts when it subscribes.
 *
 * Each toast's id is its kind and title unless the caller gives one, so sending the same form again
 * replaces the toast it showed instead of stacking identical ones (issue 41).
 */
function lazyToast(kind: 'success' | 'error') {
  return (message: string, options?: ExternalToast) => {
    void import('sonner').then(({ toast: sonnerToast }) => sonnerToast[kind](message, { id: `${kind}:${message}`, ...options }));
  };
}

export const toast = { success: lazyToast('success'), error: lazyToast('error') };
