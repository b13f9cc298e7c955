import { describe, expect, it } from 'vitest';
import { EXTERNAL_HOSTS, isAllowedExternalUrl } from './index.js';

describe('isAllowedExternalUrl', () => {
  it.each(['https://docs.bunny.net/reference', 'https://dash.bunny.net/', 'https://bunny.net'])('allows %s', (u) => {
    expect(isAllowedExternalUrl(u)).toBe(true);
  });
  it.each([
    'http://docs.bunny.net/',
    'file:///etc/passwd',
    'smb://host/share',
    'javascript:alert(1)',
    'ms-msdt:/id PCWDiagnostic',
    'https://evil.example/',
    'https://docs.bunny.net.evil.example/',
    'https://user:pw@docs.bunny.net/',
    'https://docs.bunny.net:8443/',
    // A code-hosting site serves anyone's pages, so none of it is on the list.
    'https://github.com/',
    'https://github.com/someone/phishing',
    'https://gist.github.com/x',
    'https://raw.githubusercontent.com/x/y/main/z.html',
    '//docs.bunny.net/',
    'not a url',
  ])('refuses %s', (u) => {
    expect(isAllowedExternalUrl(u)).toBe(false);
  });
});

describe('EXTERNAL_HOSTS', () => {
  it('lists only hosts the platform itself runs', () => {
    for (const host of EXTERNAL_HOSTS) expect(host === 'bunny.net' || host.endsWith('.bunny.net'), host).toBe(true);
  });
});
