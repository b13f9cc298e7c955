/**
 * The app's console: send a typed line with the active profile's key, its history, bodies in and out. Loaded on the
 * first of these calls (see ./index.ts), so `burrow api`, which sends by `console.raw`, loads none of it.
 */
import { readFile, stat } from 'node:fs/promises';
import { STATUS_CODES } from 'node:http';
import { basename } from 'node:path';
import { DISPLAY_CAP_BYTES, MAX_BODY_BYTES } from '../../../shared/console/command-types.js';
import type { ConsoleResponse } from '../../../shared/console/model.js';
import { redactText } from '../../../shared/common/redact.js';
import { appError } from '../../../shared/contract/result.js';
import { AppFailure } from '../errors.js';
import type { AttemptInfo } from '../platform/client.js';
import { rawText, viewBody } from './body-view.js';
import { copyAs, historyLine, invalid, resolveCommand } from './command.js';
import { ConsoleHistory } from './history.js';
import type { ConsoleArea, ConsoleAreaDeps } from './index.js';
import { BodySpool } from './spool.js';

function flatten(headers: Readonly<Record<string, string | string[]>> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers ?? {})) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

export type ConsoleApp = Pick<ConsoleArea['handlers'], 'console.send' | 'console.history' | 'console.loadBody' | 'console.saveResponse'>;

/**
 * The app's console handlers, and the spool's close (which deletes the session's bodies). `console.send` runs under
 * the door's signal (console.cancel).
 */
export function createConsoleApp(deps: ConsoleAreaDeps): { readonly handlers: ConsoleApp; close(): void } {
  const history = new ConsoleHistory(deps.dataDir);
  const spool = new BodySpool(deps.dataDir);
  const handlers: ConsoleApp = {
    'console.send': async ({ requestId, line, body: editorBody, verbose }, { signal: stop }) => {
      let sink: ReturnType<BodySpool['open']> | undefined;
      let ok = false;
      try {
        const cmd = resolveCommand(line, editorBody);
        const { profileId, client, apiUrl } = await deps.active();
        const attempts: AttemptInfo[] = [];
        stop?.throwIfAborted();
        const out = (sink = spool.open(requestId));
        const secrets = await deps.knownSecrets();
        await history.add(profileId, historyLine(line, secrets));
        const res = await client.send({
          area: 'core',
          method: cmd.method,
          path: cmd.path,
          // The JSON text goes as typed, so big numbers keep every digit (as the burrow command does).
          ...(cmd.body !== undefined ? { body: cmd.bodyText ?? JSON.stringify(cmd.body), contentType: 'application/json' } : {}),
          signal: stop,
          maxBodyBytes: DISPLAY_CAP_BYTES,
          onBodyChunk: (chunk, attempt) => out.write(chunk, attempt),
          onAttempt: (a) => attempts.push(a),
        });
        ok = true;
        const total = out.done(true);
        const contentType = res.headers['content-type'] ?? '';
        const last = attempts.at(-1);
        const showVerbose = cmd.verbose || verbose === true;
        const body = viewBody(res.body, contentType, res.truncated, secrets);
        const response: ConsoleResponse = {
          requestId,
          method: cmd.method,
          url: res.url,
          status: res.status,
          statusText: STATUS_CODES[res.status] ?? '',
          timingMs: Math.round(res.timingMs),
          size: total,
          truncated: res.truncated,
          contentType,
          requestHeaders: flatten(last?.requestHeaders),
          responseHeaders: flatten(last?.responseHeaders ?? res.headers),
          ...(cmd.body !== undefined ? { requestBody: redactText(cmd.bodyText ?? JSON.stringify(cmd.body), secrets) } : {}),
          body,
          // The verbose view shows the text as it came (masked); binary stays a hex preview.
          ...(showVerbose && body.kind !== 'binary' && body.kind !== 'empty' ? { rawBody: rawText(res.body, secrets) } : {}),
          attempts: attempts.map((a) => ({
            attempt: a.attempt,
            retry: a.retry,
            delayMs: a.delayMs,
            reason: a.reason,
            ...(a.status !== undefined ? { status: a.status } : {}),
            ...(a.error !== undefined ? { error: a.error } : {}),
          })),
          verbose: showVerbose,
          copyAs: copyAs(cmd, apiUrl, secrets),
        };
        return response;
      } finally {
        if (!ok) sink?.done(false);
      }
    },
    'console.history': async ({ query }) => {
      const { profileId } = await deps.active();
      return { entries: await history.list(profileId, query) };
    },
    'console.loadBody': async () => {
      const [path] = await deps.dialogs.openFiles({ title: 'Load request body', filters: [{ name: 'JSON', extensions: ['json'] }, { name: 'All files', extensions: ['*'] }] });
      if (!path) return null;
      const info = await stat(path);
      if (info.size > MAX_BODY_BYTES) throw invalid('body', `${basename(path)} is larger than ${MAX_BODY_BYTES} bytes`);
      return { name: basename(path), text: await readFile(path, 'utf8') };
    },
    'console.saveResponse': async ({ requestId }) => {
      if (!spool.has(requestId)) throw new AppFailure(appError('not_found', 'That response is no longer kept', { detail: 'Send the request again, then save.' }));
      const path = await deps.dialogs.saveFile({ title: 'Save response body', defaultName: 'response.json' });
      if (!path) return { saved: false, bytes: 0 };
      const bytes = await spool.saveTo(requestId, path);
      if (bytes === null) throw new AppFailure(appError('not_found', 'That response is no longer kept', { detail: 'Send the request again, then save.' }));
      return { saved: true, bytes };
    },
  };
  return { handlers, close: () => spool.close() };
}
