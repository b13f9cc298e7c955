/** The container's entry point: command and arguments each typed as one shell-quoted line or edited as a list. */
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { joinCommandLine, splitCommandLine } from '../../../../shared/apps/command-line';
import { Field } from '../../../ui/field';
import { at, errorAt, type AppForm } from './form-kit';

type EntryPointValue = {
  readonly commandArray?: readonly string[] | null;
  readonly argumentsArray?: readonly string[] | null;
  readonly workingDirectory?: string | null;
  readonly [k: string]: unknown;
};
type ListKey = 'commandArray' | 'argumentsArray';

/**
 * Every part is controlled rather than registered: a registered box would put an empty `entryPoint` into the body
 * before anything is typed. A part left empty leaves the body, and so does the entry point once all are empty.
 */
function useEntryPoint(index: number) {
  const { setValue, getValues, formState } = useFormContext<AppForm>();
  const path = at(index, 'entryPoint');
  const value = (useWatch<AppForm>({ name: path }) as EntryPointValue | null | undefined) ?? {};
  const update = (key: string, v: unknown) => {
    const next: Record<string, unknown> = { ...((getValues(path) as EntryPointValue | null | undefined) ?? {}), [key]: v };
    for (const k of Object.keys(next)) if (next[k] === undefined) delete next[k];
    setValue(path, (Object.keys(next).length > 0 ? next : undefined) as never, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };
  return { path, value, update, errors: formState.errors };
}

function WordList({ index, which, noun }: { readonly index: number; readonly which: ListKey; readonly noun: string }) {
  const { path, value, update, errors } = useEntryPoint(index);
  const words = value[which] ?? [];
  const set = (list: readonly string[]) => update(which, list.length > 0 ? list : undefined);
  return (
    <div>
      <ol className="string-list">
        {words.map((w, i) => (
          <li key={i}>
            <Field label={`${noun} ${i + 1}`} error={errorAt(errors, `${path}.${which}.${i}`)}>
              {(c) => <input {...c} className="mono" spellCheck={false} value={w} onChange={(e) => set(words.map((x, j) => (j === i ? e.target.value : x)))} />}
            </Field>
            <button type="button" aria-label={`Remove ${noun.toLowerCase()} ${i + 1}`} onClick={() => set(words.filter((_, j) => j !== i))}>
              <Trash2 aria-hidden="true" size={14} />
            </button>
          </li>
        ))}
      </ol>
      <button type="button" onClick={() => set([...words, ''])}>
        <Plus aria-hidden="true" size={14} /> Add {noun.toLowerCase()}
      </button>
    </div>
  );
}

function LineOrList({ index, which, title, noun, hint }: { readonly index: number; readonly which: ListKey; readonly title: string; readonly noun: string; readonly hint: string }) {
  const { path, value, update, errors } = useEntryPoint(index);
  const [mode, setMode] = useState<'line' | 'list'>('line');
  // The line as typed stays as typed (quotes and all) while it reads; the body holds the words.
  const [line, setLine] = useState(() => joinCommandLine(value[which] ?? []));
  const [problem, setProblem] = useState<string | undefined>();
  const group = useId();
  // Words set from elsewhere (a restored draft, the JSON view) replace the line; typing marks its own words as seen.
  const joined = joinCommandLine(value[which] ?? []);
  const [seen, setSeen] = useState(joined);
  if (joined !== seen) {
    setSeen(joined);
    setLine(joined);
    setProblem(undefined);
  }

  function typed(text: string) {
    setLine(text);
    const split = splitCommandLine(text);
    if (!split.ok) {
      // Nothing half-read reaches the body: it keeps the last words that read, and the message says which.
      const kept = value[which] ?? [];
      const keeps = kept.length > 0 ? ` Until then the ${title.toLowerCase()} stays ${joinCommandLine(kept)}.` : '';
      return setProblem(split.problem.message + keeps);
    }
    setProblem(undefined);
    setSeen(joinCommandLine(split.words));
    update(which, split.words.length > 0 ? split.words : undefined);
  }
  const switchTo = (m: 'line' | 'list') => {
    if (m === 'line') {
      setLine(joinCommandLine(value[which] ?? []));
      setProblem(undefined);
    }
    setMode(m);
  };
  const schemaError = errorAt(errors, `${path}.${which}`);

  return (
    <fieldset className="entry-part">
      <legend>{title}</legend>
      <div className="mode-switch" role="radiogroup" aria-label={`${title} as`}>
        <label>
          <input type="radio" name={group} checked={mode === 'line'} onChange={() => switchTo('line')} /> One line
        </label>
        <label>
          <input type="radio" name={group} checked={mode === 'list'} onChange={() => switchTo('list')} /> List
        </label>
      </div>
      {mode === 'line' ? (
        <Field label={`${title} line`} hint={hint} error={problem ?? schemaError}>
          {(c) => <input {...c} name={`${path}.${which}`} className="mono" spellCheck={false} value={line} onChange={(e) => typed(e.target.value)} />}
        </Field>
      ) : (
        <>
          <WordList index={index} which={which} noun={noun} />
          {schemaError && <p className="field-error">{schemaError}</p>}
        </>
      )}
    </fieldset>
  );
}

/** Command, arguments and working directory; all optional, the image's own entry point applies when left empty. */
export function EntryPoint({ index }: { readonly index: number }) {
  const { path, value, update, errors } = useEntryPoint(index);
  return (
    <div className="entry-point">
      <LineOrList index={index} which="commandArray" title="Command" noun="Command word" hint="Split like a shell does: quote words that contain spaces. Empty: the image's own." />
      <LineOrList index={index} which="argumentsArray" title="Arguments" noun="Argument" hint="Split like a shell does. Empty: the image's own." />
      <Field label="Working directory" hint="Optional" error={errorAt(errors, `${path}.workingDirectory`)}>
        {(c) => (
          <input
            {...c}
            name={`${path}.workingDirectory`}
            className="mono"
            value={value.workingDirectory ?? ''}
            onChange={(e) => update('workingDirectory', e.target.value === '' ? undefined : e.target.value)}
          />
        )}
      </Field>
    </div>
  );
}
