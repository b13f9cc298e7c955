/**
 * The fetch form: the file's URL, a title, a collection, and custom headers as rows whose values are masked until
 * revealed. Values live only in this form's state, are sent once with `videos.fetch`, and are cleared after it.
 * A header field shows its error only once it has been typed in and left, or the form submitted: a row just added
 * is not red, and leaving it empty for the next "Add header" does not push that button away under the pointer.
 */
import { Eye, EyeOff, Plus, Trash2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { FetchHeader, FetchUrl, MAX_FETCH_HEADERS } from '../../../../shared/contract/videos-fetch';
import { Title } from '../../../../shared/videos/model';
import { useCall, useCallMutation } from '../../../bridge/queries';
import { ErrorMessage, fieldError } from '../../../ui/ErrorMessage';
import { Field } from '../../../ui/field';
import { NOT_A_USERNAME_MARKS, SECRET_INPUT_MARKS } from '../../../ui/secret-field';

interface HeaderRow {
  readonly key: number;
  readonly name: string;
  readonly value: string;
  readonly shown: boolean;
  /** Set once the name field has been typed in and left (or the form submitted): from then on its error shows. */
  readonly nameLeft: boolean;
  readonly valueLeft: boolean;
}

/** What the form starts from: empty, or a row fetched before (its header names, values to enter again). */
export interface FetchDraft {
  readonly url: string;
  readonly title: string;
  readonly collectionId: string | null;
  readonly headerNames: readonly string[];
}

interface Props {
  readonly libraryId: number;
  readonly initial: FetchDraft;
  readonly onDone: () => void;
}

let nextKey = 1;
const row = (name = ''): HeaderRow => ({ key: nextKey++, name, value: '', shown: false, nameLeft: false, valueLeft: false });

/** The rules the form checks before sending (the core checks them again). */
function localErrors(url: string, title: string, headers: readonly HeaderRow[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const u = FetchUrl.safeParse(url);
  if (!u.success) errors.url = u.error.issues[0]?.message ?? 'url is not valid';
  if (title.trim() !== '') {
    const t = Title.safeParse(title);
    if (!t.success) errors.title = `Title ${t.error.issues[0]?.message ?? 'is not valid'}`;
  }
  headers.forEach((h, i) => {
    const checked = FetchHeader.safeParse({ name: h.name.trim(), value: h.value.trim() });
    if (checked.success) return;
    for (const issue of checked.error.issues) {
      const field = issue.path[0] === 'value' ? 'value' : 'name';
      errors[`headers[${i}].${field}`] ??= `${field === 'name' ? 'Name' : 'Value'} ${issue.message}`;
    }
  });
  return errors;
}

export function FetchForm({ libraryId, initial, onDone }: Props) {
  const [url, setUrl] = useState(initial.url);
  const [title, setTitle] = useState(initial.title);
  const [collectionId, setCollectionId] = useState<string | null>(initial.collectionId);
  const [headers, setHeaders] = useState<HeaderRow[]>(() => initial.headerNames.map((n) => row(n)));
  const [submitted, setSubmitted] = useState(false);
  const collections = useCall('videos.collections', { libraryId });
  const fetch = useCallMutation('videos.fetch');
  // The row "Add header" just made: its name field takes the keyboard as it appears.
  const focusNewRow = useRef<number | null>(null);

  // Checked as the values change, so an error goes as soon as its value is fixed; shown only where the user has
  // been: the URL and title after a submit, a header field after it was typed in and left or the form submitted.
  const found = localErrors(url, title, headers);
  const shownErrors: Record<string, string> = {};
  for (const [path, message] of Object.entries(found)) {
    const header = /^headers\[(\d+)\]\.(name|value)$/.exec(path);
    const h = header ? headers[Number(header[1])] : undefined;
    const shown = header ? (header[2] === 'name' ? h?.nameLeft : h?.valueLeft) : submitted;
    if (shown) shownErrors[path] = message;
  }
  const setHeader = (key: number, change: Partial<HeaderRow>) => setHeaders((hs) => hs.map((h) => (h.key === key ? { ...h, ...change } : h)));
  const addHeader = () => {
    const added = row();
    focusNewRow.current = added.key;
    setHeaders((hs) => [...hs, added]);
  };
  const errorFor = (path: string) => shownErrors[path] ?? fieldError(fetch.error, path);

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    setHeaders((hs) => hs.map((h) => ({ ...h, nameLeft: true, valueLeft: true })));
    if (Object.keys(found).length > 0) return;
    fetch.mutate(
      {
        libraryId,
        collectionId,
        url: url.trim(),
        ...(title.trim() !== '' ? { title: title.trim() } : {}),
        headers: headers.map((h) => ({ name: h.name.trim(), value: h.value.trim() })),
      },
      {
        onSuccess: () => {
          // The values have gone to the core: none stays in the page.
          setHeaders([]);
          setUrl('');
          setTitle('');
          fetch.reset();
          onDone();
        },
      },
    );
  }

  return (
    <form className="fetch-form" aria-label="Fetch from a URL" onSubmit={submit} noValidate>
      <Field label="URL of the video file" hint="An http:// or https:// address the platform can download." error={errorFor('url')}>
        {(p) => <input {...p} type="url" inputMode="url" autoComplete="off" spellCheck={false} value={url} autoFocus onChange={(e) => setUrl(e.target.value)} />}
      </Field>
      <div className="row">
        <Field label="Title" hint="Optional: the file name in the URL otherwise." error={errorFor('title')}>
          {(p) => <input {...p} value={title} onChange={(e) => setTitle(e.target.value)} />}
        </Field>
        <Field label="Fetch into collection">
          {(p) => (
            <select {...p} value={collectionId ?? ''} onChange={(e) => setCollectionId(e.target.value || null)}>
              <option value="">No collection</option>
              {(collections.data?.collections ?? []).map((c) => (
                <option key={c.guid} value={c.guid}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <fieldset className="fetch-headers" aria-describedby="fetch-headers-note">
        <legend>Custom headers</legend>
        <p id="fetch-headers-note" className="field-hint">
          Sent once, with the platform's download of the file. Only authentication that fits a single request works: Basic or Bearer in an
          Authorization header, or a static key header. Signed or expiring links will not work. Values are never shown again.
        </p>
        {headers.map((h, i) => (
          <div className="row fetch-header-row" key={h.key}>
            <Field label={`Header ${i + 1} name`} error={errorFor(`headers[${i}].name`)}>
              {(p) => (
                <input
                  {...p}
                  {...NOT_A_USERNAME_MARKS}
                  ref={(el) => {
                    if (el && focusNewRow.current === h.key) {
                      focusNewRow.current = null;
                      el.focus();
                    }
                  }}
                  spellCheck={false}
                  placeholder="Authorization"
                  value={h.name}
                  onChange={(e) => setHeader(h.key, { name: e.target.value })}
                  onBlur={(e) => e.target.value !== '' && setHeader(h.key, { nameLeft: true })}
                />
              )}
            </Field>
            <Field label={`Header ${i + 1} value`} error={errorFor(`headers[${i}].value`)}>
              {(p) => (
                <input
                  {...p}
                  type={h.shown ? 'text' : 'password'}
                  {...SECRET_INPUT_MARKS}
                  value={h.value}
                  onChange={(e) => setHeader(h.key, { value: e.target.value })}
                  onBlur={(e) => e.target.value !== '' && setHeader(h.key, { valueLeft: true })}
                />
              )}
            </Field>
            <button type="button" className="icon-button" aria-pressed={h.shown} aria-label={`Show the value of header ${i + 1}`} title={h.shown ? 'Hide the value' : 'Show the value'} onClick={() => setHeader(h.key, { shown: !h.shown })}>
              {h.shown ? <EyeOff aria-hidden="true" size={16} /> : <Eye aria-hidden="true" size={16} />}
            </button>
            <button type="button" className="icon-button" aria-label={`Remove header ${i + 1}`} title="Remove" onClick={() => setHeaders((hs) => hs.filter((x) => x.key !== h.key))}>
              <Trash2 aria-hidden="true" size={16} />
            </button>
          </div>
        ))}
        <button type="button" disabled={headers.length >= MAX_FETCH_HEADERS} onClick={addHeader}>
          <Plus aria-hidden="true" size={16} /> Add header
        </button>
      </fieldset>
      <div className="row">
        <button type="submit" className="primary" disabled={fetch.isPending}>
          {fetch.isPending ? 'Asking the platform…' : 'Fetch'}
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
      {fetch.error && !Object.keys(shownErrors).length && <ErrorMessage error={fetch.error} />}
    </form>
  );
}
