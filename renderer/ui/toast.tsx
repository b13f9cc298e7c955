/** Toasts: one Toaster for the whole app, and a tiny helper so features never import sonner themselves. */
import { toast, Toaster, type ExternalToast } from 'sonner';

/** Mounted once by the app shell. */
export function Toasts() {
  return <Toaster position="bottom-right" richColors closeButton />;
}

type Show = (message: string, options?: ExternalToast) => void;

/** Shows a short message; errors and warnings stay longer than the rest. */
export const notify: { readonly info: Show; readonly success: Show; readonly warning: Show; readonly error: Show } = {
  info: (message, options) => void toast(message, options),
  success: (message, options) => void toast.success(message, options),
  warning: (message, options) => void toast.warning(message, { duration: 8_000, ...options }),
  error: (message, options) => void toast.error(message, { duration: 10_000, ...options }),
};
