/** Maps a platform error answer (any area, any body) to an AppError in the user's words: status, the platform's message, method and path, never a key. */
import { escapeForDisplay } from '../../../shared/common/display.js';
import { redactError, redactUrl } from '../../../shared/common/redact.js';
import { appError, type AppError, type ErrorKind } from '../../../shared/contract/result.js';
import { LOG_ERROR_TEXTS } from '../../../shared/logs/log-error-texts.js';
import type { ApiArea } from './types.js';

const MAX_MESSAGE = 500;
const MAX_PARSE = 256 * 1024;

const STATUS_TITLES: Readonly<Record<number, string>> = {
  400: 'The platform did not accept the request',
  401: 'The API key was not accepted',
  403: 'Access denied',
  404: 'Not found',
  405: 'This method is not allowed here',
  408: 'The platform timed out waiting for the request',
  409: 'The request conflicts with the current state',
  410: 'Gone',
  413: 'The request is too large',
  415: 'The platform does not accept this content type',
  422: 'The platform could not process the request',
  429: 'Too many requests',
  500: 'The platform had an internal error',
  501: 'Not implemented by the platform',
  502: 'Bad gateway',
  503: 'The platform is unavailable',
  504: 'Gateway timeout',
};

/** Error kind by status: the renderer picks wording and recovery by kind. */
export function kindForStatus(status: number): ErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404 || status === 410) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 400 || status === 422) return 'validation';
  return 'http';
}

/** A short title for a status alone: "Bad gateway (502)". */
export function statusTitle(status: number): string {
  const known = Object.hasOwn(STATUS_TITLES, status) ? STATUS_TITLES[status] : undefined;
  if (known) return `${known} (${status})`;
  if (status >= 300 && status < 400) return `Unexpected redirect (${status})`;
  if (status >= 500) return `The platform failed (${status})`;
  return `The request failed (${status})`;
}

/**
 * The platform's text made safe to show in one line: the same characters the console escapes become visible
 * escapes, and whitespace runs become one space (ASCII line breaks and tabs are folded first; invisible separators such as
 * U+2028 or U+FEFF are shown as escapes, never folded away).
 */
export function cleanText(text: string, max = MAX_MESSAGE): string {
  const escaped = escapeForDisplay(text.replace(/[\t\n\r\f\v ]+/g, ' ')).replace(/\s+/g, ' ').trim();
  return escaped.length > max ? `${escaped.slice(0, max - 1)}…` : escaped;
}

function headerOf(headers: Readonly<Record<string, string | undefined>>, name: string): string | undefined {
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === name) return v;
  return undefined;
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

interface Extracted {
  message?: string;
  code?: string;
  fieldErrors?: Record<string, string>;
}

// A Map, then Object.fromEntries: a field named "__proto__" stays an own property instead of hitting the setter.
function addField(out: Map<string, string>, field: string, message: string): void {
  const before = out.get(field);
  out.set(field, before === undefined ? message : `${before}; ${message}`);
}

function fieldsOf(out: Map<string, string>): Record<string, string> | undefined {
  return out.size > 0 ? Object.fromEntries(out) : undefined;
}

function fromErrorsArray(errors: readonly unknown[]): Record<string, string> | undefined {
  const out = new Map<string, string>();
  for (const e of errors) {
    if (!isObject(e)) continue;
    const message = str(e.message) ?? str(e.Message);
    if (message === undefined) continue;
    addField(out, str(e.field) ?? str(e.Field) ?? '(request)', cleanText(message));
  }
  return fieldsOf(out);
}

/** ASP.NET ValidationProblemDetails: `errors: { "Field": ["message", ...] }`. */
function fromErrorsMap(errors: Json): Record<string, string> | undefined {
  const out = new Map<string, string>();
  for (const [field, messages] of Object.entries(errors)) {
    const list = Array.isArray(messages) ? messages.filter((m): m is string => typeof m === 'string') : typeof messages === 'string' ? [messages] : [];
    for (const m of list) addField(out, field === '' ? '(request)' : field, cleanText(m));
  }
  return fieldsOf(out);
}

/** Reads whichever of the platform's error shapes the body has. */
function extract(json: unknown): Extracted {
  if (typeof json === 'string') return { message: json };
  if (Array.isArray(json)) {
    // Legacy container errors: [{ message }].
    const fields = fromErrorsArray(json);
    return fields ? { message: Object.values(fields).join('; ') } : {};
  }
  if (!isObject(json)) return {};
  // Logging: { error: { code, message, details? } }.
  if (isObject(json.error)) {
    const e = json.error;
    const details = Array.isArray(e.details) ? e.details.filter((d): d is string => typeof d === 'string') : [];
    const message = [str(e.message), ...details].filter((m) => m !== undefined).join(': ');
    return { ...(message ? { message } : {}), ...(str(e.code) ? { code: str(e.code) } : {}) };
  }
  // Core: { ErrorKey, Field, Message }.
  if (str(json.ErrorKey) !== undefined || (str(json.Message) !== undefined && 'Field' in json)) {
    const message = str(json.Message);
    const field = str(json.Field);
    const out: Extracted = {};
    if (message) out.message = message;
    if (str(json.ErrorKey)) out.code = str(json.ErrorKey);
    if (field && message) out.fieldErrors = { [field]: cleanText(message) };
    return out;
  }
  // Containers: ErrorDetails / ProblemDetails (RFC 7807), possibly with errors[].
  if (str(json.title) !== undefined || str(json.detail) !== undefined || 'errors' in json) {
    const out: Extracted = {};
    const message = str(json.detail) ?? str(json.title);
    if (message) out.message = message;
    const fields = Array.isArray(json.errors) ? fromErrorsArray(json.errors) : isObject(json.errors) ? fromErrorsMap(json.errors) : undefined;
    if (fields) out.fieldErrors = fields;
    return out;
  }
  // Stream StatusModel { success, message, statusCode } and anything else with a message.
  const message = str(json.message) ?? str(json.Message) ?? str(json.error) ?? str(json.error_description);
  return message ? { message } : {};
}

function htmlTitle(text: string): string | undefined {
  const m = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text) ?? /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(text);
  const raw = m?.[1]?.replace(/<[^>]*>/g, ' ');
  if (!raw) return undefined;
  const decoded = raw.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  return str(decoded);
}

/** Describes a body that is not JSON: HTML page, plain text, binary, or nothing. */
export function describeNonJson(body: Uint8Array, text: string, contentType: string): string | undefined {
  if (body.length === 0) return undefined;
  const type = contentType.split(';')[0]?.trim() || 'unknown type';
  if (/html/i.test(contentType) || /^\s*<(!doctype|html|head|body)/i.test(text)) {
    const title = htmlTitle(text);
    return title ? `The server sent an HTML page: "${cleanText(title, 200)}"` : 'The server sent an HTML page instead of JSON';
  }
  // Many NULs or replacement characters mean bytes, not text.
  const odd = (text.match(/[\u0000\ufffd]/g) ?? []).length;
  if (odd > text.length / 10) return `${body.length} bytes of ${type}`;
  return cleanText(text);
}

/**
 * Turns a platform error answer into an AppError: kind by status, a title in the user's words,
 * the platform's own message plus `METHOD path` as detail, field errors keyed by field path,
 * the platform's error code kept. Every known secret is scrubbed from the result.
 */
export function mapPlatformError(
  area: ApiArea,
  status: number,
  headers: Readonly<Record<string, string | undefined>>,
  body: Uint8Array,
  method: string,
  path: string,
  secrets: readonly string[] = [],
): AppError {
  const contentType = headerOf(headers, 'content-type') ?? '';
  const text = new TextDecoder('utf-8', { fatal: false }).decode(body.length > MAX_PARSE ? body.subarray(0, MAX_PARSE) : body);
  let parsed: unknown;
  let isJson = false;
  if (text.trim() !== '' && body.length <= MAX_PARSE) {
    try {
      parsed = JSON.parse(text) as unknown;
      isJson = true;
    } catch {
      isJson = false;
    }
  }
  const found: Extracted = isJson ? extract(parsed) : {};
  const message = found.message !== undefined ? cleanText(found.message) : isJson ? undefined : describeNonJson(body, text, contentType);

  let title = statusTitle(status);
  const hints: string[] = [];
  // The logging API's codes in the same words as the Logs screen's (shared/logs/log-error-texts.ts).
  const loggingTitle = area === 'logging' && found.code !== undefined && Object.hasOwn(LOG_ERROR_TEXTS, found.code) ? LOG_ERROR_TEXTS[found.code as keyof typeof LOG_ERROR_TEXTS].sentence.replace(/\.$/, '') : undefined;
  if (loggingTitle !== undefined) {
    title = `${loggingTitle} (${status})`;
  } else if (status === 401 && area === 'video') {
    title = 'The video library API key was not accepted (401)';
    hints.push("The Stream API takes the library's own API key, not the account key; set it for this library in the profile settings.");
  } else if (status === 401) {
    title = 'The account API key was not accepted (401)';
    hints.push('Check the API key in the profile settings.');
  } else if (found.fieldErrors !== undefined && (status === 400 || status === 422)) {
    title = `Some fields were not accepted (${status})`;
  }
  const retryAfter = headerOf(headers, 'retry-after');
  if ((status === 429 || status === 503) && retryAfter !== undefined) hints.push(`The server asks to wait before retrying (Retry-After: ${cleanText(retryAfter, 60)}).`);

  const where = `${method.toUpperCase()} ${cleanText(redactUrl(path), 300)}`;
  // The platform's message runs into our hints, so it needs a full stop of its own.
  const sentence = message !== undefined && hints.length > 0 && !/[.!?…]$/.test(message) ? `${message}.` : message;
  const detail = [sentence, ...hints].filter((p) => p !== undefined && p !== '').join(' ');
  const error = appError(kindForStatus(status), title, {
    detail: detail === '' ? where : `${detail} — ${where}`,
    status,
    ...(found.code !== undefined ? { code: cleanText(found.code, 100) } : {}),
    ...(found.fieldErrors !== undefined ? { fieldErrors: found.fieldErrors } : {}),
  });
  return redactError(error, secrets);
}
