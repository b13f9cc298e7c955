/**
 * The create form's "Form | JSON" switch. The JSON view holds the body's exact text (what Review shows); each edit
 * that reads as a create request replaces the form's values with it, so the form shows it when switched back. Text
 * that does not read keeps its place and its message, and the form cannot be shown (nor reviewed) until it does.
 */
import { useCallback, useRef, useState, type MutableRefObject } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { bodyText } from './body';
import type { AppFormValues } from './form-schema';
import { readJsonView } from './json-view';
import type { AppFormDraft, DraftUi } from './use-draft';

/** Which side of the switch is shown. */
export type FormView = 'form' | 'json';

interface Options {
  readonly form: UseFormReturn<AppFormValues>;
  /** The draft's UI state as the form opened (the view and text it had). */
  readonly initial: DraftUi | undefined;
  readonly uiRef: MutableRefObject<DraftUi>;
  readonly schedule: (draft: AppFormDraft) => void;
  /** Called after the values were replaced from the text (rows kept outside the values are rebuilt from them). */
  readonly onApplied: () => void;
}

/** The view, the JSON text and its problem, and the actions of the switch. */
export function useJsonView({ form, initial = {}, uiRef, schedule, onApplied }: Options) {
  const [view, setView] = useState<FormView>(initial.view ?? 'form');
  const [text, setText] = useState(() => initial.jsonText ?? bodyText(form.getValues()));
  const [problem, setProblem] = useState<string | null>(() => (initial.view === 'json' ? problemOf(initial.jsonText ?? '') : null));
  // Set when leaving the JSON view was refused: the message is then announced, not only shown.
  const [refused, setRefused] = useState(false);
  // The editor's editable element, focused when leaving the view is refused.
  const editorRef = useRef<HTMLElement>(null);

  const show = useCallback(
    (next: FormView) => {
      if (next === 'json') {
        const fresh = bodyText(form.getValues());
        setText(fresh);
        setProblem(null);
        uiRef.current = { ...uiRef.current, view: 'json', jsonText: fresh };
      } else {
        if (problem !== null) {
          setRefused(true);
          editorRef.current?.focus();
          return false;
        }
        uiRef.current = { ...uiRef.current, view: 'form', jsonText: undefined };
      }
      setRefused(false);
      setView(next);
      schedule({ values: form.getValues(), ui: uiRef.current });
      return true;
    },
    [form, uiRef, schedule, problem],
  );

  const edit = useCallback(
    (next: string) => {
      setText(next);
      setRefused(false);
      const read = readJsonView(next);
      uiRef.current = { view: 'json', jsonText: next };
      if (!read.ok) {
        setProblem(read.message);
        schedule({ values: form.getValues(), ui: uiRef.current });
        return;
      }
      setProblem(null);
      // A reset (not a merge) so members the text removed are gone from the form too; the draft is saved by the
      // form's value subscription.
      form.reset(read.values, { keepDefaultValues: true });
      onApplied();
    },
    [form, uiRef, schedule, onApplied],
  );

  /** The form's values changed from outside the text (a preset): the text follows. */
  const refresh = useCallback(() => {
    const fresh = bodyText(form.getValues());
    setText(fresh);
    setProblem(null);
    setRefused(false);
    if (uiRef.current.view === 'json') uiRef.current = { ...uiRef.current, jsonText: fresh };
  }, [form, uiRef]);

  return { view, text, problem, refused, editorRef, show, edit, refresh };
}

function problemOf(text: string): string | null {
  const read = readJsonView(text);
  return read.ok ? null : read.message;
}
