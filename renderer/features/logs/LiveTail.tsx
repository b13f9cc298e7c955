/**
 * "Live" for a zone: its newest requests as the core's tail brings them, newest at the bottom. The list follows new
 * rows only while it is scrolled to the bottom; scrolled up it stays still (also when the buffer trims its oldest
 * rows) and a button says how many rows arrived since — "N new — jump to live". Pause stops the asking; the screen
 * says when the buffer trimmed. Keys: the list scrolls with the arrows and Page keys, End jumps to live.
 */
import { useCallback, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { LogRow } from '../../../shared/contract/logs';
import type { TailStatus } from '../../../shared/contract/logs-tail';
import { call } from '../../bridge/client';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { formatCount } from './logs-format';
import { formatByteCount, formatTime, statusClass } from './table/row-format';
import { useLiveTail } from './use-live-tail';
import type { TimeZoneMode } from './view-types';
import './live-tail.css';

/** Height of one row, px (the CSS gives rows the same). */
export const LIVE_ROW_PX = 28;
/** Rows fetched beyond the visible ones, above and below. */
const OVERSCAN = 20;
/** Within this many px of the bottom counts as at the bottom. */
const PIN_SLACK_PX = LIVE_ROW_PX / 2;

interface Props {
  readonly zoneId: number;
  /** The filter applied in the screen; the tail follows it. */
  readonly filter: string;
  readonly timeZone: TimeZoneMode;
}

/** The words under the list: live or paused, rows held, trims, the last error being retried. */
function TailState({ status }: { readonly status: TailStatus }) {
  const every = Math.round(status.intervalMs / 1000);
  return (
    <div className="live-state small" data-testid="live-state" data-polls={status.polls} data-phase={status.phase}>
      <span className="tabular">
        {status.phase === 'live' ? `Live — asking every ${every} s` : status.phase === 'paused' ? 'Paused — nothing is asked' : status.phase === 'failed' ? 'Stopped' : 'Ended'}
        {` · ${formatCount(status.matchingRows)} rows`}
        {status.behind && ' · busier than the tail can follow: some rows were skipped'}
      </span>
      {status.trimmed > 0 && (
        <span role="status" className="warning-text" data-testid="live-trimmed">
          Dropped the {formatCount(status.trimmed)} oldest rows to keep at most {formatCount(status.cap)}
        </span>
      )}
      {status.error && (
        <span role="status" className={status.phase === 'failed' ? 'live-failed' : 'warning-text'} data-testid="live-error">
          {status.error.title}
          {status.phase === 'live' ? ' — trying again' : ''}
        </span>
      )}
    </div>
  );
}

function Row({ row, timeZone }: { readonly row: LogRow; readonly timeZone: TimeZoneMode }) {
  return (
    <div role="listitem" className="live-row" style={{ top: row.index * LIVE_ROW_PX }} data-request-id={row.requestId} data-testid="live-row">
      <span className="live-cell live-time tabular">{formatTime(row.timestamp, timeZone)}</span>
      <span className="live-cell live-status" data-class={statusClass(row.statusCode)}>
        {row.statusCode}
      </span>
      <span className="live-cell live-cache">{row.cacheStatus ?? '—'}</span>
      <span className="live-cell live-pop">{row.edgeLocation ?? '—'}</span>
      <span className="live-cell live-country">{row.countryCode ?? '–'}</span>
      <span className="live-cell live-bytes tabular">{formatByteCount(row.bytesSent)}</span>
      <span className="live-cell live-url" title={row.url ?? undefined}>
        {row.url ?? '—'}
      </span>
    </div>
  );
}

/** The live list of one tail. */
function LiveList({ status, timeZone }: { readonly status: TailStatus; readonly timeZone: TimeZoneMode }) {
  const scroller = useRef<HTMLDivElement | null>(null);
  const pinned = useRef(true);
  const [rows, setRows] = useState<LogRow[]>([]);
  /** `arrivedMatching` when the list left the bottom: what arrived since is "new". */
  const [since, setSince] = useState<number | null>(null);
  const asked = useRef(0);
  const lastAsked = useRef('');
  const lastTrimmed = useRef(status.trimmedMatching);
  const total = status.matchingRows;

  const fetchVisible = useCallback(() => {
    const el = scroller.current;
    const height = el?.clientHeight || 400;
    const first = Math.max(0, Math.floor((el?.scrollTop ?? 0) / LIVE_ROW_PX) - OVERSCAN);
    const count = Math.min(500, Math.ceil(height / LIVE_ROW_PX) + 2 * OVERSCAN);
    // Pinned: the bottom rows, whatever the scroll position says before the layout catches up.
    const offset = pinned.current ? Math.max(0, total - count) : first;
    // The same rows asked again (a scroll within them, or the scroll that follows pinning) need no second call.
    const key = `${status.sessionId}|${offset}|${count}|${status.arrivedMatching}|${status.trimmedMatching}`;
    if (key === lastAsked.current) return;
    lastAsked.current = key;
    const mine = ++asked.current;
    call('logs.tailWindow', { sessionId: status.sessionId, offset, count })
      .then((w) => mine === asked.current && setRows(w.rows))
      .catch(() => {
        if (lastAsked.current === key) lastAsked.current = '';
      });
  }, [status.sessionId, total, status.arrivedMatching, status.trimmedMatching]);

  // Live just started: the whole list comes into the window, its newest rows at the bottom in sight.
  useLayoutEffect(() => {
    scroller.current?.scrollIntoView?.({ block: 'nearest' });
  }, [status.sessionId]);

  // New rows, trims or another tail: the window again. Scrolled up, a trim moves the view by the rows it dropped.
  useLayoutEffect(() => {
    const el = scroller.current;
    const dropped = status.trimmedMatching - lastTrimmed.current;
    lastTrimmed.current = status.trimmedMatching;
    if (el && dropped > 0 && !pinned.current) el.scrollTop = Math.max(0, el.scrollTop - dropped * LIVE_ROW_PX);
    fetchVisible();
  }, [status.arrivedMatching, status.trimmedMatching, status.sessionId, total, fetchVisible]);

  // Pinned: stay at the bottom as rows come.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [rows, total]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    const atBottom = el.scrollTop + el.clientHeight >= el.scrollHeight - PIN_SLACK_PX;
    if (atBottom !== pinned.current) {
      pinned.current = atBottom;
      setSince(atBottom ? null : status.arrivedMatching);
    }
    fetchVisible();
  };

  const jump = () => {
    const el = scroller.current;
    pinned.current = true;
    setSince(null);
    if (el) {
      el.scrollTop = el.scrollHeight;
      el.focus();
    }
    fetchVisible();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'End') {
      e.preventDefault();
      jump();
    }
  };

  const fresh = since === null ? 0 : Math.max(0, status.arrivedMatching - since);
  return (
    <div className="live-list-wrap">
      {/* Column names for the eye; each row's own text reads in full to a screen reader. */}
      <div className="live-row live-head" aria-hidden="true">
        <span className="live-cell live-time">Time ({timeZone === 'utc' ? 'UTC' : 'local'})</span>
        <span className="live-cell live-status">Status</span>
        <span className="live-cell live-cache">Cache</span>
        <span className="live-cell live-pop">POP</span>
        <span className="live-cell live-country">Country</span>
        <span className="live-cell live-bytes">Bytes</span>
        <span className="live-cell live-url">URL</span>
      </div>
      <div
        ref={scroller}
        className="live-scroller"
        tabIndex={0}
        role="region"
        aria-label="Live requests, newest at the bottom (End jumps to live)"
        onScroll={onScroll}
        onKeyDown={onKeyDown}
        data-testid="live-scroller"
        data-pinned={since === null ? 'true' : 'false'}
      >
        <div role="list" aria-label="Live requests" className="live-rows" style={{ height: total * LIVE_ROW_PX }}>
          {rows.map((r) => (
            <Row key={`${r.index}:${r.requestId}`} row={r} timeZone={timeZone} />
          ))}
        </div>
        {total === 0 && <p className="muted live-empty">No requests yet — new ones show here as the platform delivers them.</p>}
      </div>
      {fresh > 0 && (
        <button type="button" className="primary live-jump" onClick={jump} data-testid="live-jump">
          {formatCount(fresh)} new — jump to live
        </button>
      )}
    </div>
  );
}

/** The "Live" switch and, while on, the live list of the zone. */
export function LiveTail({ zoneId, filter, timeZone }: Props) {
  // The zone live was turned on for: another zone is live again only when asked.
  const [liveZone, setLiveZone] = useState<number | null>(null);
  const on = liveZone === zoneId;
  const tail = useLiveTail(on, zoneId, filter);
  const s = tail.status;
  return (
    <section className="live-tail" aria-label="Live tail" data-testid="live-tail">
      <div className="row live-bar">
        <button type="button" aria-pressed={on} onClick={() => setLiveZone(on ? null : zoneId)} data-testid="live-toggle">
          {on ? 'Stop live' : 'Live'}
        </button>
        {on && s && (s.phase === 'live' ? (
          <button type="button" onClick={tail.pause} data-testid="live-pause">
            Pause
          </button>
        ) : s.phase === 'paused' || s.phase === 'failed' ? (
          <button type="button" onClick={tail.resume} data-testid="live-resume">
            Resume
          </button>
        ) : null)}
        {on && s && <TailState status={s} />}
      </div>
      {on && <ErrorMessage error={tail.error} />}
      {on && s && <LiveList key={s.sessionId} status={s} timeZone={timeZone} />}
    </section>
  );
}
