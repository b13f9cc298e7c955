/**
 * What a Stream pull zone's request path says: the video's guid (`/{guid}/…`) and the rendition served — the
 * `{height}p` part, `playlist` for the master playlist, else the file's name without extension (`thumbnail`).
 */
import { splitUrl } from '../logs/log-record.js';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEIGHT = /^\d{2,5}p$/i;

/** The path's segments after the leading slash, without the query or fragment. */
function segmentsOf(url: string): string[] {
  const path = splitUrl(url)?.path ?? url;
  return path.replace(/[?#].*$/s, '').split('/').slice(1);
}

/** The video guid (lower case) a URL's path starts with, or null when the first segment is not a guid followed by more. */
export function guidOf(url: string): string | null {
  const [first, ...rest] = segmentsOf(url);
  return first !== undefined && rest.length > 0 && GUID.test(first) ? first.toLowerCase() : null;
}

/** The rendition of a video's URL: `720p`, `playlist`, `thumbnail`, …; null for a URL of no video. */
export function renditionOf(url: string): string | null {
  const segments = segmentsOf(url);
  if (guidOf(url) === null) return null;
  const part = segments[1] ?? '';
  if (HEIGHT.test(part)) return part.toLowerCase();
  const name = part.replace(/\.[^.]*$/, '').slice(0, 64);
  return name === '' ? null : name;
}
