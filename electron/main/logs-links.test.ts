import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { linkFromArgv, listenForLinks, type LinkSource } from './logs-links.js';

const LINK = 'burrow://logs?zone=1&from=2026-11-21T10:00:00Z&to=2026-11-21T11:00:00Z';

describe('logs links from the OS', () => {
  it('are found on a command line, the last one winning, whatever the scheme’s case', () => {
    expect(linkFromArgv(['/opt/Burrow/burrow', '--no-sandbox'])).toBeNull();
    expect(linkFromArgv(['/opt/Burrow/burrow', LINK])).toBe(LINK);
    expect(linkFromArgv(['burrow', 'BURROW://logs?zone=2', LINK.replace('zone=1', 'zone=3')])).toBe(LINK.replace('zone=1', 'zone=3'));
    expect(linkFromArgv(['burrow', 'https://logs?zone=2'])).toBeNull();
  });

  it('wait until the core is there, then go in as they arrive: first start, open-url, second instance', () => {
    const app = new EventEmitter();
    const links = listenForLinks(app as unknown as LinkSource, ['burrow', LINK]);
    const openUrl = { preventDefault: vi.fn() };
    app.emit('open-url', openUrl, 'burrow://logs?zone=2');
    // The default (the OS being told the link was not handled) is prevented.
    expect(openUrl.preventDefault).toHaveBeenCalledTimes(1);
    const delivered: string[] = [];
    links.attach((url) => delivered.push(url));
    expect(delivered).toEqual([LINK, 'burrow://logs?zone=2']);
    app.emit('second-instance', {}, ['burrow', '--flag', 'burrow://logs?zone=3'], '/');
    app.emit('second-instance', {}, ['burrow'], '/');
    expect(delivered).toEqual([LINK, 'burrow://logs?zone=2', 'burrow://logs?zone=3']);
  });
});
