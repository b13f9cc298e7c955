import { describe, expect, it } from 'vitest';
import { anonymizeIp, expandIpv6, isIpv4, isIpv6 } from './ip.js';

describe('log IP helpers', () => {
  it('recognizes IPv4 and IPv6 forms', () => {
    for (const ok of ['0.0.0.0', '163.172.53.229', '255.255.255.255']) expect(isIpv4(ok), ok).toBe(true);
    for (const bad of ['256.1.1.1', '1.2.3', '01.2.3.4', '1.2.3.4.5', 'a.b.c.d', '']) expect(isIpv4(bad), bad).toBe(false);
    for (const ok of ['::', '::1', '2001:db8::1', '2a02:1:2:3:4:5:6:7', '::ffff:192.0.2.1', 'fe80::']) expect(isIpv6(ok), ok).toBe(true);
    for (const bad of ['1.2.3.4', '2001:::1', '1:2:3:4:5:6:7:8:9', '12345::', 'g::1', '::ffff:300.1.1.1', '1::2::3']) {
      expect(isIpv6(bad), bad).toBe(false);
    }
    expect(expandIpv6('::ffff:192.0.2.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0xc000, 0x0201]);
  });

  it('keeps the /24 or /64 for type 0 and drops everything for type 1', () => {
    expect(anonymizeIp('163.172.53.229', 0)).toBe('163.172.53.0');
    expect(anonymizeIp('163.172.53.229', 1)).toBe('0.0.0.0');
    expect(anonymizeIp('2a02:6b8:1:2:aaaa:bbbb:cccc:dddd', 0)).toBe('2a02:6b8:1:2::');
    expect(anonymizeIp('2001:db8::1', 0)).toBe('2001:db8::');
    expect(anonymizeIp('2001:db8::1', 1)).toBe('::');
    expect(anonymizeIp('not-an-ip', 0)).toBe('not-an-ip');
  });
});
