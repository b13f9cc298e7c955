/** A CDN endpoint's sticky sessions: on or off, one to three session header chips, and an optional cookie name. */
import { X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { LIMITS } from '../../../../shared/apps/schema';
import { Field } from '../../../ui/field';
import { errorAt, optionalText, type AppForm, type FormPath } from './form-kit';

interface Props {
  /** `containerTemplates.0.endpoints.1.cdn.stickySessions` */
  readonly path: string;
  /** "Endpoint 2", for labels. */
  readonly label: string;
}

type Sticky = { readonly enabled?: boolean; readonly sessionHeaders?: readonly string[]; readonly cookieName?: string } | null | undefined;

/** Off leaves stickySessions out of the body; on, headers are added as chips by Enter or the Add button. */
export function StickySessions({ path, label }: Props) {
  const { register, setValue, formState } = useFormContext<AppForm>();
  const sticky = useWatch<AppForm>({ name: path as FormPath }) as Sticky;
  const [draft, setDraft] = useState('');
  const headersPath = `${path}.sessionHeaders` as FormPath;
  const headers = sticky?.sessionHeaders ?? [];
  const opts = { shouldDirty: true, shouldValidate: formState.isSubmitted } as const;
  const full = headers.length >= LIMITS.stickyHeaders.max;

  function add() {
    const h = draft.trim();
    if (h === '' || full || headers.includes(h)) return;
    setValue(headersPath, [...headers, h] as never, opts);
    setDraft('');
  }
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the chip rather than submitting the whole form.
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };

  return (
    <div className="sticky-sessions">
      <label className="check">
        <input
          type="checkbox"
          checked={sticky != null}
          onChange={(e) => setValue(path as FormPath, (e.target.checked ? { enabled: true, sessionHeaders: [] } : undefined) as never, opts)}
        />
        {label}: sticky sessions
      </label>
      {sticky != null && (
        <>
          <Field
            label={`${label}: session header`}
            hint={`Requests with the same value of these headers (1 to ${LIMITS.stickyHeaders.max}) go to the same instance.`}
            error={errorAt(formState.errors, headersPath)}
          >
            {(c) => (
              <div className="row">
                <input {...c} name={headersPath} className="mono" value={draft} disabled={full} onChange={(e) => setDraft(e.target.value)} onKeyDown={onKey} />
                <button type="button" onClick={add} disabled={full || draft.trim() === ''}>
                  Add header
                </button>
              </div>
            )}
          </Field>
          <ul className="chips" aria-label={`${label}: session headers`}>
            {headers.map((h) => (
              <li key={h} className="chip">
                {h}
                <button type="button" aria-label={`Remove header ${h}`} onClick={() => setValue(headersPath, headers.filter((x) => x !== h) as never, opts)}>
                  <X aria-hidden="true" size={12} />
                </button>
              </li>
            ))}
          </ul>
          <Field label={`${label}: cookie name`} hint="Optional" error={errorAt(formState.errors, `${path}.cookieName`)}>
            {(c) => <input {...c} className="mono" {...register(`${path}.cookieName` as FormPath, { setValueAs: optionalText })} />}
          </Field>
        </>
      )}
    </div>
  );
}
