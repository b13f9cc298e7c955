/**
 * When the create form shows a field's error: once the user leaves a field they changed (typed into, even if they
 * then cleared it), and for every field on Review. A row just added and a field only tabbed through stay quiet. The
 * form runs in react-hook-form's `onSubmit` mode (nothing checked on its own before Review); this hook adds the
 * check on leaving a changed field, and keeps checking a field that shows an error as it changes, so the error goes
 * as soon as the value is fixed.
 */
import { useCallback, useEffect, useMemo, useRef, type FocusEvent, type FormEvent } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

/** Fields whose rule depends on the one left: leaving min checks max too (the "max below min" message sits on max). */
const PARTNERS: Readonly<Record<string, readonly string[]>> = {
  'autoScaling.min': ['autoScaling.max'],
};

/**
 * Returns the handlers for the element holding the fields (React's change and blur events bubble, so one pair sees
 * every field): a field counts as changed once the user typed or picked in it — rows added and presets applied
 * change values without an input event, so they do not count.
 */
export function useLeaveValidation<T extends FieldValues>(form: Pick<UseFormReturn<T>, 'subscribe' | 'trigger' | 'getFieldState'>) {
  const { subscribe, trigger, getFieldState } = form;
  const changed = useRef(new Set<string>());
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          if (name === undefined) return;
          const showing = [name, ...(PARTNERS[name] ?? [])].filter((n) => getFieldState(n as FieldPath<T>).error !== undefined);
          if (showing.length > 0) void trigger(showing as FieldPath<T>[]);
        },
      }),
    [subscribe, trigger, getFieldState],
  );
  const onBlur = useCallback(
    (e: FocusEvent<HTMLElement>) => {
      const name = e.target.getAttribute('name');
      if (name === null || !changed.current.has(name)) return;
      void trigger([name, ...(PARTNERS[name] ?? [])] as FieldPath<T>[]);
    },
    [trigger],
  );
  const onChange = useCallback((e: FormEvent<HTMLElement>) => {
    const name = (e.target as HTMLElement).getAttribute('name');
    if (name !== null) changed.current.add(name);
  }, []);
  return useMemo(() => ({ onBlur, onChange }), [onBlur, onChange]);
}

/** The form options that go with the hook: nothing is checked on its own before Review; after it, as values change. */
export const LEAVE_VALIDATION_MODE = { mode: 'onSubmit', reValidateMode: 'onChange' } as const;
