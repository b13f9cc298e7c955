/** Toasts: one Toaster for the whole app, and a tiny helper so features never import sonner themselves. */
import { toast, Toaster, type ExternalToast } from 'sonner';

/** Mounted once by the app shell, in the theme the app shows (sonner alone would stay light on a dark window). */
export function Toasts({ theme = 'system' }: { readonly theme?: 'system' | 'light' | 'dark' }) {
  return <Toaster position="bottom-right" theme={theme} richColors closeButton />;
}

type Show = (message: string, options?: ExternalToast) => void;

/** Shows a short message; errors and warnings stay longer than the rest. */
export const notify: { readonly info: Show; readonly success: Show; readonly warning: Show; readonly error: Show } = {
  info: (message, options) => void toast(message, options),
  success: (message, options) => void toast.success(message, options),
  warning: (message, options) => void toast.warning(message, { duration: 8_000, ...options }),
  error: (message, options) => void toast.error(message, { duration: 10_000, ...options }),
};
