/**
 * Where focus lands after switching areas: each screen names one element with `useAreaFocusTarget`
 * (the console's command line, a form's first field, a list's list), and the shell focuses it once
 * the area's lazily loaded screen has mounted. Only a switch asks for focus; a reload does not move it.
 */
import { createContext, useCallback, useContext, useEffect, useRef, type ReactNode } from 'react';

const Register = createContext<(el: HTMLElement | null) => void>(() => {});

/** The ref a screen puts on the element a user types into next after arriving in the area. */
export function useAreaFocusTarget(): (el: HTMLElement | null) => void {
  return useContext(Register);
}

interface Props {
  /** Changes each time the user switches (or re-selects) an area; 0 means no switch yet. */
  readonly request: number;
  readonly children: ReactNode;
}

/** Holds the current screen's target and focuses it when a switch is pending. */
export function AreaFocus({ request, children }: Props) {
  const target = useRef<HTMLElement | null>(null);
  const pending = useRef(false);

  const focusIfPending = useCallback(() => {
    const el = target.current;
    if (!pending.current || !el) return;
    pending.current = false;
    // A zero-delay timer, so a closing command palette hands focus back first and this lands last.
    setTimeout(() => {
      if (el.isConnected) el.focus();
    }, 0);
  }, []);

  useEffect(() => {
    if (request === 0) return;
    pending.current = true;
    focusIfPending();
  }, [request, focusIfPending]);

  // A screen's data may arrive after it mounts: its target registers then, and a pending switch completes.
  const register = useCallback(
    (el: HTMLElement | null) => {
      target.current = el;
      focusIfPending();
    },
    [focusIfPending],
  );

  return <Register.Provider value={register}>{children}</Register.Provider>;
}
