/** The container platform's error bodies: ErrorDetails for most failures, ProblemDetails for 401/405/415. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ValidationError } from '../../shared/apps/schema.js';
import { sendJson } from '../http.js';

const PROBLEM_TYPES: Readonly<Record<number, string>> = {
  401: 'https://tools.ietf.org/html/rfc9110#section-15.5.2',
  405: 'https://tools.ietf.org/html/rfc9110#section-15.5.6',
  415: 'https://tools.ietf.org/html/rfc9110#section-15.5.16',
};

const TITLES: Readonly<Record<number, string>> = {
  400: 'One or more validation errors occurred.',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
};

const PROBLEM_JSON = 'application/problem+json; charset=utf-8';

function instanceOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** Sends ErrorDetails `{title, status, detail, instance, errors?}`. */
export function sendErrorDetails(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  detail: string,
  errors?: readonly ValidationError[],
): void {
  const body = { title: TITLES[status] ?? 'Error', status, detail, instance: instanceOf(req), ...(errors ? { errors } : {}) };
  sendJson(res, status, body, {}, PROBLEM_JSON);
}

/** Sends RFC 7807 ProblemDetails, which the platform uses for 401 and for framework-level refusals. */
export function sendProblem(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  detail: string,
  headers: Record<string, string> = {},
): void {
  const body = { type: PROBLEM_TYPES[status] ?? null, title: TITLES[status] ?? 'Error', status, detail, instance: instanceOf(req) };
  sendJson(res, status, body, headers, PROBLEM_JSON);
}
