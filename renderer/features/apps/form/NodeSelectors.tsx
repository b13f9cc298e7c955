/**
 * Node selectors as key/value rows. The body holds them as an object, which cannot hold a row still being typed (no
 * key yet) or keep two rows with one key; so the rows live in their own small form (UI state, saved with the draft)
 * and the body's object is rebuilt from them on every change.
 */
import { useEffect, useRef } from 'react';
import { useForm, useFormContext, useWatch } from 'react-hook-form';
import { Field } from '../../../ui/field';
import { RowList } from '../../../ui/row-list';
import type { AppFormValues } from './form-schema';
import { messageAt } from './form-helpers';

/** One row as typed. */
export interface SelectorRow {
  readonly key: string;
  readonly value: string;
}

/** The body's object from the rows: rows without a key are not sent yet; of two rows with one key the later wins. */
export function selectorsOf(rows: readonly SelectorRow[]): Record<string, string> | undefined {
  const named = rows.filter((r) => r.key.trim() !== '');
  return named.length ? Object.fromEntries(named.map((r) => [r.key.trim(), r.value])) : undefined;
}

/** The keys that more than one row uses. */
export function duplicateKeys(rows: readonly SelectorRow[]): string[] {
  const counts = new Map<string, number>();
  for (const r of rows) if (r.key.trim()) counts.set(r.key.trim(), (counts.get(r.key.trim()) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > 1).map(([k]) => k);
}

interface Props {
  /** Rows from a draft; otherwise rows are made from the body's object. */
  readonly initialRows: readonly SelectorRow[] | undefined;
  readonly onRowsChange: (rows: readonly SelectorRow[]) => void;
}

export function NodeSelectors({ initialRows, onRowsChange }: Props) {
  const app = useFormContext<AppFormValues>();
  const fromBody = Object.entries(app.getValues('regionSettings.nodeSelectors') ?? {}).map(([key, value]) => ({ key, value }));
  const rowsForm = useForm<{ rows: SelectorRow[] }>({ defaultValues: { rows: [...(initialRows ?? fromBody)] } });
  const rows = useWatch({ control: rowsForm.control, name: 'rows' });
  const last = useRef(JSON.stringify(rows));

  useEffect(() => {
    // The watched rows are new arrays on every pass; only a change of their content is a change.
    const text = JSON.stringify(rows);
    if (text === last.current) return;
    last.current = text;
    onRowsChange(rows);
    app.setValue('regionSettings.nodeSelectors', selectorsOf(rows), { shouldDirty: true, shouldValidate: app.formState.isSubmitted });
  }, [rows, app, onRowsChange]);

  const duplicates = duplicateKeys(rows);
  const error = messageAt(app.formState.errors, 'regionSettings.nodeSelectors');
  return (
    <>
      <RowList control={rowsForm.control} name="rows" noun="node selector" label="Node selectors" newRow={() => ({ key: '', value: '' })}>
        {(i) => (
          <>
            <Field label="Label" hint={i === 0 ? 'A node label the app must run on, e.g. gpu.' : undefined}>
              {(p) => <input {...p} autoComplete="off" {...rowsForm.register(`rows.${i}.key`)} />}
            </Field>
            <Field label="Value">{(p) => <input {...p} autoComplete="off" {...rowsForm.register(`rows.${i}.value`)} />}</Field>
          </>
        )}
      </RowList>
      {duplicates.length > 0 && (
        <p className="field-warning" role="status">
          {duplicates.map((d) => `“${d}”`).join(', ')} {duplicates.length === 1 ? 'is' : 'are'} used by more than one row; only the last of them is sent.
        </p>
      )}
      {error && <p className="field-error">{error}</p>}
    </>
  );
}
