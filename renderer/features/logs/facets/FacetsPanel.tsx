/**
 * The facets panel beside the table: for cache status, status class and code, country, edge location, URL
 * pattern, host, referrer host and user-agent family, the top values over the matching rows with their counts,
 * asked of the core whenever the rows or the URL grouping change. It collapses to a narrow rail; that and which
 * sections are open are remembered. While rows load it says so, and never shows zeros for rows still coming.
 * (ASN organisations are not listed: the platform's logs do not carry them, so the core has no such facet.)
 */
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { memo, useId } from 'react';
import type { FacetName } from '../../../../shared/contract/logs';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { DRILL_HINT } from '../charts/drill';
import { formatCountOf } from '../logs-format';
import { useLogs } from '../logs-store';
import type { DrillDown } from '../view-types';
import { useFacetPrefs, type FacetPrefs } from './facet-prefs';
import { FacetSection } from './FacetSection';
import { FACET_TOP_LIMIT, useFacetsQuery, useSlow, type FacetsAnswer } from './use-facets';
import './facets.css';

export interface FacetsPanelProps {
  /** The session whose matching rows are counted; nothing is shown without one. */
  readonly sessionId: string | null;
  /** Moves whenever the session's rows change: the facets are asked again. */
  readonly version: number;
  /** The session is still loading rows (a page, a file, load all): the counts are partial. */
  readonly loading: boolean;
  /** A value clicked: its filter, included or (Alt) excluded. */
  onDrill(drill: DrillDown): void;
}

/**
 * The line under the panel's title: loading, partial, or how many rows were counted. Counts being refreshed keep
 * their line until the refresh is slow (`slow`), so a quick one does not flash "loading…".
 */
export function facetsNote(top: FacetsAnswer, loading: boolean, slow: boolean): string {
  const r = top.reply;
  // No counts yet, or none while rows are still on their way: nothing to show but that they are coming.
  if (r === null || (r.rows === 0 && (loading || top.pending))) return 'loading…';
  if (loading || r.partial) return `partial, from ${formatCountOf(r.rows, 'row')}`;
  if (top.pending && slow) return 'loading…';
  return formatCountOf(r.rows, 'row');
}

interface FacetsProps extends FacetsPanelProps {
  readonly sessionId: string;
  readonly prefs: FacetPrefs;
  onPrefs(next: FacetPrefs): void;
  /** Receives the collapse button, to give it focus after the rail is expanded. */
  collapseRef(el: HTMLButtonElement | null): void;
}

function Facets({ sessionId, version, loading, onDrill, prefs, onPrefs, collapseRef }: FacetsProps) {
  const id = useId();
  const urls = useLogs((s) => s.urlGrouping);
  const top = useFacetsQuery(sessionId, version, { limit: FACET_TOP_LIMIT, urls });
  const slow = useSlow(top.pending);
  const note = facetsNote(top, loading, slow);
  const reply = top.reply;
  const counting = reply === null || (reply.rows === 0 && (loading || top.pending));
  const toggle = (name: FacetName) => {
    const closed = prefs.closed.includes(name) ? prefs.closed.filter((n) => n !== name) : [...prefs.closed, name];
    onPrefs({ ...prefs, closed });
  };
  return (
    <section className="facets" data-testid="facets-panel" aria-labelledby={`${id}-title`}>
      <div className="facets-head">
        <h2 id={`${id}-title`} className="facets-title">
          Facets
        </h2>
        <span className="facets-note muted tabular" data-testid="facets-note" aria-busy={top.pending || undefined}>
          {note}
        </span>
        <button
          type="button"
          ref={collapseRef}
          className="icon-button facets-collapse"
          aria-expanded="true"
          aria-controls={`${id}-body`}
          aria-label="Hide facets"
          title="Hide facets"
          onClick={() => onPrefs({ ...prefs, collapsed: true })}
        >
          <PanelLeftClose aria-hidden="true" size={14} />
        </button>
      </div>
      <div id={`${id}-body`} className="facets-body">
        <ErrorMessage error={top.error} />
        {!counting && reply.rows === 0 && <p className="muted facets-empty">No matching rows.</p>}
        {!counting &&
          reply.rows > 0 &&
          reply.facets.map((f) => (
            <FacetSection
              key={f.name}
              sessionId={sessionId}
              version={version}
              facet={f}
              urls={urls}
              open={!prefs.closed.includes(f.name)}
              onToggle={() => toggle(f.name)}
              hintId={`${id}-hint`}
              onDrill={onDrill}
            />
          ))}
        <p id={`${id}-hint`} className="visually-hidden">
          {DRILL_HINT}
        </p>
      </div>
    </section>
  );
}

/** Memoized: a status event that leaves the session's rows as they were does not touch the panel. */
export const FacetsPanel = memo(function FacetsPanel(props: FacetsPanelProps) {
  const { prefs, change, focusIfMoved } = useFacetPrefs();
  if (props.sessionId === null || props.sessionId === '') return null;
  if (prefs.collapsed) {
    return (
      <section className="facets facets-rail" data-testid="facets-panel" aria-label="Facets">
        <button type="button" ref={focusIfMoved} className="icon-button facets-expand" aria-expanded="false" aria-label="Show facets" title="Show facets" onClick={() => change({ ...prefs, collapsed: false })}>
          <PanelLeftOpen aria-hidden="true" size={14} />
        </button>
        <span className="facets-rail-label" aria-hidden="true">
          Facets
        </span>
      </section>
    );
  }
  return <Facets {...props} sessionId={props.sessionId} prefs={prefs} onPrefs={change} collapseRef={focusIfMoved} />;
});
