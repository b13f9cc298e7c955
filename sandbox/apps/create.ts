/**
 * POST /apps, checked in this order: account suspended (403), media type (415), body size, content
 * coding and JSON (413, 415, 400), every field rule of the create request (400), the application limit
 * (409), then registries and regions the account knows (422); then the new application (201).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  addApplicationRequestSchema,
  toValidationErrors,
  unprocessableProblems,
} from '../../shared/apps/schema.js';
import { isRecord } from '../../shared/apps/json.js';
import type { SandboxContext } from '../context.js';
import { BodyError, canAnswer, header, jsonDepth, MAX_JSON_DEPTH, readBody, sendJson } from '../http.js';
import { buildApplication } from './model.js';
import { sendErrorDetails, sendProblem } from './replies.js';
import { NOT_DEPLOYED } from './running.js';
import type { AppStore } from './store.js';

/** The media types the platform's create endpoint consumes: application/json, text/json, application/*+json (any parameters). */
export function isAcceptedMediaType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return type === 'application/json' || type === 'text/json' || /^application\/[a-z0-9!#$&^_.-]+\+json$/.test(type);
}

/**
 * Reads a JSON object body the way the platform's JSON endpoints do: media type (415), size, content coding and
 * JSON (413, 415, 400), an object (400, naming `typeName`). Resolves undefined once it has answered a refusal.
 */
export async function readRequestObject(
  req: IncomingMessage,
  res: ServerResponse,
  typeName: string,
  received?: (raw: Buffer) => void,
): Promise<Record<string, unknown> | undefined> {
  const contentType = header(req, 'content-type');
  if (!isAcceptedMediaType(contentType)) {
    const what = contentType === undefined ? 'No Content-Type was sent' : `Content-Type '${contentType}' is not supported`;
    sendProblem(req, res, 415, `${what}; use application/json, text/json or application/*+json.`);
    return;
  }
  let raw: Buffer;
  try {
    raw = await readBody(req);
    received?.(raw);
  } catch (e) {
    if (!(e instanceof BodyError)) throw e;
    if (canAnswer(res)) sendErrorDetails(req, res, e.status, e.message);
    return;
  }
  const invalid = (message: string) => {
    sendErrorDetails(req, res, 400, 'See the errors for details.', [{ field: '$', message }]);
    return undefined;
  };
  if (raw.length === 0) return invalid('A non-empty request body is required.');
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch (e) {
    return invalid(`The request body is not valid JSON: ${(e as Error).message}`);
  }
  if (jsonDepth(body) > MAX_JSON_DEPTH) return invalid(`The request body nests deeper than ${MAX_JSON_DEPTH} levels.`);
  if (!isRecord(body)) return invalid(`The request body must be a JSON object (${typeName}).`);
  return body;
}

/** Handles POST /apps for an authenticated caller. */
export async function createApp(ctx: SandboxContext, store: AppStore, req: IncomingMessage, res: ServerResponse, received?: (raw: Buffer) => void): Promise<void> {
  if (ctx.accountSuspended) {
    sendErrorDetails(req, res, 403, 'User has invalid card or suspended.');
    return;
  }
  const body = await readRequestObject(req, res, 'AddApplicationRequest', received);
  if (body === undefined) return;

  const parsed = addApplicationRequestSchema.safeParse(body);
  if (!parsed.success) {
    sendErrorDetails(req, res, 400, 'See the errors for details.', toValidationErrors(parsed.error.issues));
    return;
  }
  if (store.size >= ctx.options.appLimit) {
    sendErrorDetails(req, res, 409, `Application count limit is reached (${ctx.options.appLimit} applications).`);
    return;
  }
  const problems = unprocessableProblems(parsed.data, {
    registryIds: ctx.seed.registries.map((r) => String(r.id)),
    regionIds: ctx.seed.regions.map((r) => r.id),
  });
  if (problems.length > 0) {
    sendErrorDetails(req, res, 422, 'The application cannot be created as requested.', problems);
    return;
  }
  const id = store.newId();
  store.add({ ...buildApplication(id, parsed.data, ctx.seed.registries, store.ids), run: NOT_DEPLOYED });
  sendJson(res, 201, { id }, { location: `${(req.url ?? '/').split('?')[0]}/${id}` });
}
