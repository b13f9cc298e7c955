/**
 * Validates sandbox responses (ajv 8) against the facts of the platform's OpenAPI 3.0 documents kept in
 * the committed fixture `openapi-facts.json` beside this file (made by scripts/openapi-fixture.mjs; its
 * sources and their versions are in `openapi-facts.md`). Nothing outside the repository is read.
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

/** Which platform document a response belongs to. */
export type OpenApiDoc = 'magic-containers' | 'stream' | 'core' | 'logging';

/** The committed fixture: one pruned OpenAPI document per platform document. */
export const FIXTURE_URL = new URL('./openapi-facts.json', import.meta.url);

type Json = null | boolean | number | string | readonly Json[] | { readonly [k: string]: Json };
type JsonObject = { readonly [k: string]: Json };

// OpenAPI-only annotations ajv does not know; they never affect validity.
const DROPPED = new Set(['example', 'xml', 'externalDocs', 'discriminator', 'nullable']);
const SCHEMA_ARRAYS = new Set(['allOf', 'anyOf', 'oneOf']);
const SCHEMA_SINGLE = new Set(['items', 'not', 'additionalProperties']);

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Turns one OpenAPI 3.0 schema into JSON Schema draft-07: `nullable` becomes a null
 * alternative, boolean exclusive bounds become numeric ones, and component refs point
 * into the document's registered definitions.
 */
function convertSchema(schema: Json, docId: string, liberal = false): Json {
  if (!isObject(schema)) return schema;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DROPPED.has(key)) continue;
    // A liberal reader ignores keys it does not know and keeps values beyond the documented enums.
    if (liberal && (key === 'enum' || (key === 'additionalProperties' && value === false))) continue;
    if (key === '$ref' && typeof value === 'string') {
      out[key] = value.replace(/^#\/components\/schemas\//, `${docId}#/definitions/`);
    } else if (key === 'properties' && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, convertSchema(v, docId, liberal)]));
    } else if (SCHEMA_ARRAYS.has(key) && Array.isArray(value)) {
      // Without their enums, the branches of an enum written as oneOf all match: a liberal reader needs any one.
      out[liberal && key === 'oneOf' ? 'anyOf' : key] = (value as readonly Json[]).map((v) => convertSchema(v, docId, liberal));
    } else if (SCHEMA_SINGLE.has(key)) {
      out[key] = convertSchema(value, docId, liberal);
    } else {
      out[key] = value;
    }
  }
  for (const bound of ['Minimum', 'Maximum'] as const) {
    const flag = out[`exclusive${bound}`];
    if (typeof flag === 'boolean') {
      const limit = out[bound.toLowerCase()];
      delete out[`exclusive${bound}`];
      if (flag && typeof limit === 'number') {
        out[`exclusive${bound}`] = limit;
        delete out[bound.toLowerCase()];
      }
    }
  }
  if (schema['nullable'] !== true) return out;
  if (typeof out['type'] === 'string') {
    out['type'] = [out['type'], 'null'];
    if (Array.isArray(out['enum'])) out['enum'] = [...(out['enum'] as readonly Json[]), null];
    return out;
  }
  return { anyOf: [out, { type: 'null' }] };
}

/** One component schema of a document as it appears in the fixture (facts only). */
export function componentSchema(name: OpenApiDoc, schemaName: string): JsonObject {
  const components = documentOf(name)['components'];
  const schemas = isObject(components) ? components['schemas'] : undefined;
  const schema = isObject(schemas) ? schemas[schemaName] : undefined;
  if (!isObject(schema)) throw new Error(`openapi-facts.json: ${name} has no schema "${schemaName}"`);
  return schema;
}

interface LoadedDoc {
  readonly doc: JsonObject;
  readonly ajv: Ajv;
  readonly validators: Map<string, ValidateFunction | string>;
}

const loaded = new Map<OpenApiDoc, LoadedDoc>();
const loadedLiberal = new Map<OpenApiDoc, LoadedDoc>();
let fixture: JsonObject | undefined;

function documentOf(name: OpenApiDoc): JsonObject {
  fixture ??= JSON.parse(readFileSync(FIXTURE_URL, 'utf8')) as JsonObject;
  const documents = fixture['documents'];
  const doc = isObject(documents) ? documents[name] : undefined;
  if (!isObject(doc)) throw new Error(`openapi-facts.json has no document "${name}"`);
  return doc;
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// .NET services often omit the zone (`2024-01-01T00:00:00`); RFC 3339 strictness would reject real answers.
const DATE_TIME = /^\d{4}-[01]\d-[0-3]\d[tT ][0-2]\d:[0-5]\d:[0-6]\d(?:\.\d+)?(?:[zZ]|[+-]\d\d(?::?\d\d)?)?$/;

function load(name: OpenApiDoc, liberal = false): LoadedDoc {
  const cache = liberal ? loadedLiberal : loaded;
  const cached = cache.get(name);
  if (cached) return cached;
  const doc = documentOf(name);
  const ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false, logger: false });
  addFormats(ajv);
  ajv.addFormat('date-time', DATE_TIME);
  ajv.addFormat('guid', GUID);
  ajv.addFormat('uuid', GUID);
  ajv.addFormat('decimal', { type: 'number', validate: (n: number) => Number.isFinite(n) });
  const components = isObject(doc['components']) ? doc['components'] : {};
  const schemas = isObject(components['schemas']) ? components['schemas'] : {};
  const definitions = Object.fromEntries(Object.entries(schemas).map(([k, v]) => [k, convertSchema(v, name, liberal)]));
  ajv.addSchema({ $id: name, definitions });
  const entry: LoadedDoc = { doc, ajv, validators: new Map() };
  cache.set(name, entry);
  return entry;
}

/**
 * True when `value` conforms to one component schema once keys the schema does not know and values
 * beyond its enums are allowed: what a liberal reader of the platform must accept.
 */
export function readableBySchema(name: OpenApiDoc, schemaName: string, value: unknown): boolean {
  return whyUnreadable(name, schemaName, value).length === 0;
}

/** Why a liberal reader may refuse `value` (readable errors; [] when it must accept it). */
export function whyUnreadable(name: OpenApiDoc, schemaName: string, value: unknown): string[] {
  const { ajv, validators } = load(name, true);
  const key = `#${schemaName}`;
  let validate = validators.get(key);
  if (validate === undefined) {
    componentSchema(name, schemaName);
    validate = ajv.compile({ $ref: `${name}#/definitions/${schemaName}` });
    validators.set(key, validate);
  }
  if (typeof validate === 'string') throw new Error(validate);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${schemaName}${e.instancePath} ${e.message ?? 'is invalid'}`);
}

function pickResponse(responses: JsonObject, status: number): Json | undefined {
  return responses[String(status)] ?? responses[`${Math.floor(status / 100)}XX`] ?? responses['default'];
}

function pickSchema(response: JsonObject): Json | undefined | null {
  const content = response['content'];
  if (!isObject(content) || Object.keys(content).length === 0) return null;
  const media =
    content['application/json'] ?? content['text/json'] ?? Object.values(content)[0];
  return isObject(media) ? media['schema'] : undefined;
}

/** Finds (and caches) the validator for one response; a string is the reason there is none. */
function validatorFor(docName: OpenApiDoc, method: string, pathTemplate: string, status: number): ValidateFunction | string | null {
  const { doc, ajv, validators } = load(docName);
  const key = `${method.toLowerCase()} ${pathTemplate} ${status}`;
  const hit = validators.get(key);
  if (hit !== undefined) return hit;
  let result: ValidateFunction | string | null;
  const paths = isObject(doc['paths']) ? doc['paths'] : {};
  const item = paths[pathTemplate];
  const operation = isObject(item) ? item[method.toLowerCase()] : undefined;
  const responses = isObject(operation) ? operation['responses'] : undefined;
  const response = isObject(responses) ? pickResponse(responses, status) : undefined;
  if (!isObject(item)) result = `${docName}: unknown path ${pathTemplate}`;
  else if (!isObject(operation)) result = `${docName}: no ${method.toUpperCase()} on ${pathTemplate}`;
  else if (!isObject(response)) result = `${docName}: ${method.toUpperCase()} ${pathTemplate} declares no ${status} response`;
  else {
    const schema = pickSchema(response);
    if (schema === null) result = null;
    else if (schema === undefined) result = `${docName}: ${method.toUpperCase()} ${pathTemplate} ${status} has no schema`;
    else result = ajv.compile(convertSchema(schema, docName) as object);
  }
  if (result !== null) validators.set(key, result);
  return result;
}

/**
 * Checks a response body against the platform's OpenAPI document. Returns [] when it
 * conforms, otherwise readable errors (an undeclared path, method or status is an error too).
 */
export function validateResponse(
  doc: OpenApiDoc,
  method: string,
  pathTemplate: string,
  status: number,
  body: unknown,
): string[] {
  const validator = validatorFor(doc, method, pathTemplate, status);
  const where = `${method.toUpperCase()} ${pathTemplate} ${status}`;
  if (typeof validator === 'string') return [validator];
  if (validator === null) {
    return body === undefined || body === null || body === '' ? [] : [`${where}: declares no body, got one`];
  }
  if (validator(body)) return [];
  return (validator.errors ?? []).map((e) => {
    const extra = isObject(e.params as Json) && 'additionalProperty' in e.params ? ` (${String(e.params['additionalProperty'])})` : '';
    const allowed = 'allowedValues' in e.params ? ` ${JSON.stringify(e.params['allowedValues'])}` : '';
    return `${where}: ${e.instancePath || '(body)'} ${e.message ?? 'is invalid'}${extra}${allowed}`;
  });
}
