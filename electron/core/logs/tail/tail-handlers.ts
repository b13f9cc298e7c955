/** The live tail's handlers (`logs.tail*`), mounted into the logs area; its sessions are kept here. */
import { randomUUID } from 'node:crypto';
import type { logsTailMethods, TailStatus } from '../../../../shared/contract/logs-tail.js';
import { appError } from '../../../../shared/contract/result.js';
import { AppFailure } from '../../errors.js';
import type { AreaHandlers } from '../../router.js';
import type { RateBudget } from '../v2/rate-budget.js';
import type { RowsHost } from '../rows/rows-host.js';
import { parseFilterOrFail } from '../sessions/session.js';
import { TailSession, type TailOptions } from './tail-session.js';
import type { V2LogClient } from '../v2/v2-client.js';

/** What the tail needs from the logs area. */
export interface TailDeps {
  readonly now: () => number;
  readonly budget: RateBudget;
  readonly rows: RowsHost;
  v2(): Promise<V2LogClient>;
  emit(status: TailStatus): void;
  /** Tuning for tests. */
  readonly options?: TailOptions;
}

/** The handlers, and how to end every tail. */
export interface TailArea {
  readonly handlers: AreaHandlers<{ methods: typeof logsTailMethods; events: Record<string, never> }>;
  /** The tail with this id, for tests. */
  session(id: string): TailSession | undefined;
  close(): void;
}

/** Builds the tail's part of the logs area. */
export function tailArea(deps: TailDeps): TailArea {
  const tails = new Map<string, TailSession>();
  const env = { now: deps.now, budget: deps.budget, emit: deps.emit };
  const get = (id: string) => {
    const t = tails.get(id);
    if (!t) throw new AppFailure(appError('not_found', 'This live tail has ended', { detail: 'Start it again.' }));
    return t;
  };
  return {
    handlers: {
      'logs.tail': async ({ zoneId, filter, cap }) => {
        const options: TailOptions = { ...deps.options, ...(cap !== undefined ? { cap } : {}) };
        const t = new TailSession(randomUUID(), env, parseFilterOrFail(filter), deps.rows.open(), zoneId, deps.v2, options);
        tails.set(t.id, t);
        return t.start();
      },
      'logs.tailPause': async ({ sessionId }) => get(sessionId).pause(),
      'logs.tailResume': async ({ sessionId }) => get(sessionId).resume(),
      'logs.tailFilter': async ({ sessionId, filter }) => get(sessionId).setFilter(parseFilterOrFail(filter)),
      'logs.tailStop': async ({ sessionId }) => {
        tails.get(sessionId)?.close();
        tails.delete(sessionId);
        return {};
      },
    },
    session: (id) => tails.get(id),
    close() {
      for (const t of tails.values()) t.close();
      tails.clear();
    },
  };
}
