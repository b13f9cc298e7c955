/**
 * Time ranges for log queries: the presets and absolute ranges of the picker, the CLI's
 * `--from/--to/--last`, the retention rules that decide whether a range may be sent at all,
 * and the chart bucket size a range gets.
 */
import { z } from 'zod';
import { LOG_RETENTION_MS, parseDateTime, V2_DEFAULT_SPAN_MS } from './v2-query.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The picker's presets, shortest first; each ends now. */
export const RANGE_PRESETS = ['15m', '1h', '6h', '24h', '3d'] as const;
/** One preset. */
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** How long each preset reaches back. */
export const RANGE_PRESET_MS: Readonly<Record<RangePreset, number>> = {
  '15m': 15 * MINUTE,
  '1h': HOUR,
  '6h': 6 * HOUR,
  '24h': DAY,
  '3d': 3 * DAY,
};

/** Labels for the picker. */
export const RANGE_PRESET_LABELS: Readonly<Record<RangePreset, string>> = {
  '15m': '15 min',
  '1h': '1 h',
  '6h': '6 h',
  '24h': '24 h',
  '3d': '3 days',
};

/**
 * How far inside the retention window a range must start. The platform checks `from` against
 * its own clock when the request arrives, so a range starting exactly 3 days back would be
 * refused after any latency or clock skew; the 3-day preset starts this much later.
 */
export const RETENTION_MARGIN_MS = MINUTE;

/** The longest range one query may cover. */
export const MAX_RANGE_MS = LOG_RETENTION_MS;

/** A time range as the user chose it: a preset relative to now, or fixed UTC ms (`to` exclusive). */
export const logRangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('preset'), preset: z.enum(RANGE_PRESETS) }).readonly(),
  z.object({ kind: z.literal('absolute'), from: z.number().int(), to: z.number().int() }).readonly(),
]);
/** A time range as the user chose it. */
export type LogRange = z.infer<typeof logRangeSchema>;

/** Which rule refused a range: unreadable text, from not before to, too long, or older than retention. */
export type RangeRule = 'syntax' | 'order' | 'span' | 'retention';

/** A range resolved against a clock, or the rule it breaks (nothing may be sent then). */
export type ResolvedRange =
  | { readonly ok: true; readonly from: number; readonly to: number }
  | { readonly ok: false; readonly rule: RangeRule; readonly message: string };

const iso = (ms: number) => new Date(ms).toISOString();

/** The earliest start a range may have at `nowMs`. */
export function earliestFrom(nowMs: number): number {
  return nowMs - LOG_RETENTION_MS + RETENTION_MARGIN_MS;
}

/** Writes a span as `3d 2h`, `90m`, `45s`, for messages. */
export function formatSpan(ms: number): string {
  const parts: string[] = [];
  let rest = Math.round(Math.abs(ms) / 1000);
  for (const [unit, secs] of [['d', 86_400], ['h', 3600], ['m', 60], ['s', 1]] as const) {
    const n = Math.floor(rest / secs);
    rest -= n * secs;
    if (n > 0) parts.push(`${n}${unit}`);
  }
  return parts.length === 0 ? '0s' : parts.join(' ');
}

/**
 * Resolves a range at `nowMs` and checks it: from before to, at most 3 days long, starting
 * inside the retention window (less the margin). Presets end now; the 3-day one starts at the
 * earliest allowed moment.
 */
export function resolveRange(range: LogRange, nowMs: number): ResolvedRange {
  if (range.kind === 'preset') {
    return { ok: true, from: Math.max(nowMs - RANGE_PRESET_MS[range.preset], earliestFrom(nowMs)), to: nowMs };
  }
  const { from, to } = range;
  if (!Number.isFinite(from) || !Number.isFinite(to)) return { ok: false, rule: 'syntax', message: 'from and to must be times' };
  if (from >= to) return { ok: false, rule: 'order', message: `from (${iso(from)}) must be before to (${iso(to)})` };
  if (to - from > MAX_RANGE_MS) {
    return { ok: false, rule: 'span', message: `the range is ${formatSpan(to - from)} long; one query covers at most 3 days` };
  }
  const earliest = earliestFrom(nowMs);
  if (from < earliest) {
    return { ok: false, rule: 'retention', message: `from (${iso(from)}) is older than the 3-day log retention; start at ${iso(earliest)} or later` };
  }
  return { ok: true, from, to };
}

const UNIT_MS: Readonly<Record<string, number>> = { s: 1000, m: MINUTE, h: HOUR, d: DAY };

/** A duration such as `90m`, `1h`, `2d`, `1h30m` (units s, m, h, d), in ms. */
export function parseDuration(text: string): { readonly ok: true; readonly ms: number } | { readonly ok: false; readonly message: string; readonly tooLong?: true } {
  const t = text.trim().toLowerCase();
  if (!/^(?:\d+[smhd])+$/.test(t)) return { ok: false, message: `"${t.slice(0, 40)}" is not a duration (such as 90m, 1h, 2d)` };
  let ms = 0;
  for (const m of t.matchAll(/(\d+)([smhd])/g)) ms += Number(m[1]) * (UNIT_MS[m[2] ?? ''] ?? 0);
  // A huge count is too long, not "zero": only a sum of zeros is refused as such.
  if (!Number.isSafeInteger(ms) || ms > MAX_DURATION_MS) return { ok: false, message: `"${t.slice(0, 40)}" is too long: a duration is at most ${MAX_DURATION_MS / DAY} days`, tooLong: true };
  if (ms <= 0) return { ok: false, message: `"${t.slice(0, 40)}" must be longer than zero` };
  return { ok: true, ms };
}

/** The longest duration read: a hundred years, far past any log. */
const MAX_DURATION_MS = 36_500 * DAY;

/**
 * A point in time for `--from`/`--to`: `now`, a duration meaning that long before now (`90m`),
 * or an ISO 8601 date-time. A date-time without a zone is UTC, the zone the logs are written
 * in, so a command means the same on every machine; a date alone is midnight UTC.
 */
export function parseWhen(text: string, nowMs: number): { readonly ok: true; readonly ms: number } | { readonly ok: false; readonly message: string } {
  const t = text.trim();
  if (t.toLowerCase() === 'now') return { ok: true, ms: nowMs };
  if (/^\d+[smhd]/i.test(t)) {
    const d = parseDuration(t);
    return d.ok ? { ok: true, ms: nowMs - d.ms } : d;
  }
  const ms = parseDateTime(t);
  if (ms !== undefined) return { ok: true, ms };
  return {
    ok: false,
    message: `"${t.slice(0, 40)}" is not a time: use an ISO date-time (2026-05-09T12:00:00Z; without a zone it is UTC), a duration before now (90m, 1h, 2d) or now`,
  };
}

/** The CLI's time flags, as typed. */
export interface WhenFlags {
  readonly from?: string;
  readonly to?: string;
  readonly last?: string;
}

/**
 * The range the CLI's flags ask for. `--last` reaches back from `--to` (or now) and cannot be
 * combined with `--from`; `--from` alone runs to now; `--to` alone and no flags at all cover the
 * 24 hours the platform defaults to, shortened to the retention window. Messages name the flag.
 */
export function rangeFromFlags(flags: WhenFlags, nowMs: number): ResolvedRange {
  if (flags.last !== undefined && flags.from !== undefined) {
    return { ok: false, rule: 'syntax', message: '--last and --from cannot be combined: --last already sets the start' };
  }
  let to = nowMs;
  if (flags.to !== undefined) {
    const r = parseWhen(flags.to, nowMs);
    if (!r.ok) return { ok: false, rule: 'syntax', message: `--to: ${r.message}` };
    to = r.ms;
  }
  let from: number;
  if (flags.last !== undefined) {
    const d = parseDuration(flags.last);
    // The platform keeps a zone's logs 3 days: a span beyond reach says so, whatever its size.
    if (!d.ok && d.tooLong === true) return { ok: false, rule: 'syntax', message: `--last: "${flags.last.trim().slice(0, 40)}" is too long: the platform keeps logs for 3 days` };
    if (!d.ok) return { ok: false, rule: 'syntax', message: `--last: ${d.message}` };
    from = to - d.ms;
  } else if (flags.from !== undefined) {
    const r = parseWhen(flags.from, nowMs);
    if (!r.ok) return { ok: false, rule: 'syntax', message: `--from: ${r.message}` };
    from = r.ms;
  } else {
    from = Math.max(to - V2_DEFAULT_SPAN_MS, Math.min(earliestFrom(nowMs), to - 1));
  }
  return resolveRange({ kind: 'absolute', from, to }, nowMs);
}

/** Chart bucket for ranges up to a day (at most 1,440 buckets). */
export const BUCKET_FINE_MS = MINUTE;
/** Chart bucket for ranges over a day, up to the 3-day limit (at most 864 buckets). */
export const BUCKET_COARSE_MS = 5 * MINUTE;

/**
 * The chart bucket for a range: 1 minute up to and including 24 hours, 5 minutes beyond (so
 * anything between one and three days gets 5 minutes). Both divide an hour, and every zone
 * offset in use is a multiple of 15 minutes, so buckets line up with local clock minutes too.
 */
export function bucketSizeMs(from: number, to: number): number {
  return to - from <= DAY ? BUCKET_FINE_MS : BUCKET_COARSE_MS;
}

/** The start of the bucket holding `ms` (buckets are aligned to the UNIX epoch). */
export function bucketStart(ms: number, sizeMs: number): number {
  return Math.floor(ms / sizeMs) * sizeMs;
}

/** How many buckets cover [from, to), counting the partial ones at either end. */
export function bucketCount(from: number, to: number, sizeMs: number): number {
  return to <= from ? 0 : Math.ceil((to - bucketStart(from, sizeMs)) / sizeMs);
}
