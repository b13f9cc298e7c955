import { describe, expect, it } from 'vitest';
import { MASK } from '../../../shared/common/redact.js';
import { rawText, scrubBytes, viewBody } from './body-view.js';

describe('viewBody of JSON', () => {
  it('masks credential-named members at any depth and leaves the rest', () => {
    const body = JSON.stringify([{ Id: 1, ApiKey: 'k1', ReadOnlyApiKey: 'k2', ErrorKey: 'pullZone.not_found', Nested: { Password: 'p', ZoneSecurityKey: 'z', EnableTokenAuthentication: true } }]);
    const view = viewBody(Buffer.from(body), 'application/json', false, []);
    if (view.kind !== 'json') throw new Error(`expected JSON, got ${view.kind}`);
    expect(JSON.parse(view.text)).toEqual([
      { Id: 1, ApiKey: '••••••••', ReadOnlyApiKey: '••••••••', ErrorKey: 'pullZone.not_found', Nested: { Password: '••••••••', ZoneSecurityKey: '••••••••', EnableTokenAuthentication: true } },
    ]);
    expect(view.masked).toBe(4);
  });
});

describe('viewBody', () => {
  it('scrubs known key values from text bodies too', () => {
    expect(viewBody(Buffer.from('your key is SECRET-VALUE-123'), 'text/plain', false, ['SECRET-VALUE-123'])).toEqual({ kind: 'text', text: 'your key is ••••••••' });
  });
  it('keeps every digit of big numbers', () => {
    expect(viewBody(Buffer.from('{"Id":12345678901234567890}'), 'application/json', false, [])).toEqual({ kind: 'json', text: '{\n  "Id": 12345678901234567890\n}', masked: 0 });
  });
  it('does not parse a truncated JSON body', () => {
    expect(viewBody(Buffer.from('{"a":'), 'application/json', true, [])).toMatchObject({ kind: 'text', parseError: expect.stringContaining('larger') });
  });
  it('treats unlabelled UTF-8 as text and unlabelled bytes as binary', () => {
    expect(viewBody(Buffer.from('hello'), '', false, []).kind).toBe('text');
    expect(viewBody(Buffer.from([0, 159, 146, 150]), '', false, []).kind).toBe('binary');
  });
});

describe('rawText', () => {
  it('keeps the layout as received and masks credential members and known keys', () => {
    const raw = '[{"Id":1,"ApiKey" : "abc\\"def","ErrorKey":"x.y","Name":"lib KNOWN-KEY-1"}]';
    expect(rawText(Buffer.from(raw), ['KNOWN-KEY-1'])).toBe('[{"Id":1,"ApiKey" : "••••••••","ErrorKey":"x.y","Name":"lib ••••••••"}]');
  });
});

describe('scrubBytes', () => {
  it('every form of a key is masked in raw bytes', () => {
    const key = 'b6f77263-2716-c430-69c4-3a8c3b7cf3c2';
    const body = Buffer.concat([Buffer.from(`x ${key} y `), Buffer.from([0xff, 0]), Buffer.from(` ${Buffer.from(key).toString('base64')}`)]);
    const out = scrubBytes(body, [key], MASK);
    expect(out.includes(Buffer.from(key))).toBe(false);
    expect(out.includes(Buffer.from(Buffer.from(key).toString('base64')))).toBe(false);
    expect(out.toString('utf8')).toContain(`x ${MASK} y`);
  });
});
