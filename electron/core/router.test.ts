import { beforeAll, describe, expect, it } from 'vitest';
import { appError } from '../../shared/contract/result.js';
import { AppFailure } from './errors.js';
import { createEventBus, createRouter, fieldErrorsOf, loadContract, type Handlers } from './router.js';

function handlers(overrides: Partial<Handlers> = {}): Handlers {
  // Only the methods these tests call; the router never touches the rest.
  return {
    'desktop.info': async () => ({ name: 'Burrow', version: '1.2.3', shell: 'chromium', platform: 'linux', dataDir: '/tmp/x' }),
    'desktop.openExternal': async ({ url }) => ({ opened: url.startsWith('https://') }),
    'files.list': async () => ({ files: [] }),
    ...overrides,
  } as Handlers;
}

describe('router', () => {
  it('does not start a call whose caller has already gone away', async () => {
    let ran = false;
    const gone = AbortSignal.abort();
    const r = await createRouter(handlers({ 'desktop.info': async () => ((ran = true), { name: 'B', version: '1', shell: 'chromium', platform: 'linux', dataDir: '/x' }) })).invoke('desktop.info', {}, { signal: gone });
    expect(r).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    expect(ran).toBe(false);
  });

  it('answers a valid call with its value', async () => {
    const r = await createRouter(handlers()).invoke('desktop.info', {});
    expect(r).toEqual({ ok: true, value: { name: 'Burrow', version: '1.2.3', shell: 'chromium', platform: 'linux', dataDir: '/tmp/x' } });
  });

  it('treats a missing input as an empty object', async () => {
    const r = await createRouter(handlers()).invoke('files.list', undefined);
    expect(r).toEqual({ ok: true, value: { files: [] } });
  });

  it('rejects bad input naming the field and the rule', async () => {
    const r = await createRouter(handlers()).invoke('desktop.openExternal', { url: 42 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('validation');
    expect(Object.keys(r.error.fieldErrors ?? {})).toEqual(['url']);
    expect(r.error.fieldErrors?.url).toMatch(/string/i);
  });

  it('rejects properties the contract does not define', async () => {
    const r = await createRouter(handlers()).invoke('desktop.info', { extra: true });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.kind).toBe('validation');
  });

  it.each([['nope.method'], [42], [null], ['__proto__'], ['constructor']])('answers unknown method %s without throwing', async (name) => {
    const r = await createRouter(handlers()).invoke(name, {});
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.kind).toBe('unknown_method');
  });

  it('turns a throwing handler into an error result', async () => {
    const r = await createRouter(
      handlers({
        'files.list': async () => {
          throw new Error('disk on fire');
        },
      }),
    ).invoke('files.list', {});
    expect(r).toEqual({ ok: false, error: { kind: 'internal', title: 'Something went wrong inside Burrow', detail: 'disk on fire' } });
  });

  it('passes a deliberate AppFailure through unchanged', async () => {
    const error = appError('not_found', 'No such file', { status: 404 });
    const r = await createRouter(
      handlers({
        'files.list': async () => {
          throw new AppFailure(error);
        },
      }),
    ).invoke('files.list', {});
    expect(r).toEqual({ ok: false, error });
  });

  it('refuses an output that breaks the contract', async () => {
    const r = await createRouter(
      handlers({ 'files.list': async () => ({ files: [{ token: 1 }] }) as never }),
    ).invoke('files.list', {});
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.kind).toBe('internal');
  });

  it('results are JSON-safe', async () => {
    const r = await createRouter(handlers()).invoke('desktop.openExternal', { url: 5 });
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
  });
});

describe('fieldErrorsOf', () => {
  it('writes indices in brackets, the whole input as (input), and keeps the first rule per path', () => {
    const issues = [
      { path: ['containerTemplates', 0, 'endpoints', 1, 'cdn'], message: 'first' },
      { path: [], message: 'whole' },
      { path: ['containerTemplates', 0, 'endpoints', 1, 'cdn'], message: 'second' },
    ];
    expect(fieldErrorsOf(issues)).toEqual({ 'containerTemplates[0].endpoints[1].cdn': 'first', '(input)': 'whole' });
  });
});

describe('event bus', () => {
  // The core loads the contract before any area that emits zod-checked events starts.
  beforeAll(async () => {
    await loadContract();
  });

  it('checks every payload, the hand-checked console.attempt too', () => {
    const bus = createEventBus();
    expect(() => bus.emit('desktop.notice', { level: 'loud', message: 'x' } as never)).toThrow(/desktop\.notice does not match the contract: level/);
    expect(() => bus.emit('console.attempt', { requestId: 'r', attempt: 1 } as never)).toThrow(/console\.attempt does not match the contract: .*method: must be a string/);
  });

  it('delivers to subscribers until they unsubscribe', () => {
    const bus = createEventBus();
    const got: unknown[] = [];
    const off = bus.on('desktop.notice', (p) => got.push(p));
    bus.emit('desktop.notice', { level: 'info', message: 'one' });
    off();
    bus.emit('desktop.notice', { level: 'info', message: 'two' });
    expect(got).toEqual([{ level: 'info', message: 'one' }]);
  });

  it('keeps delivering when one listener throws', () => {
    const bus = createEventBus();
    const got: unknown[] = [];
    bus.on('desktop.notice', () => {
      throw new Error('closed window');
    });
    bus.on('desktop.notice', (p) => got.push(p));
    bus.emit('desktop.notice', { level: 'error', message: 'x' });
    expect(got).toHaveLength(1);
  });

  it('refuses unknown events', () => {
    expect(() => createEventBus().on('nope', () => {})).toThrow(AppFailure);
  });
});

describe('router redaction', () => {
  it('passes every error through the redactor, thrown or deliberate', async () => {
    const router = createRouter(
      handlers({
        'files.list': async () => {
          throw new Error('request with key SECRET-123456 failed');
        },
      }),
      { redact: (e) => ({ ...e, detail: e.detail?.replaceAll('SECRET-123456', '••••') }) },
    );
    const r = await router.invoke('files.list', {});
    expect(r).toMatchObject({ ok: false, error: { detail: 'request with key •••• failed' } });
  });
});
