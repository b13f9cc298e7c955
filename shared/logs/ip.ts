/** IP address helpers for CDN logs: validation and the platform's anonymization. */

/** How a pull zone anonymizes client addresses: 0 removes the last octet (/24, /64), 1 drops them all. */
export type LogAnonymization = 0 | 1;

const V4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;

/** True for a dotted-quad IPv4 address. */
export function isIpv4(text: string): boolean {
  return V4.test(text);
}

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
export function expandIpv6(text: string): number[] | undefined {
  if (!text.includes(':')) return undefined;
  let body = text;
  // An embedded IPv4 tail (::ffff:1.2.3.4) stands for the last two groups.
  const lastColon = body.lastIndexOf(':');
  const maybeV4 = body.slice(lastColon + 1);
  if (maybeV4.includes('.')) {
    if (!isIpv4(maybeV4)) return undefined;
    const o = maybeV4.split('.').map(Number) as [number, number, number, number];
    body = `${body.slice(0, lastColon + 1)}${((o[0] << 8) | o[1]).toString(16)}:${((o[2] << 8) | o[3]).toString(16)}`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string): number[] | undefined => {
    if (part === '') return [];
    const groups = part.split(':');
    if (!groups.every((g) => HEX_GROUP.test(g))) return undefined;
    return groups.map((g) => parseInt(g, 16));
  };
  const head = parse(halves[0] ?? '');
  if (head === undefined) return undefined;
  if (halves.length === 1) {
    return head.length === 8 ? head : undefined;
  }
  const rest = parse(halves[1] ?? '');
  if (rest === undefined) return undefined;
  const known = head.length + rest.length;
  if (known > 7) return undefined;
  return [...head, ...Array<number>(8 - known).fill(0), ...rest];
}

/** True for an IPv6 address (full, compressed, or with an IPv4 tail). */
export function isIpv6(text: string): boolean {
  return expandIpv6(text) !== undefined;
}

/** Writes groups in the usual compressed form (longest zero run of two or more becomes `::`). */
function compressIpv6(groups: readonly number[]): string {
  let bestStart = -1;
  let bestLen = 0;
  for (let i = 0; i < groups.length; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < groups.length && groups[j] === 0) j++;
    if (j - i > bestLen) {
      bestStart = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestLen < 2) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLen).join(':')}`;
}

/**
 * Anonymizes an address as the platform does at read time: type 0 keeps the /24 (IPv4,
 * last octet 0) or the /64 (IPv6); type 1 drops it (`0.0.0.0` / `::`). Text that is not an
 * address is returned unchanged.
 */
export function anonymizeIp(ip: string, type: LogAnonymization): string {
  if (isIpv4(ip)) {
    if (type === 1) return '0.0.0.0';
    return `${ip.slice(0, ip.lastIndexOf('.'))}.0`;
  }
  const groups = expandIpv6(ip);
  if (groups === undefined) return ip;
  if (type === 1) return '::';
  return compressIpv6([...groups.slice(0, 4), 0, 0, 0, 0]);
}
