/**
 * One facet in the panel: its name and how many distinct values it has, then its top values, each a row with its
 * count, share bar, bytes and hit ratio that adds its filter on click (Alt: excludes it). "more…" lists every value
 * in the same section, and a search box narrows a long list; both ask the core for that facet alone.
 */
import { ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import type { FacetName, FacetValue, FacetsQuery, LogFacets } from '../../../../shared/contract/logs';
import { escapeForDisplay } from '../../../../shared/common/display';
import type { UrlGrouping } from '../../../../shared/logs/url-pattern';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { formatBytes } from '../../videos/format';
import { drillHandlers } from '../charts/drill';
import { formatCount, formatCountOf, formatShare } from '../logs-format';
import type { DrillDown } from '../view-types';
import { barColor, CONTAINS_NOTE, facetLabel, middleCut, noFilterReason, valueText } from './facet-labels';
import { FACET_TOP_LIMIT, useFacetsQuery } from './use-facets';

type Facet = LogFacets['facets'][number];

interface ValueRowProps {
  readonly name: FacetName;
  readonly value: FacetValue;
  readonly hintId: string;
  onDrill(drill: DrillDown): void;
}

/** A value's row: clickable when a filter picks it, shown with the reason otherwise. */
function ValueRow({ name, value, hintId, onDrill }: ValueRowProps) {
  const text = valueText(name, value.key);
  const cut = middleCut(name, text);
  const numbers = `${formatShare(value.share)} · ${formatBytes(value.bytes)} · hit ${formatShare(value.hitRatio)}`;
  const body = (
    <>
      <span className="facet-value-line">
        <span className="facet-value-name" title={name === 'urlPattern' ? escapeForDisplay(value.key, { oneLine: true }) : text}>
          <span className="facet-value-head">{cut.head}</span>
          {cut.tail !== '' && <span className="facet-value-tail">{cut.tail}</span>}
        </span>
        {/* Read out apart from the value ("404: 57 requests"), where drawn side by side they would run together. */}
        <span className="visually-hidden">: </span>
        <span className="facet-value-count tabular">{formatCount(value.requests)}</span>
        <span className="visually-hidden"> requests, </span>
      </span>
      <span className="facet-value-numbers tabular">{numbers}</span>
      <span className="facet-value-bar" aria-hidden="true" style={{ width: `calc((100% - 8px) * ${Math.min(1, Math.max(0, value.share))})`, background: barColor(name, value.key) }} />
    </>
  );
  const common = { 'data-testid': 'facet-value', 'data-facet': name, 'data-filter': value.filter ?? '' };
  if (value.filter === null) {
    const reason = noFilterReason(name, value.key);
    return (
      <div className="facet-value facet-value-fixed" role="group" aria-label={`${text}: ${formatCountOf(value.requests, 'request')}, ${numbers}. ${reason}`} title={reason} {...common}>
        {body}
      </div>
    );
  }
  return (
    <button
      type="button"
      className="facet-value"
      aria-describedby={hintId}
      title={value.exact ? undefined : CONTAINS_NOTE}
      {...common}
      {...drillHandlers(value.filter, onDrill)}
    >
      {body}
    </button>
  );
}

export interface FacetSectionProps {
  readonly sessionId: string;
  readonly version: number;
  readonly facet: Facet;
  readonly urls: UrlGrouping;
  readonly open: boolean;
  onToggle(): void;
  /** The id of the words that say how a value row drills down. */
  readonly hintId: string;
  onDrill(drill: DrillDown): void;
}

export function FacetSection({ sessionId, version, facet, urls, open, onToggle, hintId, onDrill }: FacetSectionProps) {
  const id = useId();
  const [all, setAll] = useState(false);
  const [search, setSearch] = useState('');
  const needle = search.trim();
  // The facet alone is asked for only while it shows more than its top values: every value, or those found.
  const detailQuery: FacetsQuery | null = open && (all || needle !== '') ? { facet: facet.name, urls, ...(needle !== '' ? { search: needle } : {}) } : null;
  const detail = useFacetsQuery(sessionId, version, detailQuery);
  const label = facetLabel(facet.name, urls.patterns);
  const listed = detailQuery !== null && detail.reply !== null ? (detail.reply.facets.find((f) => f.name === facet.name) ?? null) : null;
  const values = listed?.values ?? facet.values;
  const found = detail.replyQuery?.search;

  let note: string | null = null;
  if (listed !== null && found !== undefined) {
    note = listed.matched === 0 ? `No value contains “${found}”.` : `${formatCount(listed.matched)} of ${formatCountOf(listed.distinct, 'value')} ${listed.matched === 1 ? 'contains' : 'contain'} “${found}”.`;
  }
  if (listed !== null && listed.matched > listed.values.length) note = `${note ?? ''} The first ${formatCount(listed.values.length)} are listed; search to narrow.`.trim();

  return (
    <section className="facet" aria-labelledby={`${id}-head`}>
      <h3 className="facet-head">
        <button type="button" id={`${id}-head`} className="facet-toggle" aria-expanded={open} aria-controls={open ? `${id}-body` : undefined} onClick={onToggle}>
          <ChevronRight aria-hidden="true" size={14} className="facet-chevron" />
          <span className="facet-name">{label}</span>
          <span className="facet-distinct tabular">
            {formatCount(facet.distinct)}
            <span className="visually-hidden"> values</span>
          </span>
        </button>
      </h3>
      {open && (
        <div id={`${id}-body`} className="facet-body" aria-busy={detail.pending || undefined}>
          {/* A long list gets a search box; one typed into stays while it holds text, so it can always be cleared. */}
          {(facet.distinct > FACET_TOP_LIMIT || search !== '') && (
            <input
              type="search"
              className="facet-search"
              aria-label={`Search ${label} values`}
              placeholder="Search…"
              value={search}
              maxLength={200}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
          )}
          {values.length > 0 && (
            <ul className="facet-values">
              {values.map((v) => (
                <li key={v.key}>
                  <ValueRow name={facet.name} value={v} hintId={hintId} onDrill={onDrill} />
                </li>
              ))}
            </ul>
          )}
          {note !== null && <p className="facet-note muted">{note}</p>}
          <ErrorMessage error={detail.error} />
          {needle === '' &&
            (all ? (
              <button type="button" className="facet-more" onClick={() => setAll(false)}>
                fewer
              </button>
            ) : (
              facet.distinct > facet.values.length && (
                <button type="button" className="facet-more" onClick={() => setAll(true)}>
                  more… ({formatCount(facet.distinct)})
                </button>
              )
            ))}
        </div>
      )}
    </section>
  );
}

