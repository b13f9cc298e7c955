/** A core whose one profile points at a sandbox started here, and what delivery tests ask of that sandbox over HTTP. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SandboxOptions } from '../../../sandbox/context.js';
import { startSandbox, type Sandbox } from '../../../sandbox/server.js';
import { createCore, type Core } from '../index.js';
import { endpointsOf } from '../platform/testing/support.js';

/** One logged request as the sandbox stores it. */
export interface SandboxRow {
  readonly timestamp: number;
  readonly requestId: string;
  readonly cacheStatus: string;
  readonly statusCode: number;
  readonly bytesSent: number;
  readonly countryCode: string | null;
  readonly url: string;
  readonly referer: string | null;
}

export interface DeliveryCore {
  readonly sandbox: Sandbox;
  readonly core: Core;
  /** Invokes and unwraps: throws with the error's JSON when the result is not ok. */
  call<T = unknown>(method: string, input?: unknown): Promise<T>;
  /** Injects rows into a zone's traffic through the sandbox's admin path; answers them as stored. */
  inject(zoneId: number, rows: readonly Record<string, unknown>[]): Promise<SandboxRow[]>;
  /** Every row of a zone over [from, to], read from the sandbox's v2 endpoint page by page (the truth a test counts). */
  zoneRows(zoneId: number, from: number, to: number): Promise<SandboxRow[]>;
  /** Calls the sandbox's video API with the library's key. */
  video<T>(libraryId: number, method: string, path: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

/** Starts a sandbox (on port 0) and a core over it with the account key and every library's key, on the sandbox's clock. */
export async function startDeliveryCore(options: Omit<SandboxOptions, 'port'> = {}): Promise<DeliveryCore> {
  const sandbox = await startSandbox({ ...options, port: 0 });
  const dataDir = await mkdtemp(join(tmpdir(), 'burrow-delivery-'));
  const keys = new Map(sandbox.libraries.map((l) => [l.id, l.key]));
  const core = await createCore({
    shell: 'cli', appVersion: '0.0.0-test', platform: process.platform, dataDir, ...(options.now ? { now: options.now } : {}),
    dialogs: { openFiles: async () => [], saveFile: async () => null }, notifier: { notify: () => {}, progress: () => {} }, openExternal: async () => {},
    cipher: { backend: async () => 'none', isAvailable: async () => false, encrypt: async () => '', decrypt: async () => '' },
    profile: {
      id: 'test', endpoints: endpointsOf(sandbox), secrets: [sandbox.accountKey, ...keys.values()],
      credentials: { accountKey: async () => sandbox.accountKey, libraryKey: async (id) => keys.get(id) ?? null, logging: async () => ({ kind: 'accessKey' }) },
    },
  });
  const admin = `${sandbox.apiUrl.replace(/\/$/, '')}/__admin/logs/inject`;
  return {
    sandbox,
    core,
    async call<T>(method: string, input: unknown = {}) {
      const r = await core.invoke(method, input);
      if (!r.ok) throw new Error(`${method} failed: ${JSON.stringify(r.error)}`);
      return r.value as T;
    },
    async inject(zoneId, rows) {
      const stored: SandboxRow[] = [];
      for (let k = 0; k < rows.length; k += 10_000) {
        const res = await fetch(admin, { method: 'POST', headers: { AccessKey: sandbox.accountKey, 'content-type': 'application/json' }, body: JSON.stringify({ zoneId, rows: rows.slice(k, k + 10_000) }) });
        if (res.status !== 201) throw new Error(`inject answered ${res.status}: ${await res.text()}`);
        const body = (await res.json()) as { rows: (Omit<SandboxRow, 'timestamp'> & { timestampMs: number })[] };
        stored.push(...body.rows.map(({ timestampMs, ...r }) => ({ ...r, timestamp: timestampMs })));
      }
      return stored;
    },
    async zoneRows(zoneId, from, to) {
      const rows: SandboxRow[] = [];
      for (let offset = 0; ; offset += 10_000) {
        const q = new URLSearchParams({ from: new Date(from).toISOString(), to: new Date(to).toISOString(), limit: '10000', offset: String(offset) });
        const res = await fetch(`${sandbox.loggingUrl}/v2/pullzones/${zoneId}/logs?${q}`, { headers: { AccessKey: sandbox.accountKey } });
        type Entry = Omit<SandboxRow, 'timestamp' | 'url'> & { timestamp: string; url: string | null; scheme: string | null; host: string | null; path: string | null };
        const body = (await res.json()) as { data: Entry[] | null; pagination: { hasMore: boolean } };
        // A row may come without its url, with its parts instead (the platform's way, which realism copies).
        const urlOf = (r: Entry) => r.url ?? (r.host !== null ? `${r.scheme ?? 'https'}://${r.host}${r.path ?? ''}` : (r.path ?? ''));
        rows.push(...(body.data ?? []).map((r) => ({ ...r, url: urlOf(r), timestamp: Date.parse(r.timestamp) })));
        if (!body.pagination.hasMore) return rows;
      }
    },
    async video<T>(libraryId: number, method: string, path: string, body?: unknown) {
      const res = await fetch(`${sandbox.videoUrl}/library/${libraryId}${path}`, { method, headers: { AccessKey: keys.get(libraryId) ?? '', 'content-type': 'application/json' }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}`);
      return (await res.json()) as T;
    },
    async close() {
      await core.close();
      await sandbox.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
