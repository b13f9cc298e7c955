import { describe, expect, it } from 'vitest';
import { isAllowedExternalUrl } from './external.js';

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
    '//docs.bunny.net/',
    'not a url',
  ])('refuses %s', (u) => {
    expect(isAllowedExternalUrl(u)).toBe(false);
  });
});
