/** Reads an upload rate as people write it on a command line: "500k", "1.5MB", "2M/s", "off". */
import { BANDWIDTH_CAP } from '../shared/videos/model.js';

const UNIT: Readonly<Record<string, number>> = { '': 1, b: 1, k: 1e3, kb: 1e3, m: 1e6, mb: 1e6, g: 1e9, gb: 1e9 };

/**
 * Bytes per second from "<number>[unit][/s]", units decimal as the app shows speeds (k = 1,000, M = 1,000,000,
 * G = 1,000,000,000; the letter's case does not matter). A lowercase "b" is refused: "Mb" and "Mbps" usually mean
 * bits, eight times less than the bytes read here. "off", "0" and "none" mean no cap (null).
 */
export function parseRate(text: string): { ok: true; bytesPerSecond: number | null } | { ok: false; message: string } {
  if (text.trim().replace(/^[\d.]+/, '').includes('b')) {
    return { ok: false, message: `is in bytes per second: write B for bytes (1MB, 500KB) or no unit letter (1M); a lowercase b would read as bits; got ${JSON.stringify(text)}` };
  }
  const t = text.trim().toLowerCase();
  if (t === 'off' || t === 'none' || t === '0') return { ok: true, bytesPerSecond: null };
  const m = /^(\d{1,12}(?:\.\d{1,6})?)\s*([kmg]?b?)(?:\/s|ps)?$/.exec(t);
  const unit = m ? UNIT[m[2] ?? ''] : undefined;
  if (!m || unit === undefined) return { ok: false, message: `must be a rate like 500k, 2M or 1.5MB (bytes per second), or off; got ${JSON.stringify(text)}` };
  const bytes = Math.round(Number(m[1]) * unit);
  if (bytes < BANDWIDTH_CAP.min || bytes > BANDWIDTH_CAP.max) {
    return { ok: false, message: `must be from ${BANDWIDTH_CAP.min / 1000}k to ${BANDWIDTH_CAP.max / 1e9}G bytes per second, or off; got ${JSON.stringify(text)}` };
  }
  return { ok: true, bytesPerSecond: bytes };
}
