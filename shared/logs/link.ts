/**
 * A link to a place in the Logs viewer: a zone, an absolute time range, the filter text and, optionally, one
 * request to select. It is plain text (`burrow://logs?zone=12&from=…&to=…&filter=…&request=…`), so it can be pasted
 * anywhere and opened again after a restart, in the "Open link…" field or through the `burrow:` protocol. Times are
 * ISO 8601 in UTC: a preset like "last hour" would mean another hour tomorrow.
 */
import { z } from 'zod';
import { formatFilterText, parseFilterText } from './filter-text.js';

// The WHATWG URL parser is a global wherever shared/ runs (Node, Electron, the renderer), but shared/ compiles
// without any platform's types, so the parts used here are declared for this module.
interface SearchParams extends Iterable<[string, string]> {
  set(name: string, value: string): void;
  toString(): string;
}
declare const URL: new (input: string) => { readonly protocol: string; readonly hostname: string; readonly pathname: string; readonly searchParams: SearchParams };
declare const URLSearchParams: new () => SearchParams;

/** The protocol the app registers for its links. */
export const LINK_SCHEME = 'burrow';

/**
 * The longest link accepted: a filter is at most 4000 characters, and each may take up to nine once
 * percent-encoded (a character of three UTF-8 bytes), so a link the app writes itself always fits; the rest is short.
 */
export const LINK_MAX_LENGTH = 40_000;

/** What a link says. */
export interface LogsLink {
  readonly zoneId: number;
  readonly from: number;
  readonly to: number;
  /** The filter text (read back in the canonical text statuses carry); empty for none. */
  readonly filter: string;
  /** The request id of the row to select, lower-case hex; null for none. */
  readonly requestId: string | null;
}

/** A link read, or what is wrong with it in words the user can act on. */
export type LinkResult = { readonly ok: true; readonly link: LogsLink } | { readonly ok: false; readonly message: string };

const isoTime = (what: string) =>
  z
    .string({ error: `has no "${what}" time` })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/, `"${what}" must be a UTC time like 2026-11-21T10:00:00Z`)
    .refine((s) => {
      // Date.parse rolls an impossible day (February 30) over into the next month: the fields must read back.
      const ms = Date.parse(s);
      return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 16) === s.slice(0, 16);
    }, `"${what}" is not a real date`)
    .transform((s) => Date.parse(s));

const Params = z
  .object({
    zone: z
      .string({ error: 'has no "zone"' })
      .regex(/^[1-9]\d{0,14}$/, '"zone" must be a pull zone id (a whole number)')
      .transform(Number),
    from: isoTime('from'),
    to: isoTime('to'),
    filter: z.string().max(4_000, '"filter" must be at most 4000 characters').default(''),
    request: z
      .string()
      .regex(/^[0-9a-fA-F]{1,32}$/, '"request" must be a request id (hex, at most 32 digits)')
      .transform((s) => s.toLowerCase())
      .optional(),
  })
  .refine((p) => p.from < p.to, { message: '"from" must be before "to"', path: ['from'] });

const KNOWN = new Set(['zone', 'from', 'to', 'filter', 'request']);

/** Reads a link; every problem is named (the first one found). */
export function parseLogsLink(text: string): LinkResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: 'The link is empty.' };
  if (trimmed.length > LINK_MAX_LENGTH) return { ok: false, message: `The link is longer than ${LINK_MAX_LENGTH} characters.` };
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, message: `This is not a link: it should start with ${LINK_SCHEME}://logs?` };
  }
  if (url.protocol !== `${LINK_SCHEME}:`) return { ok: false, message: `The link must start with ${LINK_SCHEME}:// (it starts with ${url.protocol}//).` };
  if (url.hostname !== 'logs' || (url.pathname !== '' && url.pathname !== '/')) return { ok: false, message: `The link must point at logs (${LINK_SCHEME}://logs?…).` };
  const raw: Record<string, string> = {};
  for (const [key, value] of url.searchParams) {
    if (!KNOWN.has(key)) return { ok: false, message: `The link has an unknown part "${key}".` };
    if (key in raw) return { ok: false, message: `The link has "${key}" twice.` };
    raw[key] = value;
  }
  const parsed = Params.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, message: `The link ${issue?.message ?? 'cannot be read'}.` };
  }
  const p = parsed.data;
  const filter = parseFilterText(p.filter);
  if (!filter.ok) return { ok: false, message: `The link's filter cannot be read: ${filter.errors[0]?.message ?? 'unknown problem'}.` };
  return { ok: true, link: { zoneId: p.zone, from: p.from, to: p.to, filter: formatFilterText(filter.filter), requestId: p.request ?? null } };
}

/** Writes a link; `parseLogsLink` reads it back to the same values. */
export function formatLogsLink(link: LogsLink): string {
  const params = new URLSearchParams();
  params.set('zone', String(link.zoneId));
  params.set('from', new Date(link.from).toISOString());
  params.set('to', new Date(link.to).toISOString());
  if (link.filter.trim() !== '') params.set('filter', link.filter);
  if (link.requestId !== null) params.set('request', link.requestId.toLowerCase());
  return `${LINK_SCHEME}://logs?${params.toString()}`;
}
