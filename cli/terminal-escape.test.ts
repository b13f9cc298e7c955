/**
 * One escaping rule for untrusted text on a terminal (shared/common/display.ts escapeForDisplay): `burrow logs` rows (the
 * table's cells, NDJSON and CSV on a terminal) and the upload reporter's file names, like `burrow api`, `videos
 * list` and `apps`, show escape sequences, C1 controls and line breaks as visible `\uXXXX`, never run them.
 */
import { describe, expect, it } from 'vitest';
import { escapeForDisplay } from '../shared/common/display.js';
import type { LogEntry } from '../shared/logs/v2-response.js';
import type { JobView } from '../shared/videos/model.js';
import type { CliIo } from './io.js';
import { RowWriter } from './logs.js';
import { tableLine } from './logs-output.js';
import { barLine, terminalReporter } from './videos-report.js';

const ESC = '\x1b';
const HOSTILE = [`${ESC}[2J${ESC}[H`, `${ESC}]0;pwned\x07`, `${ESC}]8;;https://evil.example\x1b\\`, '\u009b31m', 'line\nbreak\rback', 'tab\there', '\u202egnp.exe'];
/** Any character a terminal acts on, or that breaks or reorders a line. */
const RAW = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const entry = (over: Partial<LogEntry> = {}): LogEntry => ({
  timestamp: '2024-03-13T00:00:00.000Z',
  pullZoneId: 7,
  requestId: '0'.repeat(32),
  cacheStatus: 'HIT',
  statusCode: 200,
  bytesSent: 100,
  remoteIp: '10.0.0.1',
  countryCode: 'DE',
  edgeLocation: 'WA',
  scheme: 'https',
  host: 'z.b-cdn.net',
  path: '/a',
  url: 'https://z.b-cdn.net/a',
  userAgent: 'curl/8.0',
  referer: null,
  ...over,
});

function fakeIo(tty: boolean): { io: CliIo; out: () => string } {
  let text = '';
  const stream = { isTTY: tty, write: (c: string | Uint8Array) => ((text += String(c)), true) };
  return { io: { stdin: process.stdin, stdout: stream, stderr: { isTTY: tty, write: () => true }, env: { COLUMNS: '400' }, home: '/nowhere' }, out: () => text };
}

describe('the shared escaping rule', () => {
  it('keeps tabs and newlines in text, escapes them too for one line; C0, C1 and bidi always', () => {
    expect(escapeForDisplay(`a${ESC}[1mb\u009bc\n\td\u202e`)).toBe('a\\u001b[1mb\\u009bc\n\td\\u202e');
    expect(escapeForDisplay(`a\nb\tc\rd`, { oneLine: true })).toBe('a\\u000ab\\u0009c\\u000dd');
  });
});

describe('burrow logs on a terminal', () => {
  it('the table escapes every cell, one line per row', () => {
    for (const h of HOSTILE) {
      const line = tableLine(entry({ path: `/x${h}y`, cacheStatus: `HIT${h}`, edgeLocation: h }), 400);
      expect(line.endsWith('\n')).toBe(true);
      expect(RAW.test(line.slice(0, -1)), JSON.stringify(line)).toBe(false);
    }
  });

  it('NDJSON and CSV rows are escaped on a terminal (URL, user agent, referer) and left as they are for a pipe', () => {
    for (const format of ['ndjson', 'csv', 'table'] as const) {
      const tty = fakeIo(true);
      const pipe = fakeIo(false);
      for (const h of HOSTILE) {
        const e = entry({ url: `https://z.b-cdn.net/${h}`, path: `/${h}`, userAgent: `UA ${h}`, referer: `https://r.example/${h}` });
        new RowWriter(tty.io, format).write(e);
        new RowWriter(pipe.io, format).write(e);
      }
      // Line ends (CRLF in CSV) are the writer's own, and a quoted CSV value may hold tabs and newlines as text
      // does; nothing else raw reaches the terminal.
      const shown = tty.out().replace(/\r\n/g, '');
      expect(RAW.test(format === 'csv' ? shown.replace(/[\t\n]/g, '') : shown.replace(/\n/g, '')), `${format}: ${JSON.stringify(tty.out())}`).toBe(false);
      expect(tty.out()).toContain('\\u001b');
      if (format === 'ndjson') expect(pipe.out()).toContain('\u009b31m');
    }
  });
});

describe('the terminal upload reporter', () => {
  const view = { id: 'j1', size: 10, bytesSent: 0, state: 'queued', paused: false, error: null, note: null } as unknown as JobView;

  it('shows a file name with newlines and escapes on its one line', () => {
    for (const h of HOSTILE) {
      const line = barLine(view, `/tmp/clip${h}.mp4`);
      expect(RAW.test(line), JSON.stringify(line)).toBe(false);
    }
  });

  it('draws one line per file and a skipped file’s note on one line', () => {
    let text = '';
    const reporter = terminalReporter({ isTTY: true, write: (c) => ((text += String(c)), true) }, () => []);
    reporter.skipped(`/tmp/evil\n${ESC}[2Jname.mp4`, 'not a video');
    reporter.job(view, `/tmp/two\nlines${ESC}]0;t\x07.mp4`);
    reporter.finish({ queued: 1, done: 0, failed: 0, cancelled: 0, sourceChanged: 0, inFlight: 1, totalBytes: 10, sentBytes: 0 } as never);
    // The reporter's own cursor moves and line clears are the only escapes; every file shows on one line.
    const own = text.replace(/\x1b\[\d*A\r|\x1b\[2K|\x1b\[J/g, '');
    expect(RAW.test(own.replace(/\n/g, '')), JSON.stringify(own)).toBe(false);
    expect(own.split('\n').filter((l) => l.includes('evil') || l.includes('two'))).toHaveLength(2);
    // The names' newlines are shown as escapes inside their one line.
    expect(own).toContain('evil\\u000a\\u001b[2Jname.mp4');
    expect(own).toContain('two\\u000alines');
  });
});
