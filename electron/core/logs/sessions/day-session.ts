/**
 * A zone's whole day from the v1 day files: the one or two UTC files downloaded here (the key stays in this
 * thread), their bytes passed with credit to the rows' side (day-stream.ts) and parsed there exactly as a local
 * file is, keeping only the day's own rows. It is a file session whose bytes come from the platform: every chip
 * applies to its rows, and the KPIs and charts come from this one download.
 */
import { MessageChannel } from 'node:worker_threads';
import type { LogFilter } from '../../../../shared/logs/filter.js';
import { planDay, type DayPlan } from '../../../../shared/logs/day.js';
import type { LogsStatus } from '../../../../shared/contract/logs.js';
import { appError } from '../../../../shared/contract/result.js';
import { AppFailure } from '../../errors.js';
import type { PlatformClient } from '../../platform/types.js';
import { downloadDay } from '../v1/day-download.js';
import { DayStreamSender } from '../v1/day-stream.js';
import { FileSession } from './file-session.js';
import type { RowsHandle } from '../rows/rows-host.js';
import { budgetOf, type SessionBase, type SessionEnv } from './session.js';

type Planned = Extract<DayPlan, { ok: true }>;

/** The plan, or the refusal as a validation error (nothing is sent). */
export function planOrFail(plan: DayPlan): Planned {
  if (plan.ok) return plan;
  throw new AppFailure(appError('validation', 'This day cannot be read from the platform', { detail: plan.message, fieldErrors: { day: plan.message } }));
}

/** A whole day of a zone, read from its v1 day files. */
export class DaySession extends FileSession {
  requests = 0;
  /** Rows of the UTC files outside the local day, left out. */
  outside = 0;
  readonly #dl = new AbortController();
  #ended = false;
  #cancelled = false;
  #lastPublish = 0;

  constructor(
    base: SessionBase,
    readonly zoneId: number,
    readonly day: string,
    readonly timeZone: string,
    readonly plan: Planned,
    private readonly client: () => Promise<PlatformClient>,
  ) {
    // The name an export of the day suggests: the zone and the day.
    super(base, `burrow-logs-zone-${zoneId}-${day}`);
  }

  override timeSpan() {
    return { from: this.plan.from, to: this.plan.to };
  }

  override status(): LogsStatus {
    return {
      ...super.status(),
      source: { kind: 'day', zoneId: this.zoneId, day: this.day, timeZone: this.timeZone, fileName: this.plan.files.map((f) => `${f.date}/${this.zoneId}.log`).join(', ') },
      from: this.plan.from,
      to: this.plan.to,
      requests: this.requests,
      budget: budgetOf(this.env.budget, this.zoneId),
    };
  }

  #progress(): void {
    const now = Date.now();
    if (this.#ended || now - this.#lastPublish < 100) return;
    this.#lastPublish = now;
    this.publish();
  }

  /** Downloads and parses the day; ends idle, failed or cancelled (never throws). */
  async loadDay(): Promise<void> {
    const signal = this.#dl.signal;
    const { port1, port2 } = new MessageChannel();
    const sender = new DayStreamSender(port1);
    let parseError: Error | null = null;
    try {
      await this.rows.call('setLocal', [this.filter]);
      const parsing = this.rows
        .call('loadStream', [port2, { from: this.plan.from, to: this.plan.to }], {
          signal,
          onProgress: (p) => {
            this.lines = p.lines;
            this.malformed = p.malformed;
            this.#progress();
          },
        })
        .catch((e: unknown) => {
          // The rows' side stopped: the download stops with it.
          parseError = e instanceof Error ? e : new Error(String(e));
          sender.fail(parseError);
          this.#dl.abort();
          return null;
        });
      try {
        await downloadDay({
          client: await this.client(),
          budget: this.env.budget,
          zoneId: this.zoneId,
          files: this.plan.files,
          sender,
          signal,
          onRequest: () => {
            this.requests++;
            this.publish();
          },
          onBytes: (n) => {
            this.bytesRead = n;
            this.#progress();
          },
        });
        await sender.end();
      } catch (e) {
        // The rows' side failing first is the cause; otherwise the download's own failure is.
        const first: Error | null = this.#cancelled ? null : parseError;
        this.#dl.abort();
        await parsing;
        throw first ?? e;
      }
      const r = await parsing;
      if (r === null) throw parseError ?? new Error('The day could not be read');
      this.lines = r.lines;
      this.malformed = r.malformed;
      this.samples = r.samples;
      this.outside = r.outside;
      this.totalBytes = this.bytesRead;
      this.phase = 'idle';
    } catch (e) {
      this.fail(e, this.#cancelled ? 'cancelled' : 'failed');
    } finally {
      sender.close();
      port2.close();
    }
    if (!this.#ended) this.publish();
  }

  override cancel(): void {
    this.#cancelled = true;
    this.#dl.abort();
    super.cancel();
  }

  override close(): void {
    this.#ended = true;
    this.#dl.abort();
    super.close();
  }
}

/** Opens a day session (refused, with nothing sent, when the day cannot be read) and starts its download. */
export function openDaySession(
  source: { readonly zoneId: number; readonly day: string; readonly timeZone: string },
  deps: { readonly id: string; readonly env: SessionEnv; readonly filter: LogFilter; readonly rows: () => RowsHandle; readonly client: () => Promise<PlatformClient> },
): DaySession {
  const plan = planOrFail(planDay(source.day, source.timeZone, deps.env.now()));
  const session = new DaySession([deps.id, deps.env, deps.filter, deps.rows()], source.zoneId, source.day, source.timeZone, plan, deps.client);
  void session.loadDay();
  return session;
}
