import { describe, expect, it } from 'vitest';
import { UA_FAMILY_NAMES, UA_KINDS, uaFamily, uaFamilyWord } from './ua-family.js';

/** Real user agents as they turn up in CDN logs, with the family each must get. */
const TABLE: readonly (readonly [string, string, string])[] = [
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36', 'browser', 'Chrome'],
  ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.6167.101 Mobile Safari/537.36', 'browser', 'Chrome'],
  ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1', 'browser', 'Chrome'],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91', 'browser', 'Edge'],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Safari/537.36 OPR/105.0.0.0', 'browser', 'Opera'],
  ['Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36', 'browser', 'Samsung Internet'],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0', 'browser', 'Firefox'],
  ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/121.0 Mobile/15E148 Safari/605.1.15', 'browser', 'Firefox'],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15', 'browser', 'Safari'],
  ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148', 'browser', 'Safari'],
  ['Mozilla/5.0 (Windows NT 6.1; Trident/7.0; rv:11.0) like Gecko', 'browser', 'Internet Explorer'],
  ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36', 'bot', 'Headless Chrome'],
  ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'bot', 'Googlebot'],
  ['Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.129 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'bot', 'Googlebot'],
  ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 'bot', 'Bingbot'],
  ['Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)', 'bot', 'YandexBot'],
  ['Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)', 'bot', 'Baiduspider'],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)', 'bot', 'Applebot'],
  ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', 'bot', 'Facebook'],
  ['Twitterbot/1.0', 'bot', 'Twitterbot'],
  ['Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', 'bot', 'Slackbot'],
  ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.0; +https://openai.com/gptbot)', 'bot', 'OpenAI'],
  ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)', 'bot', 'Anthropic'],
  ['Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)', 'bot', 'AhrefsBot'],
  ['Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)', 'bot', 'SemrushBot'],
  ['Mozilla/5.0 (compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)', 'bot', 'UptimeRobot'],
  ['Mozilla/5.0 (compatible; SomeNewCrawler/1.0)', 'bot', 'Other bot'],
  ['curl/8.5.0', 'tool', 'curl'],
  ['Wget/1.21.4', 'tool', 'Wget'],
  ['python-requests/2.31.0', 'tool', 'python-requests'],
  ['Python-urllib/3.11', 'tool', 'Python'],
  ['Go-http-client/2.0', 'tool', 'Go'],
  ['okhttp/4.12.0', 'tool', 'OkHttp'],
  ['axios/1.6.2', 'tool', 'axios'],
  ['node-fetch/1.0 (+https://github.com/bitinn/node-fetch)', 'tool', 'Node.js'],
  ['PostmanRuntime/7.36.0', 'tool', 'Postman'],
  ['Lavf/60.3.100', 'tool', 'FFmpeg'],
  ['VLC/3.0.20 LibVLC/3.0.20', 'tool', 'VLC'],
  ['AppleCoreMedia/1.0.0.21C62 (iPhone; U; CPU OS 17_2 like Mac OS X; en_us)', 'tool', 'AppleCoreMedia'],
  ['Mozilla/5.0 (X11; Linux x86_64) SomethingElse/1.0', 'browser', 'Other browser'],
  ['weird', 'other', 'Other'],
  ['', 'other', 'Other'],
];

describe('uaFamily', () => {
  it.each(TABLE)('%s → %s %s', (ua, kind, name) => {
    const f = uaFamily(ua);
    expect([f.kind, f.name]).toEqual([kind, name]);
    // A family's word, when it has one, is in the string: a ua: filter on it picks this row.
    if (f.word !== null) expect(ua.toLowerCase()).toContain(f.word.toLowerCase());
  });
});

describe('family names and words, as the agent: filter uses them', () => {
  it('names each family once, so a name picks exactly one family, and only "Other" shares its word with a kind', () => {
    expect(new Set(UA_FAMILY_NAMES.map((n) => n.toLowerCase())).size).toBe(UA_FAMILY_NAMES.length);
    expect(UA_FAMILY_NAMES.filter((n) => (UA_KINDS as readonly string[]).includes(n.toLowerCase()))).toEqual(['Other']);
    for (const [, , name] of TABLE) expect(UA_FAMILY_NAMES).toContain(name);
  });

  it("gives a family's word only when every agent of the table's family holds it", () => {
    for (const [ua, , name] of TABLE) {
      const word = uaFamilyWord(name);
      if (word !== null) expect(ua.toLowerCase(), name).toContain(word.toLowerCase());
    }
    expect(uaFamilyWord('Chrome')).toBeNull();
    expect(uaFamilyWord('bot')).toBeNull();
  });
});
