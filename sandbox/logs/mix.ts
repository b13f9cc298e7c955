/** The realistic ingredients of generated CDN traffic: countries, POPs, user agents, referers. */

/** A seeded random source in [0, 1). */
export type Rand = () => number;

/** Mixes a value into a 32-bit hash (for seeding one random source per zone, video and minute). */
export function mix(h: number, v: number): number {
  const x = Math.imul(h ^ (v >>> 0), 0x9e3779b1);
  return (x ^ (x >>> 15)) >>> 0;
}

/** FNV-1a of a text, as an unsigned 32-bit number. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let k = 0; k < text.length; k++) h = Math.imul(h ^ text.charCodeAt(k), 0x01000193);
  return h >>> 0;
}

/** Picks one item uniformly. */
export function pick<T>(rand: Rand, items: readonly T[]): T {
  const item = items[Math.floor(rand() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** Builds a picker over `[value, weight]` pairs (weights need not sum to anything). */
export function weighted<T>(pairs: readonly (readonly [T, number])[]): (rand: Rand) => T {
  const total = pairs.reduce((s, [, w]) => s + w, 0);
  const cumulative = pairs.map(([v], i) => [v, pairs.slice(0, i + 1).reduce((s, [, w]) => s + w, 0) / total] as const);
  return (rand) => {
    const r = rand();
    for (const [v, c] of cumulative) if (r < c) return v;
    const last = cumulative[cumulative.length - 1];
    if (last === undefined) throw new Error('weighted pick from an empty table');
    return last[0];
  };
}

/** An integer in [min, max]. */
export function between(rand: Rand, min: number, max: number): number {
  return min + Math.floor(rand() * (max - min + 1));
}

/** Lower-case hex of the given length (built from 28-bit chunks: one flat string, few random draws). */
export function hex(rand: Rand, length: number): string {
  let s = '';
  while (s.length < length) s += Math.floor(rand() * 0x10000000).toString(16).padStart(7, '0');
  return s.slice(0, length);
}

/** A visitor country with its usual POPs and address blocks. */
export interface Country {
  readonly code: string;
  /** POPs that usually answer this country's visitors. */
  readonly pops: readonly string[];
  /** First octets of the (made-up but plausible) IPv4 blocks used for visitors. */
  readonly octets: readonly number[];
}

const COUNTRIES: readonly (readonly [Country, number])[] = [
  [{ code: 'US', pops: ['NY', 'LA', 'WA', 'DA', 'MI'], octets: [24, 67, 73, 98, 173] }, 24],
  [{ code: 'DE', pops: ['DE'], octets: [46, 79, 84, 91, 217] }, 14],
  [{ code: 'GB', pops: ['UK'], octets: [51, 81, 86, 109] }, 9],
  [{ code: 'FR', pops: ['FR'], octets: [78, 82, 90, 176] }, 7],
  [{ code: 'NL', pops: ['NL', 'DE'], octets: [77, 83, 145] }, 4],
  [{ code: 'PL', pops: ['PL', 'DE'], octets: [31, 83, 89] }, 3],
  [{ code: 'SE', pops: ['SE'], octets: [78, 94, 155] }, 2],
  [{ code: 'ES', pops: ['ES', 'FR'], octets: [80, 88, 95] }, 3],
  [{ code: 'IT', pops: ['IT', 'DE'], octets: [79, 93, 151] }, 3],
  [{ code: 'CA', pops: ['TO', 'NY'], octets: [24, 70, 142] }, 4],
  [{ code: 'BR', pops: ['BR'], octets: [177, 179, 189, 201] }, 5],
  [{ code: 'JP', pops: ['JP'], octets: [60, 126, 153, 219] }, 6],
  [{ code: 'SG', pops: ['SG'], octets: [101, 116, 175] }, 3],
  [{ code: 'IN', pops: ['IN', 'SG'], octets: [49, 106, 117, 223] }, 6],
  [{ code: 'KR', pops: ['KR', 'JP'], octets: [59, 112, 211] }, 3],
  [{ code: 'AU', pops: ['SYD'], octets: [1, 58, 101, 203] }, 3],
];

/** Picks a visitor's country by share of traffic. */
export const pickCountry = weighted(COUNTRIES);

/** A visitor address in the country's blocks; about one in eight is IPv6. */
export function visitorIp(rand: Rand, country: Country): string {
  if (rand() < 0.12) {
    const groups = ['2a02', hex(rand, 4).replace(/^0+(?=.)/, ''), ...Array.from({ length: 6 }, () => hex(rand, 4).replace(/^0+(?=.)/, ''))];
    return groups.join(':');
  }
  return `${pick(rand, country.octets)}.${between(rand, 0, 255)}.${between(rand, 0, 255)}.${between(rand, 1, 254)}`;
}

const CHROME = '(KHTML, like Gecko) Chrome/124.0.0.0';
/** Browser, tool and crawler user agents; `null` is a request without the header. */
const USER_AGENTS: readonly (readonly [string | null, number])[] = [
  [`Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 ${CHROME} Safari/537.36`, 26],
  [`Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 ${CHROME} Safari/537.36`, 10],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15', 8],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0', 6],
  [`Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 ${CHROME} Safari/537.36 Edg/124.0.2478.51`, 5],
  ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1', 14],
  [`Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 ${CHROME} Mobile Safari/537.36`, 12],
  ['curl/8.5.0', 3],
  ['Wget/1.21.4', 1],
  ['python-requests/2.31.0', 2],
  ['Go-http-client/2.0', 1],
  ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 3],
  ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 2],
  ['Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)', 1],
  [null, 2],
];

/** Players that fetch video segments directly. */
const PLAYER_AGENTS: readonly (readonly [string, number])[] = [
  ['AppleCoreMedia/1.0.0.21E236 (iPhone; U; CPU OS 17_4 like Mac OS X; en_us)', 6],
  ['ExoPlayerLib/2.19.1', 4],
  ['VLC/3.0.20 LibVLC/3.0.20', 1],
];

const pickAgent = weighted(USER_AGENTS);
const pickPlayer = weighted(PLAYER_AGENTS);

/** A user agent; video zones also see media players. */
export function userAgent(rand: Rand, video: boolean): string | null {
  if (video && rand() < 0.3) return pickPlayer(rand);
  return pickAgent(rand);
}

/** True for agents that never send a referer. */
export function isTool(agent: string | null): boolean {
  return agent === null || /^(curl|Wget|python|Go-http)|bot/i.test(agent);
}

const EXTERNAL_REFERERS = [
  'https://www.google.com/',
  'https://www.bing.com/',
  'https://duckduckgo.com/',
  'https://t.co/',
  'https://news.ycombinator.com/',
  'https://www.reddit.com/r/webdev/',
  'https://newsletter.example.org/issues/42',
];

/** A referer: absent for tools and many browsers, else a page of the site or an outside link. */
export function referer(rand: Rand, agent: string | null, sitePages: readonly string[]): string | null {
  if (isTool(agent) || rand() < 0.4) return null;
  if (rand() < 0.7) return pick(rand, sitePages);
  return pick(rand, EXTERNAL_REFERERS);
}

/** Edge POPs that act as origin shields, with the country they sit in. */
export const SHIELDS: readonly (readonly [pop: string, country: string])[] = [
  ['DE', 'DE'],
  ['NY', 'US'],
  ['SG', 'SG'],
];
