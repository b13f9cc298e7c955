/** Delivery health as `apps.health` answers it, and a window whose on-screen elements a test decides, for component tests. */
import { act } from '@testing-library/react';
import type { AppHealth, EndpointHealth } from '../../../../shared/contract/delivery';

/** A CDN endpoint whose zone served `requests` with `status5xx` of them failing; unhealthy above 1 %, as the core says. */
export function anEndpoint(requests: number, status5xx: number, more: Partial<EndpointHealth> = {}): EndpointHealth {
  const rate5xx = requests > 0 ? status5xx / requests : null;
  return {
    containerName: 'web',
    endpointName: 'cdn',
    address: 'mc-demo-cdn.b-cdn.net',
    zone: { id: 4100, name: 'mc-demo' },
    figures: { requests, bytes: requests * 2000, hitRatio: requests > 0 ? 0.875 : null, status4xx: 0, status5xx },
    rate5xx,
    p50Bytes: requests > 0 ? 1500 : null,
    p95Bytes: requests > 0 ? 48_000 : null,
    unhealthy: rate5xx !== null && rate5xx > 0.01,
    unavailable: null,
    ...more,
  };
}

/** An app's health: these endpoints over the last hour, complete unless `partial` gives the reason. */
export function aHealth(appId: string, endpoints: readonly EndpointHealth[], partial: string | null = null): AppHealth {
  return { appId, range: '1h', endpoints: [...endpoints], completeness: { partial: partial !== null, pagesRead: 3, rowsSkipped: 0, reason: partial } };
}

/**
 * Replaces IntersectionObserver (the test DOM does no layout) with one the test drives: `show(match)` reports the
 * observed elements that match as on screen and the others as off it.
 */
export function fakeScreen() {
  const observed = new Map<Element, (entries: { isIntersecting: boolean }[]) => void>();
  class FakeObserver {
    constructor(private readonly report: (entries: { isIntersecting: boolean }[]) => void) {}
    observe(el: Element) {
      observed.set(el, this.report);
    }
    disconnect() {
      for (const [el, report] of observed) if (report === this.report) observed.delete(el);
    }
  }
  const original = globalThis.IntersectionObserver;
  globalThis.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
  return {
    show(match: (el: Element) => boolean) {
      act(() => {
        for (const [el, report] of observed) report([{ isIntersecting: match(el) }]);
      });
    },
    restore() {
      globalThis.IntersectionObserver = original;
    },
  };
}
