/** Probe edits leave untouched parts out of the body, keep the kind, and read the ports endpoints expose. */
import { describe, expect, it } from 'vitest';
import { exposedPorts, kindOf, setIn } from './probe-kit';

describe('setIn', () => {
  it('sets a nested value without touching the original', () => {
    const before = { httpGet: {} };
    expect(setIn(before, ['httpGet', 'request', 'portNumber'], 80)).toEqual({ httpGet: { request: { portNumber: 80 } } });
    expect(before).toEqual({ httpGet: {} });
  });

  it('removing the last value drops the emptied objects below the kind, and keeps the kind', () => {
    const probe = { periodSeconds: 5, httpGet: { request: { portNumber: 80 } } };
    expect(setIn(probe, ['httpGet', 'request', 'portNumber'], undefined)).toEqual({ periodSeconds: 5, httpGet: {} });
    expect(setIn(probe, ['periodSeconds'], undefined)).toEqual({ httpGet: { request: { portNumber: 80 } } });
  });
});

describe('kindOf and exposedPorts', () => {
  it('reads the kind a probe holds', () => {
    expect(kindOf({ tcpSocket: {} })).toBe('tcpSocket');
    expect(kindOf({ periodSeconds: 3 })).toBeUndefined();
    expect(kindOf(null)).toBeUndefined();
  });

  it('collects container ports of CDN and anycast mappings', () => {
    const endpoints = [
      { cdn: { portMappings: [{ containerPort: 8080, exposedPort: 80 }] } },
      { anycast: { portMappings: [{ containerPort: 53 }, { containerPort: undefined }] } },
    ];
    expect([...exposedPorts(endpoints)].sort()).toEqual([53, 8080]);
    expect(exposedPorts(undefined).size).toBe(0);
  });
});
