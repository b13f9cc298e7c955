/**
 * The sandbox's stand-in for the thumbnails the platform's encoder takes: a frame-like picture per video, in a
 * colour derived from its guid and with its title written on it, so every row of a library looks different.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { VideoStore } from './store.js';

const WIDTH = 320;
const HEIGHT = 180;
/** Titles longer than this are cut with an ellipsis, so they stay inside the frame. */
const TITLE_CHARS = 24;

/** The picture's hue (0–359), the same for a guid every time. */
export function hueOf(guid: string): number {
  const hex = guid.replace(/[^0-9a-f]/gi, '').slice(0, 6);
  return hex === '' ? 0 : parseInt(hex, 16) % 360;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

/** An SVG thumbnail: a gradient in the video's colour, a film frame, a play mark and the title. */
export function thumbnailSvg(title: string, guid: string): Buffer {
  const hue = hueOf(guid);
  const chars = [...title];
  const shown = chars.length > TITLE_CHARS ? `${chars.slice(0, TITLE_CHARS - 1).join('')}…` : title;
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<title>${escapeXml(title)}</title>`,
    '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">',
    `<stop offset="0" stop-color="hsl(${hue},62%,48%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},58%,22%)"/>`,
    '</linearGradient></defs>',
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>`,
    `<rect x="10" y="10" width="${WIDTH - 20}" height="${HEIGHT - 20}" rx="8" fill="none" stroke="rgba(255,255,255,0.45)" stroke-width="2"/>`,
    `<circle cx="${WIDTH / 2}" cy="74" r="24" fill="rgba(0,0,0,0.35)"/>`,
    `<path d="M${WIDTH / 2 - 8} 61 L${WIDTH / 2 - 8} 87 L${WIDTH / 2 + 14} 74 Z" fill="#ffffff"/>`,
    `<text x="${WIDTH / 2}" y="140" text-anchor="middle" font-family="system-ui, sans-serif" font-size="24" font-weight="700" fill="#ffffff">${escapeXml(shown)}</text>`,
    '</svg>',
  ].join('');
  return Buffer.from(svg, 'utf8');
}

const CDN_FILE = /^\/([0-9a-fA-F-]{36})\/([^/]+)$/;

/**
 * Serves `GET /{videoId}/{thumbnailFileName}` the way a library's CDN host does (no key: CDN files are public):
 * the video's generated thumbnail once it has one, 404 otherwise. Answers false for paths of another shape.
 */
export function serveCdnFile(store: VideoStore, req: IncomingMessage, res: ServerResponse, path: string): boolean {
  const match = CDN_FILE.exec(path);
  const method = (req.method ?? 'GET').toUpperCase();
  if (!match || (method !== 'GET' && method !== 'HEAD')) return false;
  const video = store.find(match[1]!);
  const file = decodeURIComponent(match[2]!);
  if (!video || video.encoded.thumbnailFileName === null || video.encoded.thumbnailFileName !== file) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(method === 'HEAD' ? undefined : 'Not found');
    return true;
  }
  const body = thumbnailSvg(video.title, video.guid);
  res.writeHead(200, { 'content-type': 'image/svg+xml', 'content-length': String(body.length), 'cache-control': 'public, max-age=60' });
  res.end(method === 'HEAD' ? undefined : body);
  return true;
}
