/**
 * The top URLs with how they group: "Group URLs" collapses ids in paths (numbers, UUIDs, long hex) and query values
 * into patterns; "Ignore query string" counts URLs that differ only in their query strings together. The grouping
 * is done in the core over every matching row; a pattern names many URLs, so it is listed but does not drill down.
 */
import { useId } from 'react';
import { isUrlPattern, URL_PLACEHOLDERS } from '../../../../shared/logs/url-pattern';
import { useLogs } from '../logs-store';
import type { DrillDown } from '../view-types';
import { TopList, type TopEntry } from './TopList';

export interface UrlTopListProps {
  readonly id: string;
  readonly subtitle: string;
  readonly entries: readonly TopEntry[];
  onDrill(drill: DrillDown): void;
}

/** A URL as the list shows it: its path (the host is the zone's, and the whole URL is in the tooltip). */
export function urlPath(key: string): string {
  const scheme = key.indexOf('://');
  if (scheme < 0) return key;
  const path = key.indexOf('/', scheme + 3);
  return path < 0 ? key : key.slice(path);
}

export function UrlTopList({ id, subtitle, entries, onDrill }: UrlTopListProps) {
  const grouping = useLogs((s) => s.urlGrouping);
  const setGrouping = useLogs((s) => s.setUrlGrouping);
  const hint = useId();
  const controls = (
    <div className="log-top-controls" role="group" aria-label="How URLs are grouped">
      <label>
        <input type="checkbox" checked={grouping.patterns} aria-describedby={hint} onChange={(e) => setGrouping({ ...grouping, patterns: e.currentTarget.checked })} /> Group URLs
      </label>
      <label>
        <input type="checkbox" checked={grouping.ignoreQuery} onChange={(e) => setGrouping({ ...grouping, ignoreQuery: e.currentTarget.checked })} /> Ignore query string
      </label>
      <span id={hint} className="visually-hidden">
        Numbers become {URL_PLACEHOLDERS.number}, UUIDs {URL_PLACEHOLDERS.uuid}, long hexadecimal ids {URL_PLACEHOLDERS.hex}, and query values {URL_PLACEHOLDERS.value}; a pattern is listed but cannot be used as a filter.
      </span>
    </div>
  );
  return (
    <TopList
      id={id}
      title={grouping.patterns ? 'Top URL patterns' : 'Top URLs'}
      subtitle={subtitle}
      filterKey="url"
      entries={entries}
      nameOf={urlPath}
      canDrill={(key) => !isUrlPattern(key, grouping)}
      controls={controls}
      onDrill={onDrill}
    />
  );
}
