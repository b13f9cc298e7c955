/**
 * The row under the filter: saved views, the filters on/off toggle (`f`), "Copy link" and "Open link…". A link
 * names the zone, the range as absolute times, the filter and the selected request; opening one restores them.
 */
import { useId, useState, type FormEvent } from 'react';
import { SavedViews } from './SavedViews';
import type { LogsViews } from './use-logs-views';
import './logs-views.css';

function OpenLink({ open }: { readonly open: (text: string) => string | null }) {
  const inputId = useId();
  const errorId = useId();
  const [shown, setShown] = useState(false);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const p = open(text);
    setProblem(p);
    if (p === null) {
      setText('');
      setShown(false);
    }
  }

  if (!shown) {
    return (
      <button type="button" onClick={() => setShown(true)}>
        Open link…
      </button>
    );
  }
  return (
    <form className="row logs-open-link" onSubmit={submit} aria-label="Open a logs link">
      <label htmlFor={inputId}>Link</label>
      <input
        id={inputId}
        className="mono"
        value={text}
        autoFocus
        placeholder="burrow://logs?zone=…"
        spellCheck={false}
        autoComplete="off"
        aria-invalid={problem !== null ? true : undefined}
        aria-describedby={problem !== null ? errorId : undefined}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            setShown(false);
            setProblem(null);
          }
        }}
      />
      <button type="submit" className="primary">
        Open
      </button>
      <button
        type="button"
        onClick={() => {
          setShown(false);
          setProblem(null);
        }}
      >
        Cancel
      </button>
      {problem !== null && (
        <p id={errorId} className="field-error" role="alert" data-testid="open-link-error">
          {problem}
        </p>
      )}
    </form>
  );
}

/** Saved views, the filters toggle and links. */
export function ViewsBar({ views, applied }: { readonly views: LogsViews; readonly applied: string }) {
  return (
    <div className="logs-views-bar" data-testid="views-bar">
      <SavedViews zoneId={views.zoneId} applied={applied} onApply={views.applyFilter} />
      <div className="row logs-views-actions">
        <button
          type="button"
          aria-pressed={views.filtersOff}
          aria-keyshortcuts="f"
          disabled={!views.canToggle}
          title={views.filtersOff ? 'Turn the filters back on (f)' : 'Turn every filter off for a moment (f)'}
          onClick={views.toggleFilters}
          data-testid="filters-toggle"
        >
          {views.filtersOff ? 'Filters off — turn on' : 'Turn filters off'}
        </button>
        <button type="button" disabled={!views.canCopyLink} title={views.canCopyLink ? 'Copy a link to this zone, range, filter and selected row' : 'Links are for zones'} onClick={views.copyLink}>
          Copy link
        </button>
        <OpenLink open={views.openLink} />
        <span className="muted" role="status" data-testid="views-note">
          {views.focusNote}
        </span>
      </div>
      {views.copied !== null && (
        <p className="muted logs-copied" role="status">
          {views.copied.state === 'copied' ? 'Link copied: ' : views.copied.state === 'refused' ? 'The clipboard refused the link; copy it from here: ' : 'Link: '}
          <output className="mono" data-testid="copied-link">
            {views.copied.url}
          </output>
        </p>
      )}
      {views.inboxError !== null && (
        <p role="alert" className="field-error" data-testid="link-inbox-error">
          {views.inboxError}
        </p>
      )}
    </div>
  );
}
