/**
 * URL grouping for the top-URLs list. A URL keeps its scheme, host and the words of its path; path segments that
 * are ids rather than words (all digits, a UUID, a long run of hex with a digit in it, each with or without a file
 * extension) become placeholders, so `/v/1234/thumb.jpg` and `/v/98/thumb.jpg` count as one pattern, and so does
 * the number ending a numbered name (`video17.ts` and `video18.ts`; short ones such as `v2` stay). A query string
 * is dropped when it is ignored, otherwise its values are collapsed and its parameter names kept.
 */

/** How URLs are grouped: by pattern or as they are, with or without their query strings. */
export interface UrlGrouping {
  /** Ids in path segments and query values collapsed into placeholders. */
  readonly patterns: boolean;
  /** URLs that differ only in their query strings count together. */
  readonly ignoreQuery: boolean;
}

/** The grouping the top list used before it could be chosen: exact paths, query strings ignored. */
export const DEFAULT_URL_GROUPING: UrlGrouping = { patterns: false, ignoreQuery: true };

/** The placeholders a pattern may hold, for the legend. */
export const URL_PLACEHOLDERS = { number: '{n}', uuid: '{uuid}', hex: '{hex}', value: '*' } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Long enough that a word made of the letters a–f ("decade", "facade") is never taken for an id. */
const HEX = /^[0-9a-f]{8,}$/i;
const DIGITS = /^\d+$/;
/** A numbered name (`video17`, `thumbnail_3`, `part-12`): a word of three letters or more, then a number. */
const NUMBERED = /^([a-z]{3,}[_-]?)\d+$/i;
/** A file extension: a dot and a short run of letters and digits that does not start with a digit. */
const EXTENSION = /\.[a-z][a-z0-9]{0,7}$/i;

/** The placeholder for one path segment, or the segment itself when it is a word. */
export function segmentPattern(segment: string): string {
  const ext = EXTENSION.exec(segment);
  const stem = ext === null ? segment : segment.slice(0, ext.index);
  const tail = ext === null ? '' : ext[0];
  if (stem === '') return segment;
  if (DIGITS.test(stem)) return URL_PLACEHOLDERS.number + tail;
  if (UUID.test(stem)) return URL_PLACEHOLDERS.uuid + tail;
  if (HEX.test(stem) && /\d/.test(stem)) return URL_PLACEHOLDERS.hex + tail;
  const numbered = NUMBERED.exec(stem);
  if (numbered !== null) return numbered[1] + URL_PLACEHOLDERS.number + tail;
  return segment;
}

/** The query string's parameter names in order of first appearance, each with its value collapsed. */
function queryPattern(query: string): string {
  const names: string[] = [];
  for (const part of query.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    const shown = eq < 0 ? name : `${name}=${URL_PLACEHOLDERS.value}`;
    if (!names.includes(shown)) names.push(shown);
  }
  return names.length === 0 ? '' : `?${names.join('&')}`;
}

/** The key a URL counts under in the top list for a grouping. */
export function urlGroupKey(url: string, grouping: UrlGrouping): string {
  const hash = url.indexOf('#');
  const whole = hash < 0 ? url : url.slice(0, hash);
  const q = whole.indexOf('?');
  const base = q < 0 ? whole : whole.slice(0, q);
  const query = q < 0 ? '' : whole.slice(q + 1);
  if (!grouping.patterns) return grouping.ignoreQuery ? base : whole;
  // The scheme and host are kept as they are; only the path's segments are looked at.
  const scheme = base.indexOf('://');
  const pathStart = scheme < 0 ? 0 : base.indexOf('/', scheme + 3);
  const origin = pathStart < 0 ? base : base.slice(0, pathStart);
  const path = pathStart < 0 ? '' : base.slice(pathStart);
  const shaped = path.split('/').map(segmentPattern).join('/');
  return origin + shaped + (grouping.ignoreQuery ? '' : queryPattern(query));
}

/** True when a key holds a placeholder, so it names many URLs and cannot be used as a filter value. */
export function isUrlPattern(key: string, grouping: UrlGrouping): boolean {
  return grouping.patterns && (key.includes('{') || key.includes(`=${URL_PLACEHOLDERS.value}`));
}
