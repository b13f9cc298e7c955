/**
 * The family of a user agent, from its string: a browser, a bot (crawlers, link previews, monitors) or a tool
 * (command-line clients, HTTP libraries, media players), with a short name. A compact table of the common ones is
 * enough for a facet: the order of the rules matters, because browsers name each other (Edge says Chrome and
 * Safari, Chrome says Safari), and a bot often says Mozilla. Anything the table does not know is "other".
 */

/** What kind of client sent a request. */
export type UaKind = 'browser' | 'bot' | 'tool' | 'other';

/** A user agent's family: its kind and a name ("Chrome", "Googlebot", "curl"). */
export interface UaFamily {
  readonly kind: UaKind;
  readonly name: string;
  /**
   * A word every user agent of this family contains (case-insensitive), for a `ua:` filter; null when the family is
   * a catch-all that no single word picks out.
   */
  readonly word: string | null;
}

type Rule = readonly [pattern: RegExp, kind: UaKind, name: string, word: string | null];

/** Bots first: many of them also say Mozilla, Chrome or Safari. */
const BOTS: readonly Rule[] = [
  [/googlebot/i, 'bot', 'Googlebot', 'Googlebot'],
  [/google-inspectiontool|googleother|adsbot-google|mediapartners-google|feedfetcher-google|google-read-aloud/i, 'bot', 'Google (other)', null],
  [/bingbot|bingpreview|msnbot/i, 'bot', 'Bingbot', null],
  [/yandex(bot|images|metrika|mobilebot)/i, 'bot', 'YandexBot', null],
  [/baiduspider/i, 'bot', 'Baiduspider', 'Baiduspider'],
  [/duckduckbot|duckassistbot/i, 'bot', 'DuckDuckBot', null],
  [/applebot/i, 'bot', 'Applebot', 'Applebot'],
  [/facebookexternalhit|facebookcatalog|meta-externalagent/i, 'bot', 'Facebook', null],
  [/twitterbot/i, 'bot', 'Twitterbot', 'Twitterbot'],
  [/linkedinbot/i, 'bot', 'LinkedInBot', 'LinkedInBot'],
  [/slackbot|slack-imgproxy/i, 'bot', 'Slackbot', null],
  [/discordbot/i, 'bot', 'Discordbot', 'Discordbot'],
  [/telegrambot/i, 'bot', 'TelegramBot', 'TelegramBot'],
  [/whatsapp/i, 'bot', 'WhatsApp', 'WhatsApp'],
  [/gptbot|chatgpt-user|oai-searchbot/i, 'bot', 'OpenAI', null],
  [/claudebot|claude-web|anthropic-ai/i, 'bot', 'Anthropic', null],
  [/perplexitybot/i, 'bot', 'PerplexityBot', 'PerplexityBot'],
  [/bytespider/i, 'bot', 'Bytespider', 'Bytespider'],
  [/ccbot/i, 'bot', 'CCBot', 'CCBot'],
  [/ahrefsbot/i, 'bot', 'AhrefsBot', 'AhrefsBot'],
  [/semrushbot/i, 'bot', 'SemrushBot', 'SemrushBot'],
  [/mj12bot/i, 'bot', 'MJ12bot', 'MJ12bot'],
  [/dotbot/i, 'bot', 'DotBot', 'DotBot'],
  [/petalbot/i, 'bot', 'PetalBot', 'PetalBot'],
  [/uptimerobot/i, 'bot', 'UptimeRobot', 'UptimeRobot'],
  [/pingdom/i, 'bot', 'Pingdom', 'Pingdom'],
  [/headlesschrome/i, 'bot', 'Headless Chrome', 'HeadlessChrome'],
  [/bot\b|crawler|spider|crawling|scrapy|slurp/i, 'bot', 'Other bot', null],
];

/** Tools: they rarely say Mozilla, but a few libraries add it. */
const TOOLS: readonly Rule[] = [
  [/^curl\//i, 'tool', 'curl', 'curl/'],
  [/^wget\//i, 'tool', 'Wget', 'Wget/'],
  [/python-requests/i, 'tool', 'python-requests', 'python-requests'],
  [/python-urllib|python\/\d/i, 'tool', 'Python', null],
  [/aiohttp/i, 'tool', 'aiohttp', 'aiohttp'],
  [/httpx/i, 'tool', 'httpx', 'httpx'],
  [/go-http-client/i, 'tool', 'Go', 'Go-http-client'],
  [/okhttp/i, 'tool', 'OkHttp', 'okhttp'],
  [/^java\/|apache-httpclient/i, 'tool', 'Java', null],
  [/axios/i, 'tool', 'axios', 'axios'],
  [/node-fetch|undici|^node\b/i, 'tool', 'Node.js', null],
  [/postmanruntime/i, 'tool', 'Postman', 'PostmanRuntime'],
  [/insomnia/i, 'tool', 'Insomnia', 'insomnia'],
  [/httpie/i, 'tool', 'HTTPie', 'HTTPie'],
  [/libwww-perl/i, 'tool', 'Perl', 'libwww-perl'],
  [/guzzlehttp/i, 'tool', 'Guzzle', 'GuzzleHttp'],
  [/^dart[:/ ]/i, 'tool', 'Dart', null],
  [/^deno\//i, 'tool', 'Deno', 'Deno/'],
  [/lavf\/|ffmpeg/i, 'tool', 'FFmpeg', null],
  [/vlc\//i, 'tool', 'VLC', 'VLC/'],
  [/exoplayer/i, 'tool', 'ExoPlayer', 'ExoPlayer'],
  [/applecoremedia/i, 'tool', 'AppleCoreMedia', 'AppleCoreMedia'],
  [/stagefright/i, 'tool', 'Stagefright', 'stagefright'],
  [/cfnetwork/i, 'tool', 'CFNetwork', 'CFNetwork'],
];

/** Browsers, most specific first: each names the engines it is built on after its own name. */
const BROWSERS: readonly Rule[] = [
  [/edg(e|a|ios)?\//i, 'browser', 'Edge', null],
  [/opr\/|opera/i, 'browser', 'Opera', null],
  [/samsungbrowser/i, 'browser', 'Samsung Internet', 'SamsungBrowser'],
  [/yabrowser/i, 'browser', 'Yandex Browser', 'YaBrowser'],
  [/vivaldi/i, 'browser', 'Vivaldi', 'Vivaldi'],
  [/ucbrowser/i, 'browser', 'UC Browser', 'UCBrowser'],
  [/firefox\/|fxios\//i, 'browser', 'Firefox', null],
  [/crios\/|chrome\/|chromium\//i, 'browser', 'Chrome', null],
  [/msie |trident\//i, 'browser', 'Internet Explorer', null],
  [/version\/[\d.]+.*safari\/|(iphone|ipad|ipod|macintosh).*applewebkit/i, 'browser', 'Safari', null],
];

const RULES: readonly Rule[] = [...BOTS, ...TOOLS, ...BROWSERS];

/** The rules in the order they are tried (case-insensitive), for a peer that must classify alike (the bench). */
export const UA_RULES: readonly { readonly pattern: RegExp; readonly kind: UaKind; readonly name: string }[] = RULES.map(([pattern, kind, name]) => ({ pattern, kind, name }));

const OTHER_BROWSER: UaFamily = { kind: 'browser', name: 'Other browser', word: null };
const OTHER: UaFamily = { kind: 'other', name: 'Other', word: null };

/** The kinds a family belongs to. */
export const UA_KINDS: readonly UaKind[] = ['browser', 'bot', 'tool', 'other'];

/** The word a family's `word` names, by family name (null for a catch-all family), for narrowing a query. */
export function uaFamilyWord(name: string): string | null {
  for (const [, , n, word] of RULES) if (n === name) return word;
  return null;
}

/** Every family name uaFamily can give, each once, in the order the rules are tried. */
export const UA_FAMILY_NAMES: readonly string[] = [...new Set([...RULES.map(([, , name]) => name), OTHER_BROWSER.name, OTHER.name])];

/** The family of a user agent string (see the tables above); "Other" when no rule knows it. */
export function uaFamily(userAgent: string): UaFamily {
  for (const [pattern, kind, name, word] of RULES) if (pattern.test(userAgent)) return { kind, name, word };
  return /^mozilla\//i.test(userAgent) ? OTHER_BROWSER : OTHER;
}

/** How a family is shown and keyed in a facet: "browser · Chrome". */
export function uaFamilyKey(f: UaFamily): string {
  return `${f.kind} · ${f.name}`;
}
