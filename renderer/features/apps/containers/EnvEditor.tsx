/** Environment variables as rows, or pasted / loaded as `.env` text that replaces them only when every line reads. */
import { Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import { useFormContext, useWatch, type ArrayPath } from 'react-hook-form';
import { formatEnvText, isSecretEnvVar, parseEnvText, type EnvRow, type EnvTextProblem } from '../../../../shared/apps/env-text';
import { Field } from '../../../ui/field';
import { RowList } from '../../../ui/row-list';
import { NOT_A_USERNAME_MARKS, SECRET_INPUT_MARKS } from '../../../ui/secret-field';
import { at, errorAt, type AppForm } from './form-kit';
import { useImageHints } from './image-hints';

interface Props {
  readonly index: number;
}

type View = 'rows' | 'text';

/** Rows named more than once, by row index: the other row numbers (1-based) that use the same name. */
function duplicateRows(rows: readonly Partial<EnvRow>[]): ReadonlyMap<number, readonly number[]> {
  const byName = new Map<string, number[]>();
  rows.forEach((r, i) => {
    if (!r.name) return;
    byName.set(r.name, [...(byName.get(r.name) ?? []), i]);
  });
  const out = new Map<number, number[]>();
  for (const list of byName.values()) {
    if (list.length < 2) continue;
    for (const i of list) out.set(i, list.filter((j) => j !== i).map((j) => j + 1));
  }
  return out;
}

/** Switches between the rows and a `.env` text view; secret-looking values stay masked until that row is revealed. */
export function EnvEditor({ index }: Props) {
  const { control, register, setValue, formState } = useFormContext<AppForm>();
  const name = at(index, 'environmentVariables');
  const rows = (useWatch<AppForm>({ name }) as Partial<EnvRow>[] | undefined) ?? [];
  const [view, setView] = useState<View>('rows');
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<readonly EnvTextProblem[]>([]);
  const [applied, setApplied] = useState<string | null>(null);
  // Revealed by name, so a revealed value stays with its row when rows move.
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(new Set());
  const viewName = useId();
  const duplicates = duplicateRows(rows);
  // Variables this container's image needs a value for ("Fill from image" learns them).
  const requiredNames = useImageHints().required.get(index);

  function openText() {
    // The text view starts from the rows, so editing and applying it round-trips them; but text cannot mask
    // a value, so with a secret among the rows it starts empty rather than show every secret at once.
    const hasSecret = rows.some((r) => isSecretEnvVar(r.name ?? '', r.value) && r.value);
    setText(hasSecret ? '' : formatEnvText(rows.map((r) => ({ name: r.name ?? '', value: r.value ?? '' }))));
    setProblems([]);
    setApplied(null);
    setView('text');
  }

  function apply(source: string) {
    const parsed = parseEnvText(source);
    if (!parsed.ok) {
      // All or nothing: one bad line and the rows stay as they were.
      setProblems(parsed.problems);
      setApplied(null);
      return;
    }
    setProblems([]);
    setValue(name, parsed.rows.map((r) => ({ name: r.name, value: r.value })), { shouldDirty: true, shouldValidate: formState.isSubmitted });
    const dups = parsed.duplicates.map((d) => `${d.name} is on lines ${d.lines.join(', ')}`);
    setApplied(`${parsed.rows.length} variable${parsed.rows.length === 1 ? '' : 's'} applied.${dups.length ? ` Duplicate names: ${dups.join('; ')}.` : ''}`);
    setView('rows');
  }

  async function load(file: File | undefined) {
    if (!file) return;
    const content = await file.text();
    setText(content);
    apply(content);
  }

  const toggle = (n: string) =>
    setRevealed((s) => {
      const next = new Set(s);
      if (next.has(n)) next.delete(n);
      else next.add(n);
      return next;
    });

  return (
    <div className="env-editor">
      <div className="mode-switch" role="radiogroup" aria-label="Environment variables view">
        <label>
          <input type="radio" name={viewName} checked={view === 'rows'} onChange={() => setView('rows')} /> As rows
        </label>
        <label>
          <input type="radio" name={viewName} checked={view === 'text'} onChange={openText} /> As .env text
        </label>
      </div>
      {applied && (
        <p className="field-hint" role="status">
          {applied}
        </p>
      )}
      {view === 'text' ? (
        <div className="env-text">
          <Field
            label=".env text"
            hint="NAME=VALUE per line; export, quotes, comments and blank lines are understood. Applying replaces the rows."
            error={problems.length > 0 ? 'Nothing was applied: fix these lines first.' : undefined}
          >
            {(c) => <textarea {...c} spellCheck={false} value={text} onChange={(e) => setText(e.target.value)} />}
          </Field>
          {problems.length > 0 && (
            <ul className="problem-list" role="alert">
              {problems.map((p) => (
                <li key={p.line}>{p.message}</li>
              ))}
            </ul>
          )}
          <div className="row">
            <button type="button" onClick={() => apply(text)}>
              Apply
            </button>
            <label className="check">
              Load a .env file <input type="file" accept=".env,text/plain" onChange={(e) => void load(e.target.files?.[0])} />
            </label>
          </div>
        </div>
      ) : (
        <RowList control={control} name={name as ArrayPath<AppForm>} noun="variable" label="Environment variables" newRow={() => ({ name: '', value: '' }) as never}>
          {(i) => {
            const rowName = rows[i]?.name ?? '';
            // The Review's rule: a secret by its name or by its value (STRIPE=sk_live_… is masked too).
            const secret = isSecretEnvVar(rowName, rows[i]?.value);
            const shown = !secret || revealed.has(rowName);
            const others = duplicates.get(i);
            return (
              <>
                <Field label={`Variable ${i + 1} name`} error={errorAt(formState.errors, `${name}.${i}.name`)}>
                  {(c) => <input {...c} className="mono" spellCheck={false} {...NOT_A_USERNAME_MARKS} {...register(at(index, `environmentVariables.${i}.name`))} />}
                </Field>
                {others && <p className="field-warning">Same name as row {others.join(', ')}: a container sees only one of them.</p>}
                <Field
                  label={`Variable ${i + 1} value`}
                  hint={requiredNames?.has(rowName) ? 'Required by the image' : undefined}
                  error={errorAt(formState.errors, `${name}.${i}.value`)}
                >
                  {(c) => (
                    <input {...c} className="mono" {...SECRET_INPUT_MARKS} type={shown ? 'text' : 'password'} {...register(at(index, `environmentVariables.${i}.value`))} />
                  )}
                </Field>
                {secret && (
                  <button type="button" aria-pressed={shown} aria-label={`${shown ? 'Hide' : 'Show'} value of variable ${i + 1}`} onClick={() => toggle(rowName)}>
                    {shown ? <EyeOff aria-hidden="true" size={14} /> : <Eye aria-hidden="true" size={14} />}
                  </button>
                )}
              </>
            );
          }}
        </RowList>
      )}
    </div>
  );
}
