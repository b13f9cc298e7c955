/**
 * A top list (URLs, countries or POPs) as HTML bars: each row is a button that adds its value as a filter (Alt:
 * excludes), with its request count, bytes and hit ratio in words as well as in the bar.
 */
import type { ReactNode } from 'react';
import type { LogAggregates } from '../../../../shared/contract/logs';
import { formatBytes } from '../../videos/format';
import type { DrillDown } from '../view-types';
import { drillToken, formatCount, formatCountOf, formatRatio } from './chart-data';
import { DRILL_HINT, drillHandlers } from './drill';

/** One entry of a top list as the core computes it. */
export type TopEntry = LogAggregates['top']['urls'][number];

export interface TopListProps {
  readonly id: string;
  readonly title: string;
  readonly subtitle: string;
  /** The filter key a row's value drills down with. */
  readonly filterKey: 'url' | 'country' | 'pop';
  readonly entries: readonly TopEntry[];
  /** The name a row shows for its key (a country's name); the key itself when absent. */
  nameOf?(key: string): string;
  /** False for keys no filter can express (a URL pattern): such rows are shown, not clickable. All are by default. */
  canDrill?(key: string): boolean;
  /** Controls shown under the title (how URLs group). */
  readonly controls?: ReactNode;
  onDrill(drill: DrillDown): void;
}

/** ", 3 URLs" when an entry joins several URLs. */
function joined(e: TopEntry): string {
  return e.urls !== undefined && e.urls > 1 ? `, ${formatCount(e.urls)} URLs` : '';
}

export function TopList({ id, title, subtitle, filterKey, entries, nameOf, canDrill, controls, onDrill }: TopListProps) {
  const max = entries.reduce((m, e) => Math.max(m, e.requests), 0);
  return (
    <section className="log-top card" aria-labelledby={`${id}-title`}>
      <header className="log-chart-head">
        <h3 id={`${id}-title`}>{title}</h3>
        <p className="muted log-chart-subtitle" data-testid="chart-subtitle">{subtitle}</p>
        {controls}
      </header>
      {entries.length === 0 ? (
        <p className="muted">Nothing to list.</p>
      ) : (
        <ol className="log-top-list">
          {entries.map((e) => {
            const token = canDrill === undefined || canDrill(e.key) ? drillToken(filterKey, e.key) : null;
            const name = nameOf?.(e.key) ?? e.key;
            // The button is named by what it shows, so what is read out and what is seen are the same words.
            const body = (
              <>
                <span className="log-top-name" title={e.key}>{name}</span>{' '}
                <span className="log-top-numbers">
                  {formatCount(e.requests)} requests{e.urls !== undefined && e.urls > 1 && <span className="muted"> ({formatCount(e.urls)} URLs)</span>} ·{' '}
                  <span className="muted">{formatBytes(e.bytes)}</span> · <span className="muted">{formatRatio(e.hitRatio)} hit</span>
                </span>
                <span className="log-top-bar" aria-hidden="true" style={{ width: `${max > 0 ? (e.requests / max) * 100 : 0}%` }} />
              </>
            );
            return (
              <li key={e.key}>
                {token === null ? (
                  <div className="log-top-row" role="group" aria-label={`${name}: ${formatCountOf(e.requests, 'request')}${joined(e)}, ${formatBytes(e.bytes)}, hit ratio ${formatRatio(e.hitRatio)}`}>
                    {body}
                  </div>
                ) : (
                  <button type="button" className="log-top-row" aria-describedby={`${id}-hint`} {...drillHandlers(token, onDrill)}>
                    {body}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <p id={`${id}-hint`} className="visually-hidden">{DRILL_HINT}</p>
    </section>
  );
}
