/**
 * The detail pane of one row: every field it has, the path's query string decoded, the country's name, and for
 * the values a filter can hold, "filter in" and "filter out". It copies the row as JSON, its URL, or a cURL
 * command. Escape closes it (the table puts the focus back on the row).
 */
import { Copy, Eye, EyeOff, Filter, FilterX, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { LogRow } from '../../../../shared/contract/logs';
import { maskAuthorization } from '../../../../shared/logs/authorization';
import type { FilterKey } from '../../../../shared/logs/filter';
import { cacheColorVar, statusClassColorVar, type DrillDown, type TimeZoneMode } from '../view-types';
import { Chip } from './BodyRow';
import { countryName, curlCommand, drillToken, formatByteCount, formatTime, pathOnly, queryPairs, rowJson, statusClass } from './row-format';

/** Field labels, in the order the pane lists them; fields the platform adds later follow under their own names. */
const FIELDS: readonly (readonly [keyof LogRow, string])[] = [
  ['timestamp', 'Time'],
  ['statusCode', 'Status'],
  ['cacheStatus', 'Cache'],
  ['bytesSent', 'Bytes sent'],
  ['bodyBytesSent', 'Body bytes sent'],
  ['countryCode', 'Country'],
  ['edgeLocation', 'POP'],
  ['remoteIp', 'IP'],
  ['scheme', 'Scheme'],
  ['host', 'Host'],
  ['path', 'Path'],
  ['url', 'URL'],
  ['userAgent', 'User agent'],
  ['referer', 'Referer'],
  ['requestId', 'Request id'],
  ['contentRange', 'Content range'],
  ['authorizationHeader', 'Authorization'],
  ['ja4Fingerprint', 'JA4 fingerprint'],
  ['asn', 'ASN'],
  ['asnOrganization', 'ASN organization'],
  ['pullZoneId', 'Pull zone'],
  ['index', 'Row'],
];

/** The filter a field's value drills into, and the value as the filter takes it. */
const DRILLS: Partial<Record<keyof LogRow, { readonly key: FilterKey; readonly value?: (v: string) => string }>> = {
  statusCode: { key: 'status' },
  cacheStatus: { key: 'cache' },
  countryCode: { key: 'country' },
  edgeLocation: { key: 'pop' },
  remoteIp: { key: 'ip' },
  path: { key: 'url', value: pathOnly },
  userAgent: { key: 'ua' },
  referer: { key: 'referer' },
  requestId: { key: 'requestId' },
};

/** Keys of a row that are about the row, not fields of the request. */
const NOT_FIELDS = new Set<string>(['authorizationMasked']);

interface Props {
  readonly row: LogRow;
  /** The pane's element id (the splitter names it as what it resizes). */
  readonly id?: string;
  /** Where the table put the pane and its size there: its width beside the grid, its height below it. */
  readonly side?: 'right' | 'below';
  readonly size?: number;
  readonly timeZone: TimeZoneMode;
  /** This row's Authorization header in clear, asked of the core on an explicit reveal (windows carry it masked). */
  revealAuthorization?(): Promise<string | null>;
  onDrill(drill: DrillDown): void;
  onClose(): void;
}

function valueText(row: LogRow, field: keyof LogRow, zone: TimeZoneMode) {
  const v = row[field];
  if (v === null || v === undefined || v === '') return <span className="muted">—</span>;
  switch (field) {
    case 'timestamp':
      return `${formatTime(row.timestamp, zone)} (${row.timestamp})`;
    case 'statusCode':
      return <Chip text={String(v)} colorVar={statusClassColorVar(statusClass(row.statusCode))} />;
    case 'cacheStatus':
      return <Chip text={String(v)} colorVar={cacheColorVar(String(v))} />;
    case 'bytesSent':
    case 'bodyBytesSent':
      return formatByteCount(Number(v));
    case 'countryCode': {
      const name = countryName(row.countryCode);
      return name ? `${String(v)} — ${name}` : String(v);
    }
    default:
      return String(v);
  }
}

/**
 * A visitor's Authorization header: masked (scheme kept) until its reveal button is pressed; the clear value is
 * asked of the core for this one row and forgotten when the pane closes or moves to another row.
 */
function AuthorizationValue({ row, reveal }: { readonly row: LogRow; readonly reveal: (() => Promise<string | null>) | undefined }) {
  const [clear, setClear] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const masked = maskAuthorization(row.authorizationHeader) ?? '';
  async function toggle() {
    if (clear !== null) return setClear(null);
    setFailed(false);
    try {
      const value = row.authorizationMasked === true ? await (reveal?.() ?? Promise.resolve(null)) : (row.authorizationHeader ?? null);
      if (value === null) setFailed(true);
      else setClear(value);
    } catch {
      setFailed(true);
    }
  }
  const shown = clear !== null;
  return (
    <>
      <span className="log-detail-value" data-testid="log-detail-authorization">
        {shown ? clear : masked}
      </span>
      <span className="log-detail-drill">
        <button type="button" className="log-icon-button" aria-label={shown ? 'Hide the Authorization header' : 'Reveal the Authorization header'} title={shown ? 'Hide' : 'Show this visitor’s credential'} onClick={() => void toggle()}>
          {shown ? <EyeOff size={12} aria-hidden /> : <Eye size={12} aria-hidden />}
        </button>
      </span>
      {failed && <span className="muted small"> The header could not be shown (the view may have changed).</span>}
    </>
  );
}

/** The row as the detail pane copies it: without the masking flag. */
function copyableRow(row: LogRow): LogRow {
  const { authorizationMasked: _flag, ...rest } = row;
  return rest;
}

export function DetailPane({ row, id, side = 'right', size, timeZone, onDrill, onClose, revealAuthorization }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const queryId = useId();
  const [copied, setCopied] = useState('');
  const known = new Set<string>(FIELDS.map(([f]) => f));
  const extra = Object.keys(row).filter((k) => !known.has(k) && !NOT_FIELDS.has(k)) as (keyof LogRow)[];
  const fields = [...FIELDS, ...extra.map((k) => [k, String(k)] as const)].filter(([f]) => f in row);
  const query = queryPairs(row.path ?? '');

  useEffect(() => heading.current?.focus(), []);

  function copy(what: string, text: string) {
    navigator.clipboard.writeText(text).then(
      () => setCopied(`${what} copied`),
      () => setCopied(`Could not copy the ${what.toLowerCase()}`),
    );
  }

  function onKeyDown(e: KeyboardEvent<HTMLElement>) {
    if (e.key !== 'Escape' || e.defaultPrevented) return;
    e.preventDefault();
    onClose();
  }

  return (
    <aside
      id={id}
      className="log-detail"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      data-testid="log-detail"
      data-side={side}
      style={size === undefined ? undefined : side === 'right' ? { width: size } : { height: size }}
    >
      <header className="log-detail-head">
        <h3 id={titleId} ref={heading} tabIndex={-1}>
          Request details
        </h3>
        <button type="button" className="log-icon-button" aria-label="Close details" onClick={onClose}>
          <X size={14} aria-hidden />
        </button>
      </header>
      <div className="log-detail-actions">
        <button type="button" onClick={() => copy('Row JSON', rowJson(copyableRow(row)))}>
          <Copy size={12} aria-hidden /> Copy as JSON
        </button>
        <button type="button" disabled={row.url === null} onClick={() => copy('URL', row.url ?? '')}>
          <Copy size={12} aria-hidden /> Copy URL
        </button>
        <button type="button" onClick={() => copy('cURL command', curlCommand(row))}>
          <Copy size={12} aria-hidden /> Copy as cURL
        </button>
        <span role="status" className="muted">
          {copied}
        </span>
      </div>
      <dl className="log-detail-fields">
        {fields.map(([field, label]) => {
          const raw = row[field];
          const drill = DRILLS[field];
          const token = drill && raw !== null && raw !== undefined && raw !== '' ? drillToken(drill.key, (drill.value ?? String)(String(raw))) : null;
          return (
            <div key={field} className="log-detail-field" data-field={field}>
              <dt>{label}</dt>
              <dd>
                {field === 'authorizationHeader' && raw !== null && raw !== undefined && raw !== '' ? (
                  <AuthorizationValue row={row} reveal={revealAuthorization} />
                ) : (
                  <span className="log-detail-value">{valueText(row, field, timeZone)}</span>
                )}
                {token !== null && (
                  <span className="log-detail-drill">
                    <button type="button" className="log-icon-button" aria-label={`Filter in ${token}`} title={`Only rows with ${token}`} onClick={() => onDrill({ token, negated: false })}>
                      <Filter size={12} aria-hidden />
                    </button>
                    <button type="button" className="log-icon-button" aria-label={`Filter out ${token}`} title={`Hide rows with ${token}`} onClick={() => onDrill({ token, negated: true })}>
                      <FilterX size={12} aria-hidden />
                    </button>
                  </span>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      {query.length > 0 && (
        <section aria-labelledby={queryId}>
          <h4 id={queryId}>Query string</h4>
          <dl className="log-detail-query" data-testid="log-detail-query">
            {query.map(([k, v], i) => (
              <div key={`${i}-${k}`} className="log-detail-field">
                <dt>{k}</dt>
                <dd>{v === '' ? <span className="muted">(empty)</span> : v}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </aside>
  );
}
