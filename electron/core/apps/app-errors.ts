/**
 * The container platform's error answers in the user's words: a sentence per status saying what happened and what to
 * do, the platform's own message beneath it, and every `errors[]` entry kept — those naming a field as `fieldErrors`
 * under the platform's path (`containerTemplates[0].endpoints[1].cdn.portMappings`), the others in the detail.
 */
import { isRecord } from '../../../shared/apps/json.js';
import { serverFieldMessage } from '../../../shared/apps/rule-words.js';
import { redactError } from '../../../shared/common/redact.js';
import { appError, type AppError, type ErrorKind } from '../../../shared/contract/result.js';
import { cleanText, describeNonJson } from '../platform/errors.js';

/** What one status means for an apps call. */
export interface AppsErrorText {
  readonly kind: ErrorKind;
  readonly sentence: string;
  readonly action: string;
}

/** The statuses the container platform answers, explained. */
export const APPS_ERROR_TEXTS: Readonly<Record<number, AppsErrorText>> = {
  400: { kind: 'validation', sentence: 'The platform did not accept some fields of the app.', action: 'Correct the fields named below and send it again.' },
  401: { kind: 'auth', sentence: 'The platform did not accept the account API key.', action: 'Check the account API key in the profile settings (or pass the right one), then try again.' },
  403: { kind: 'auth', sentence: 'The account may not do this: it is suspended or has no valid payment card.', action: 'Check billing and the account status in the bunny.net dashboard, then try again.' },
  404: { kind: 'not_found', sentence: 'This app does not exist (any more).', action: 'Reload the list of apps; it may have been deleted elsewhere.' },
  409: { kind: 'conflict', sentence: 'The account has reached its limit of applications.', action: 'Delete an app you no longer need, or ask bunny.net support to raise the limit, then create it again.' },
  413: { kind: 'validation', sentence: 'The app is too large for the platform to accept.', action: 'Make the request smaller (fewer or shorter environment variables and entries), then send it again.' },
  415: { kind: 'validation', sentence: 'The platform did not accept the request as JSON.', action: 'This is a problem in Burrow; report it with the details below.' },
  422: { kind: 'validation', sentence: 'The platform understood the app but cannot create it as described.', action: 'Check the fields named below: a registry or region the account does not have, or autoscaling min above max.' },
  429: { kind: 'http', sentence: 'Too many requests reached the platform in a short time.', action: 'Wait a minute, then try again.' },
  500: { kind: 'http', sentence: 'The platform failed while handling the request.', action: 'Try again in a few minutes; if it keeps failing, check status.bunny.net or contact bunny.net support.' },
};

/** For a status the table does not name: still a sentence with a next step, never a bare code. */
function fallback(status: number): AppsErrorText {
  if (status >= 500) return { kind: 'http', sentence: `The platform is not working right now (HTTP ${status}).`, action: 'Try again in a few minutes; if it keeps failing, check status.bunny.net.' };
  return { kind: 'http', sentence: `The platform refused the request (HTTP ${status}).`, action: 'Check the details below; if they do not help, report them.' };
}

/** The operation a request was, read from its method and path (`POST /apps/x/restart` is a restart). */
export type AppsOperation = 'create' | 'deploy' | 'undeploy' | 'restart' | 'env' | 'change';

export function operationOf(where: string): AppsOperation {
  const [method = '', path = ''] = where.trim().split(/\s+/, 2);
  const bare = path.split('?')[0]!.replace(/\/+$/, '');
  if (method.toUpperCase() === 'POST' && /(^|\/)apps$/.test(bare)) return 'create';
  const action = /\/apps\/[^/]+\/(deploy|undeploy|restart)$/.exec(bare)?.[1];
  if (action === 'deploy' || action === 'undeploy' || action === 'restart') return action;
  if (/\/apps\/[^/]+\/containers\//.test(bare)) return 'env';
  return 'change';
}

/**
 * A 409 or 404 means something else per operation: the application limit only for a create; for deploy and undeploy
 * the platform documents 409 as a suspended app; a restart refused with 409 meets an app that cannot be restarted as
 * it is (not deployed, or still changing); any other change refused with 409 meets the app's present state. A 404 on
 * a container's variables may be the container that is gone, not the app.
 */
const BY_OPERATION: Readonly<Partial<Record<AppsOperation, Readonly<Record<number, AppsErrorText>>>>> = {
  deploy: { 409: { kind: 'conflict', sentence: 'The platform would not deploy the app: the app or the account is suspended.', action: 'Check billing and the account status in the bunny.net dashboard; the platform lifts a suspension, Burrow cannot.' } },
  undeploy: { 409: { kind: 'conflict', sentence: 'The platform would not undeploy the app: the app or the account is suspended.', action: 'Check billing and the account status in the bunny.net dashboard; the platform lifts a suspension, Burrow cannot.' } },
  restart: { 409: { kind: 'conflict', sentence: 'The platform would not restart the app as it is now: only a deployed app that has settled can be restarted.', action: 'Deploy the app first, or wait until it has settled, then restart it.' } },
  env: {
    404: { kind: 'not_found', sentence: 'This app or this container does not exist (any more).', action: 'Reload the app; it or the container may have been deleted or changed elsewhere.' },
    409: { kind: 'conflict', sentence: 'The platform would not change the app as it is now.', action: 'Wait until the app has settled (see its status), then try again.' },
  },
  change: {
    409: { kind: 'conflict', sentence: 'The platform would not change the app as it is now.', action: 'Wait until the app has settled (see its status), then try again.' },
    422: { kind: 'validation', sentence: 'The platform understood the change but cannot make it as described.', action: 'Check the fields named below: a registry or region the account does not have, or autoscaling min above max.' },
  },
};

/** The sentence, kind and action for a status, for the operation when it is known (else as for a create). */
export function appsErrorText(status: number, operation: AppsOperation = 'create'): AppsErrorText {
  const own = BY_OPERATION[operation];
  if (own !== undefined && Object.hasOwn(own, status)) return own[status]!;
  return Object.hasOwn(APPS_ERROR_TEXTS, status) ? APPS_ERROR_TEXTS[status]! : fallback(status);
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/** One `errors[]` entry, or one message of ASP.NET's `errors: { field: [messages] }`. */
export interface PlatformFieldError {
  readonly field?: string;
  readonly message: string;
}

/** Every error entry of a body, in order, in whichever shape the platform used (an older one sent the list alone). */
export function errorEntries(body: unknown): PlatformFieldError[] {
  if (!isRecord(body) && !Array.isArray(body)) return [];
  const errors = Array.isArray(body) ? body : body.errors;
  const out: PlatformFieldError[] = [];
  if (Array.isArray(errors)) {
    for (const e of errors) {
      if (!isRecord(e)) continue;
      const message = text(e.message) ?? text(e.Message);
      if (message === undefined) continue;
      const field = text(e.field) ?? text(e.Field);
      out.push(field === undefined ? { message } : { field, message });
    }
  } else if (isRecord(errors)) {
    for (const [field, messages] of Object.entries(errors)) {
      const list = Array.isArray(messages) ? messages : [messages];
      for (const m of list) if (text(m) !== undefined) out.push(field.trim() === '' ? { message: m as string } : { field, message: m as string });
    }
  }
  return out;
}

/** Field errors keyed by path, several messages for one path joined; built from a Map so `__proto__` stays a plain key. */
export function fieldErrorsOf(entries: readonly PlatformFieldError[]): Record<string, string> {
  const fields = new Map<string, string>();
  for (const e of entries) {
    if (e.field === undefined) continue;
    const message = cleanText(e.message);
    const before = fields.get(e.field);
    fields.set(e.field, before === undefined ? message : `${before}; ${message}`);
  }
  return Object.fromEntries(fields);
}

/** What an error answer of the container platform carried. */
export interface AppsErrorInput {
  readonly status: number;
  /** The raw body; JSON or not. */
  readonly body: Uint8Array;
  /** `POST /apps`, shown last so the user can report it. */
  readonly where: string;
  /** Values to scrub from everything shown. */
  readonly secrets?: readonly string[];
  /** The request that was sent, when it was a body: names the rows in the messages (`Container 1 (web) › Tag`). */
  readonly request?: unknown;
}

/**
 * The server's field errors in words for people: each field Burrow knows gets its rule as the form says it, and the
 * platform's own text is kept as "platform says" where it differs; a field Burrow does not know keeps the platform's text.
 */
export function personFieldErrors(
  fieldErrors: Readonly<Record<string, string>>,
  request?: unknown,
): { readonly fieldErrors: Record<string, string>; readonly platformSays: Record<string, string> } {
  const people = new Map<string, string>();
  const said = new Map<string, string>();
  for (const [field, raw] of Object.entries(fieldErrors)) {
    const m = serverFieldMessage(field, raw, request);
    people.set(field, m.message);
    if (m.platformSays !== undefined) said.set(field, m.platformSays);
  }
  return { fieldErrors: Object.fromEntries(people), platformSays: Object.fromEntries(said) };
}

const MAX_BODY = 1024 * 1024;

/** The body as JSON, or undefined when it is empty, too large or not JSON. */
function parseBody(body: Uint8Array): unknown {
  if (body.length === 0 || body.length > MAX_BODY) return undefined;
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: false }).decode(body)) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * What the platform said in words, whatever the body: the message members of a problem body (any of them may be
 * null or missing), a bare JSON string (an older error form), or a body that is not JSON described as what it is.
 */
function platformWords(json: unknown, body: Uint8Array): string | undefined {
  if (isRecord(json)) {
    const said = text(json.detail) ?? text(json.title) ?? text(json.message) ?? text(json.Message);
    return said === undefined ? undefined : `The platform said: ${cleanText(said)}`;
  }
  if (typeof json === 'string') return text(json) === undefined ? undefined : `The platform said: ${cleanText(json)}`;
  if (json !== undefined || body.length === 0) return undefined;
  const head = body.length > MAX_BODY ? body.subarray(0, 4096) : body;
  const words = describeNonJson(head, new TextDecoder('utf-8', { fatal: false }).decode(head), '');
  return words === undefined || words === '' ? undefined : `The platform answered: ${cleanText(words)}`;
}

/** Turns an error answer into an AppError: the sentence as title; the platform's message, unplaced errors and the next step as detail. */
export function explainAppsError(input: AppsErrorInput): AppError {
  const t = appsErrorText(input.status, operationOf(input.where));
  const json = parseBody(input.body);
  const entries = errorEntries(json);
  const { fieldErrors, platformSays } = personFieldErrors(fieldErrorsOf(entries), input.request);
  const lines: string[] = [];
  const words = platformWords(json, input.body);
  if (words !== undefined) lines.push(words);
  for (const e of entries) if (e.field === undefined) lines.push(`  • ${cleanText(e.message)}`);
  lines.push(t.action);
  lines.push(cleanText(input.where, 300));
  const error = appError(t.kind, t.sentence, {
    detail: lines.join('\n'),
    status: input.status,
    ...(Object.keys(fieldErrors).length > 0 ? { fieldErrors } : {}),
    ...(Object.keys(platformSays).length > 0 ? { platformSays } : {}),
  });
  return redactError(error, input.secrets ?? []);
}
