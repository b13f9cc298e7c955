/**
 * The text form of a log filter, e.g. `status:5xx cache:MISS,STALE -pop:WA ua:"Mozilla 5" free words`: tokens
 * split on whitespace, `key:value` or a bare word, `-` negates; double quotes keep spaces, a backslash takes the
 * next character literally; status, cache, country, host, referer-host and agent take comma lists.
 */
import { isCacheStatusFilterValue } from './cache-status.js';
import {
  canonicalAgent,
  chipValueIds,
  COUNTRY_PATTERN,
  normalizeFilter,
  POP_PATTERN,
  REQUEST_ID_PATTERN,
  type FilterKey,
  type LogFilter,
  type LogFilterChip,
} from './filter.js';
import { isIpv4, isIpv6 } from './ip.js';
import { HOST_PATTERN } from './url-host.js';
import { formatStatusFilters, parseStatusFilters } from './status-filter.js';
import { CONTAINS_MAX_LENGTH, SEARCH_MAX_TOKEN_LENGTH, SEARCH_MAX_TOKENS } from './v2-query.js';

/** One problem in filter text: where its token starts (a character offset) and the rule it breaks. */
export interface FilterTextError {
  readonly at: number;
  readonly message: string;
}

/** Outcome of parseFilterText. */
export type FilterTextResult =
  | { readonly ok: true; readonly filter: LogFilter }
  | { readonly ok: false; readonly errors: readonly FilterTextError[] };

/** The key each chip is written with. */
export const FILTER_TEXT_KEYS: Readonly<Record<FilterKey, string>> = {
  status: 'status',
  cache: 'cache',
  country: 'country',
  pop: 'pop',
  ip: 'ip',
  url: 'url',
  pattern: 'pattern',
  host: 'host',
  ua: 'ua',
  agent: 'agent',
  referer: 'referer',
  refererHost: 'referer-host',
  requestId: 'id',
  originShield: 'shield',
  order: 'order',
  search: 'search',
};

/** Every spelling a key may be typed in (case-insensitive), including the v2 parameter names. */
const KEY_NAMES: ReadonlyMap<string, FilterKey> = new Map<string, FilterKey>([
  ...Object.entries(FILTER_TEXT_KEYS).map(([k, t]) => [t, k as FilterKey] as const),
  ['statuscode', 'status'],
  ['cachestatus', 'cache'],
  ['edge', 'pop'],
  ['edgelocation', 'pop'],
  ['remoteip', 'ip'],
  ['urlcontains', 'url'],
  ['useragent', 'ua'],
  ['ref', 'referer'],
  ['urlpattern', 'pattern'],
  ['ua-family', 'agent'],
  ['uafamily', 'agent'],
  ['refhost', 'refererHost'],
  ['refererhost', 'refererHost'],
  ['referrer-host', 'refererHost'],
  ['requestid', 'requestId'],
  ['request-id', 'requestId'],
  ['originshield', 'originShield'],
]);

/** What each single-value key holds, for the "given twice" message. */
const ONE_VALUE: Partial<Record<FilterKey, string>> = {
  pop: 'one edge location',
  ip: 'one address',
  url: 'one text',
  pattern: 'one pattern',
  ua: 'one text',
  referer: 'one text',
  requestId: 'one request id',
  originShield: 'one setting',
  order: 'one order',
};

interface Char {
  readonly c: string;
  /** Quoted or escaped: never syntax. */
  readonly lit: boolean;
}

interface Token {
  readonly at: number;
  readonly chars: readonly Char[];
}

function tokenize(text: string, errors: FilterTextError[]): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    if (/\s/.test(text[i] ?? '')) {
      i++;
      continue;
    }
    const at = i;
    const chars: Char[] = [];
    let quoteAt = -1;
    for (; i < text.length; i++) {
      const c = text[i] ?? '';
      if (c === '\\' && i + 1 < text.length) chars.push({ c: text[++i] ?? '', lit: true });
      else if (c === '"') quoteAt = quoteAt < 0 ? i : -1;
      else if (quoteAt < 0 && /\s/.test(c)) break;
      else chars.push({ c, lit: quoteAt >= 0 || c === '\\' });
    }
    if (quoteAt >= 0) errors.push({ at: quoteAt, message: 'a quote is not closed' });
    tokens.push({ at, chars });
  }
  return tokens;
}

const join = (chars: readonly Char[]) => chars.map((x) => x.c).join('');
const cut = (s: string, n = 40) => (s.length > n ? `${s.slice(0, n)}…` : s);

type ChipResult = { readonly chip: LogFilterChip } | { readonly message: string };

function listOf(value: string): string[] {
  return value.split(',').map((v) => v.trim()).filter((v) => v !== '');
}

/** Reads the value of one `key:value` token into a chip, or names the rule it breaks. */
function readValue(key: FilterKey, name: string, negated: boolean, value: string): ChipResult {
  if (value.trim() === '') return { message: `${name}: needs a value` };
  switch (key) {
    case 'status': {
      const r = parseStatusFilters(value);
      return r.ok ? { chip: { key, negated, values: r.filters } } : { message: `${name}: ${r.message}` };
    }
    case 'cache': {
      const values = listOf(value).map((v) => v.toUpperCase());
      // Any word: the platform's set of statuses is open (HIT, MISS, EXPIRED… and ones Burrow has no words for).
      const wrong = values.find((v) => !isCacheStatusFilterValue(v));
      if (wrong !== undefined) return { message: `${name}: "${cut(wrong)}" is not a cache status (one word, such as HIT or MISS)` };
      return values.length === 0 ? { message: `${name}: needs a value` } : { chip: { key, negated, values } };
    }
    case 'country': {
      const values = listOf(value);
      const wrong = values.find((v) => !COUNTRY_PATTERN.test(v));
      if (wrong !== undefined) return { message: `${name}: "${cut(wrong)}" is not an ISO 3166 two-letter country code` };
      return values.length === 0 ? { message: `${name}: needs a value` } : { chip: { key, negated, values } };
    }
    case 'pop':
      return POP_PATTERN.test(value)
        ? { chip: { key, negated, value } }
        : { message: `${name}: "${cut(value)}" is not an edge location code (letters, digits, - and _)` };
    case 'ip':
      return isIpv4(value) || isIpv6(value) ? { chip: { key, negated, value } } : { message: `${name}: "${cut(value)}" is not an IPv4 or IPv6 address` };
    case 'host':
    case 'refererHost': {
      const values = listOf(value).map((v) => v.toLowerCase());
      const wrong = values.find((v) => !HOST_PATTERN.test(v));
      if (wrong !== undefined) return { message: `${name}: "${cut(wrong)}" is not a host name (such as cdn.example.com, without a path)` };
      return values.length === 0 ? { message: `${name}: needs a value` } : { chip: { key, negated, values } };
    }
    case 'agent': {
      const typed = listOf(value);
      const wrong = typed.find((v) => canonicalAgent(v) === undefined);
      if (wrong !== undefined) return { message: `${name}: "${cut(wrong)}" is not a user-agent family (browser, bot, tool, other, or a name such as Chrome or Googlebot)` };
      const values = typed.map((v) => canonicalAgent(v) ?? v);
      return values.length === 0 ? { message: `${name}: needs a value` } : { chip: { key, negated, values } };
    }
    case 'url':
    case 'pattern':
    case 'ua':
    case 'referer':
      return value.length > CONTAINS_MAX_LENGTH
        ? { message: `${name}: must be at most ${CONTAINS_MAX_LENGTH} characters` }
        : { chip: { key, negated, value } };
    case 'requestId':
      return REQUEST_ID_PATTERN.test(value) ? { chip: { key, negated, value } } : { message: `${name}: "${cut(value)}" is not a request id (hex, at most 32 digits)` };
    case 'originShield': {
      const v = value.toLowerCase();
      if (negated) return { message: `${name}: cannot be negated; write ${name}:off or ${name}:on` };
      if (v === 'on' || v === 'true') return { chip: { key, negated, value: true } };
      if (v === 'off' || v === 'false') return { chip: { key, negated, value: false } };
      return { message: `${name}: "${cut(value)}" must be on or off` };
    }
    case 'order': {
      const v = value.toLowerCase();
      if (negated) return { message: `${name}: cannot be negated; write ${name}:asc or ${name}:desc` };
      return v === 'asc' || v === 'desc' ? { chip: { key, negated, value: v } } : { message: `${name}: "${cut(value)}" must be asc or desc` };
    }
    case 'search': {
      const values = value.split(/\s+/).filter((v) => v !== '');
      const long = values.find((v) => v.length > SEARCH_MAX_TOKEN_LENGTH);
      if (long !== undefined) return { message: `${name}: "${cut(long)}" is longer than ${SEARCH_MAX_TOKEN_LENGTH} characters` };
      return { chip: { key, negated, values } };
    }
  }
}

/**
 * Reads one value typed for a key (a CLI flag such as `--cache MISS,STALE`, a chip editor) with
 * the same rules as the text form; no quoting applies, the text is the value.
 */
export function parseFilterValue(
  key: FilterKey,
  value: string,
  negated = false,
): { readonly ok: true; readonly chip: LogFilterChip } | { readonly ok: false; readonly message: string } {
  const r = readValue(key, FILTER_TEXT_KEYS[key], negated, value);
  if ('message' in r) return { ok: false, message: r.message };
  const chip = normalizeFilter([r.chip])[0];
  return chip === undefined ? { ok: false, message: `${FILTER_TEXT_KEYS[key]}: needs a value` } : { ok: true, chip };
}

/** Reads one token into a chip, or names the rule it breaks. */
function readToken(t: Token): ChipResult {
  const first = t.chars[0];
  if (first === undefined) return { message: 'empty quotes hold nothing to filter on' };
  const negated = first.c === '-' && !first.lit;
  const rest = negated ? t.chars.slice(1) : t.chars;
  if (rest.length === 0) return { message: 'a lone "-" negates nothing; put it right before a filter or word' };
  const colon = rest.findIndex((x) => x.c === ':' && !x.lit);
  const prefix = rest.slice(0, Math.max(colon, 0));
  if (colon >= 0 && prefix.every((x) => !x.lit) && /^[A-Za-z][A-Za-z-]*$/.test(join(prefix))) {
    const name = join(prefix);
    const key = KEY_NAMES.get(name.toLowerCase());
    if (key === undefined) {
      const known = Object.values(FILTER_TEXT_KEYS).join(', ');
      return { message: `unknown filter "${cut(name)}" (known: ${known}); quote a word with ":" to search for it` };
    }
    return readValue(key, FILTER_TEXT_KEYS[key], negated, join(rest.slice(colon + 1)));
  }
  if (colon === 0) return { message: '":" needs a filter name before it; quote the word to search for it' };
  return readValue('search', 'search', negated, join(rest));
}

/**
 * Parses filter text into a canonical filter, or lists every token's problem. Repeated list
 * keys merge (`cache:MISS cache:STALE` is `cache:MISS,STALE`); a single-value key given twice
 * with the same sign, or one value both required and excluded, is an error.
 */
export function parseFilterText(text: string): FilterTextResult {
  const errors: FilterTextError[] = [];
  const chips: LogFilterChip[] = [];
  const seen = new Map<string, { chip: LogFilterChip; ids: Set<string> }>();
  for (const token of tokenize(text, errors)) {
    const r = readToken(token);
    if ('message' in r) {
      errors.push({ at: token.at, message: r.message });
      continue;
    }
    const { chip } = r;
    const name = FILTER_TEXT_KEYS[chip.key];
    const ids = chipValueIds(normalizeFilter([chip])[0] ?? chip);
    const same = seen.get(`${chip.key}${chip.negated}`);
    const other = seen.get(`${chip.key}${!chip.negated}`);
    const clash = ids.find((id) => other?.ids.has(id) === true);
    if (same !== undefined && ONE_VALUE[chip.key] !== undefined) {
      errors.push({ at: token.at, message: `${name}: given twice; a filter holds ${ONE_VALUE[chip.key] ?? 'one value'}` });
    } else if (clash !== undefined) {
      errors.push({ at: token.at, message: `${name}: "${cut(clash)}" is both required and excluded` });
    } else {
      const entry = same ?? { chip, ids: new Set<string>() };
      for (const id of ids) entry.ids.add(id);
      seen.set(`${chip.key}${chip.negated}`, entry);
      chips.push(chip);
    }
  }
  const filter = normalizeFilter(chips);
  for (const chip of filter) {
    if (chip.key === 'search' && chip.values.length > SEARCH_MAX_TOKENS) {
      errors.push({ at: 0, message: `search: at most ${SEARCH_MAX_TOKENS} words${chip.negated ? ' excluded' : ''}, found ${chip.values.length}` });
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, filter };
}

function quote(s: string): string {
  return `"${s.replace(/[\\"]/g, '\\$&')}"`;
}

/** A value after `key:`, quoted when it holds a space, a quote or a backslash. */
function valueText(s: string): string {
  return /[\s"\\]/.test(s) ? quote(s) : s;
}

/** A bare search word, quoted when it would otherwise read as a key, a negation or be split. */
function wordText(s: string): string {
  return /[\s"\\:]/.test(s) || s.startsWith('-') ? quote(s) : s;
}

/** One chip as text: `status:5xx,404`, `-pop:WA`, `ua:"Mozilla 5"`; search chips are their words. */
export function formatChip(chip: LogFilterChip): string {
  const sign = chip.negated ? '-' : '';
  const name = FILTER_TEXT_KEYS[chip.key];
  switch (chip.key) {
    case 'search':
      return chip.values.map((w) => `${sign}${wordText(w)}`).join(' ');
    case 'status':
      return `${sign}${name}:${formatStatusFilters(chip.values)}`;
    case 'cache':
    case 'country':
    case 'host':
    case 'refererHost':
      return `${sign}${name}:${chip.values.join(',')}`;
    case 'agent':
      return `${sign}${name}:${valueText(chip.values.join(','))}`;
    case 'originShield':
      return `${name}:${chip.value ? 'on' : 'off'}`;
    default:
      return `${sign}${name}:${valueText(chip.value)}`;
  }
}

/** The canonical text of a filter: chips in canonical order, free words last. */
export function formatFilterText(filter: LogFilter): string {
  return normalizeFilter(filter).map(formatChip).join(' ');
}

/** Filter text in the canonical form the core reports back; text that does not parse stays as it is. */
export function canonicalFilterText(text: string): string {
  const parsed = parseFilterText(text);
  return parsed.ok ? formatFilterText(parsed.filter) : text;
}
