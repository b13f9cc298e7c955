/**
 * What the user asked the Logs screen for — the source, the range, the filter text — and turning each change
 * into the one call it needs: a new source opens a session, a range or filter updates it. A range is checked
 * before anything is sent; the filter text is the core's to parse (its problems come back with the answer), a
 * drill-down's chip is merged into it there, and a zoom remembers the range to go back to.
 */
import { useState } from 'react';
import type { LogSource } from '../../../shared/contract/logs';
import { resolveRange, type LogRange } from '../../../shared/logs/range';
import { useLatestCallback } from '../../ui/use-latest-callback';
import { useLogs } from './logs-store';
import { heldFileSession, useLogsSession } from './use-logs-session';
import type { DrillDown } from './view-types';

/** Where the rows come from, as the screen shows it; `off` is a zone without logging, which is never queried. */
export type ChosenSource =
  | { readonly kind: 'zone'; readonly zoneId: number }
  | { readonly kind: 'off'; readonly zoneId: number; readonly name: string }
  | { readonly kind: 'file'; readonly token: string; readonly name: string };

/** The range a new screen starts with: short, so the first page comes back fast. */
export const DEFAULT_RANGE: LogRange = { kind: 'preset', preset: '1h' };

export function useLogsQuery() {
  // A file kept through a profile switch is shown again, with its filter, by the screen drawn anew.
  const [held] = useState(heldFileSession);
  const session = useLogsSession();
  const [source, setSource] = useState<ChosenSource | null>(held && { kind: 'file', token: held.token, name: held.name });
  const [range, setRange] = useState<LogRange>(DEFAULT_RANGE);
  const [beforeZoom, setBeforeZoom] = useState<LogRange | null>(null);
  const [rangeError, setRangeError] = useState<string | undefined>();
  const [text, setTypedText] = useState(held?.filter ?? '');
  // The filter the session applies (the core's canonical text), or before any session the text applied last.
  const [appliedBefore, setApplied] = useState(held?.filter ?? '');
  const applied = useLogs((s) => s.status?.filter) ?? appliedBefore;
  /** Where the text applied last broke a rule, as the core found; gone once the text is edited. */
  const [problems, setProblems] = useState<readonly { readonly at: number; readonly message: string }[]>([]);
  const setText = (next: string) => {
    setTypedText(next);
    setProblems([]);
  };

  /** The rule a range breaks now, or undefined when it may be sent. */
  function check(r: LogRange): string | undefined {
    const resolved = resolveRange(r, Date.now());
    return resolved.ok ? undefined : resolved.message;
  }

  function openOn(next: Exclude<ChosenSource, { kind: 'off' }>, r: LogRange, filter: string) {
    const src: LogSource = next.kind === 'zone' ? { kind: 'zone', zoneId: next.zoneId, range: r } : { kind: 'file', token: next.token };
    void session.open(src, filter);
  }

  function pickZone(zoneId: number) {
    const next: ChosenSource = { kind: 'zone', zoneId };
    setSource(next);
    const rule = check(range);
    setRangeError(rule);
    if (rule === undefined) openOn(next, range, applied);
  }

  /** A zone whose logging is off: the previous rows go, and nothing is asked of the platform. */
  function pickLoggingOff(zoneId: number, name: string) {
    setSource({ kind: 'off', zoneId, name });
    setRangeError(undefined);
    session.close();
  }

  function pickFile(token: string, name: string) {
    const next: ChosenSource = { kind: 'file', token, name };
    setSource(next);
    setRangeError(undefined);
    openOn(next, range, applied);
  }

  /** Sends a range the user (or a zoom) chose, when it may be queried. */
  function sendRange(r: LogRange): boolean {
    const rule = check(r);
    setRangeError(rule);
    if (rule !== undefined) return false;
    setRange(r);
    if (source?.kind !== 'zone') return true;
    // A whole day's session (WholeDay.tsx) has no range to change: a new range goes back to pages.
    if (useLogs.getState().sessionId === null || useLogs.getState().status?.source.kind === 'day') openOn(source, r, applied);
    else void session.update({ range: r });
    return true;
  }

  function chooseRange(r: LogRange) {
    if (sendRange(r)) setBeforeZoom(null);
  }

  /** Applies a filter text, or (`add`) merges a drill-down's chip into it; a text with a problem changes nothing. */
  async function applyFilter(next: string, add?: string) {
    setProblems([]);
    if (useLogs.getState().sessionId === null) {
      setApplied(next);
      if (source !== null && source.kind !== 'off' && (source.kind === 'file' || check(range) === undefined)) openOn(source, range, next);
      return;
    }
    const r = await session.update({ filter: next, ...(add !== undefined ? { add } : {}) });
    if (r?.filterErrors) setProblems(r.filterErrors);
    else if (r) {
      setApplied(r.status.filter);
      if (add !== undefined) setTypedText(r.status.filter);
    }
  }

  function drill({ token, negated }: DrillDown) {
    void applyFilter(text, negated && !token.startsWith('-') ? `-${token}` : token);
  }

  function zoom(from: number, to: number) {
    const r: LogRange = { kind: 'absolute', from: Math.floor(from), to: Math.ceil(to) };
    const before = range;
    if (sendRange(r) && beforeZoom === null) setBeforeZoom(before);
  }

  function resetZoom() {
    if (beforeZoom !== null && sendRange(beforeZoom)) setBeforeZoom(null);
  }

  /** A zone over a range with a filter, all at once (a link opened): one session, no intermediate query. */
  function openAt(zoneId: number, r: LogRange, filter: string) {
    const next: ChosenSource = { kind: 'zone', zoneId };
    setSource(next);
    setBeforeZoom(null);
    setText(filter);
    setApplied(filter);
    setRange(r);
    const rule = check(r);
    setRangeError(rule);
    if (rule === undefined) openOn(next, r, filter);
    else session.close();
  }

  // Handed to the charts and the table, which are memoized: the same function for the whole screen's life.
  const onDrill = useLatestCallback(drill);
  const onZoom = useLatestCallback(zoom);
  const onResetZoom = useLatestCallback(resetZoom);

  return {
    session,
    source,
    range,
    rangeError,
    text,
    applied,
    problems,
    setText,
    zoomed: beforeZoom !== null,
    pickZone,
    pickLoggingOff,
    pickFile,
    chooseRange,
    applyFilter,
    drill: onDrill,
    zoom: onZoom,
    resetZoom: onResetZoom,
    openAt,
  };
}
