/**
 * The row under the filter: saved views, the filters on/off toggle (`f`), "Copy link" and "Open link…". A link
 * names the zone, the range as absolute times, the filter and the selected request; opening one restores them.
 */
import { useState } from 'react';
import { InlineForm } from './InlineForm';
import { SavedViews } from './SavedViews';
import type { LogsViews } from './use-logs-views';
import './logs-views.css';

function OpenLink({ open }: { readonly open: (text: string) => string | null }) {
  const [shown, setShown] = useState(false);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit() {
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
    <InlineForm
      className="row logs-open-link"
      title="Open a logs link"
      label="Link"
      value={text}
      onValue={setText}
      submitLabel="Open"
      onSubmit={submit}
      onCancel={() => {
        setShown(false);
        setProblem(null);
      }}
      escapeCancels
      rule={problem}
      ruleTestId="open-link-error"
      input={{ className: 'mono', placeholder: 'burrow://logs?zone=…', spellCheck: false, autoComplete: 'off' }}
    />
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
