/**
 * Generated platform answers (fast-check) from the facts of the platform's OpenAPI documents in the committed
 * fixture `openapi-facts.json`: every answer the schemas allow, with the variety real services send — nulls
 * wherever a field is nullable, optional keys left out, keys the schema does not know, values beyond the
 * documented enums (another letter case, or a new word or number), boundary integers and date-times with
 * `Z`, with an offset and without a zone. On request, a share of the objects of a named schema is broken
 * (a required, non-nullable field null, of the wrong type, or missing), so readers can be checked to skip
 * and count such an item instead of failing the whole answer.
 */
import fc from 'fast-check';
import { componentSchema, readableBySchema, whyUnreadable, type OpenApiDoc } from './openapi.js';

export { readableBySchema, whyUnreadable, type OpenApiDoc };

/** How much variety the generated answers carry; each rate is a probability from 0 to 1. */
export interface AnswerOptions {
  /** Probability that a nullable value is null (default 0.2). */
  readonly nullRate?: number;
  /** Probability that an optional (non-required) key is left out (default 0.2). */
  readonly missingRate?: number;
  /** Probability that an object gains a key the schema does not know (default 0.2). */
  readonly extraKeyRate?: number;
  /** Probability that an enum-valued string or integer gets a value outside the enum (default 0.1). */
  readonly unknownEnumRate?: number;
  /**
   * Per component schema name: probability that one of its required, non-nullable properties is broken
   * (null, of the wrong type, or missing), e.g. `{ LogEntry: 0.1 }`. Nothing is broken by default.
   */
  readonly broken?: Readonly<Record<string, number>>;
  /** Most items in any generated array (default 4). */
  readonly maxItems?: number;
}

type Schema = { readonly [k: string]: unknown };

interface Settings {
  readonly doc: OpenApiDoc;
  readonly nullRate: number;
  readonly missingRate: number;
  readonly extraKeyRate: number;
  readonly unknownEnumRate: number;
  readonly broken: Readonly<Record<string, number>>;
  readonly maxItems: number;
}

/** Past this depth, nullable values are null, optional keys are left out and arrays are empty. */
const MAX_DEPTH = 8;

/** Names a later version of a service might add, and plain nonsense. */
const EXTRA_KEYS = ['ja4Fingerprint', 'asn', 'asnOrganization', 'NewField', 'zz_unknown', 'Extra'] as const;

const INT32_MAX = 2 ** 31 - 1;

function isSchema(v: unknown): v is Schema {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** True with probability `rate`. */
function chance(rate: number): fc.Arbitrary<boolean> {
  if (rate <= 0) return fc.constant(false);
  if (rate >= 1) return fc.constant(true);
  return fc.integer({ min: 0, max: 9_999 }).map((n) => n < rate * 10_000);
}

function refName(ref: string): string {
  const m = /^#\/components\/schemas\/(.+)$/.exec(ref);
  if (m === null) throw new Error(`openapi-arbitrary: unsupported $ref ${ref}`);
  return decodeURIComponent(m[1] ?? '');
}

/** Resolves `$ref` and folds `allOf` into one object schema (properties and required lists joined). */
function resolve(settings: Settings, schema: Schema): { schema: Schema; name?: string } {
  if (typeof schema['$ref'] === 'string') {
    const name = refName(schema['$ref']);
    return { schema: resolve(settings, componentSchema(settings.doc, name)).schema, name };
  }
  const allOf = schema['allOf'];
  if (Array.isArray(allOf)) {
    const parts = allOf.filter(isSchema).map((s) => resolve(settings, s).schema);
    const properties: Record<string, unknown> = {};
    const required: string[] = [];
    for (const part of [...parts, schema]) {
      if (isSchema(part['properties'])) Object.assign(properties, part['properties']);
      if (Array.isArray(part['required'])) required.push(...(part['required'] as string[]));
    }
    const rest = Object.fromEntries(Object.entries(schema).filter(([k]) => k !== 'allOf'));
    return { schema: { type: 'object', ...rest, properties, required } };
  }
  return { schema };
}

const DATE_TIMES = fc
  .tuple(
    fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 11, 31) }),
    fc.constantFrom('Z', '+00:00', '+02:00', '-05:30', '', 'z'),
    fc.constantFrom(0, 3, 7),
  )
  .map(([ms, zone, digits]) => {
    const iso = new Date(ms).toISOString(); // YYYY-MM-DDTHH:MM:SS.mmmZ
    const seconds = iso.slice(0, 19);
    const fraction = digits === 0 ? '' : `.${`${iso.slice(20, 23)}0000`.slice(0, digits)}`;
    return `${seconds}${fraction}${zone}`;
  });

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const format = schema['format'];
  if (format === 'date-time') return DATE_TIMES;
  if (format === 'uuid' || format === 'guid') return fc.uuid();
  if (format === 'uri' || format === 'url') return fc.webUrl();
  if (format === 'email') return fc.emailAddress();
  if (format === 'ipv4') return fc.ipV4();
  const minLength = typeof schema['minLength'] === 'number' ? schema['minLength'] : 0;
  const maxLength = typeof schema['maxLength'] === 'number' ? Math.min(schema['maxLength'], minLength + 24) : minLength + 24;
  if (typeof schema['pattern'] === 'string') {
    const pattern = new RegExp(schema['pattern']);
    return fc.stringMatching(pattern).filter((s) => s.length >= minLength && s.length <= (typeof schema['maxLength'] === 'number' ? schema['maxLength'] : Infinity));
  }
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    // Text with letters of every case, spaces, and the odd control or non-Latin character.
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength, maxLength }) },
  );
}

function integerArbitrary(schema: Schema): fc.Arbitrary<number> {
  const int32 = schema['format'] === 'int32';
  let min = typeof schema['minimum'] === 'number' ? schema['minimum'] : int32 ? -(2 ** 31) : Number.MIN_SAFE_INTEGER;
  let max = typeof schema['maximum'] === 'number' ? schema['maximum'] : int32 ? INT32_MAX : Number.MAX_SAFE_INTEGER;
  if (schema['exclusiveMinimum'] === true) min += 1;
  if (schema['exclusiveMaximum'] === true) max -= 1;
  if (typeof schema['exclusiveMinimum'] === 'number') min = schema['exclusiveMinimum'] + 1;
  if (typeof schema['exclusiveMaximum'] === 'number') max = schema['exclusiveMaximum'] - 1;
  const bounds = [min, max, 0, -1, 1, INT32_MAX, Number.MAX_SAFE_INTEGER].filter((n) => n >= min && n <= max);
  return fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...bounds) }, { weight: 3, arbitrary: fc.integer({ min: Math.max(min, -1e6), max: Math.min(max, 1e6) }) });
}

function numberArbitrary(schema: Schema): fc.Arbitrary<number> {
  const min = typeof schema['minimum'] === 'number' ? schema['minimum'] : -1e9;
  const max = typeof schema['maximum'] === 'number' ? schema['maximum'] : 1e9;
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** A value beyond an enum: a known value in another letter case, a new word, or a new number. */
function unknownEnumValue(values: readonly unknown[]): fc.Arbitrary<unknown> {
  const strings = values.filter((v): v is string => typeof v === 'string');
  const numbers = values.filter((v): v is number => typeof v === 'number');
  if (numbers.length > 0 && strings.length === 0) {
    const top = Math.max(...numbers);
    return fc.integer({ min: top + 1, max: top + 100 });
  }
  const known = new Set(strings);
  const recased = strings.flatMap((s) => [s.toLowerCase(), s.toUpperCase()]).filter((s) => !known.has(s));
  const fresh = fc.constantFrom('SomethingNew', 'FUTURE_VALUE', 'unknown-kind').filter((s) => !known.has(s));
  return recased.length === 0 ? fresh : fc.oneof(fc.constantFrom(...recased), fresh);
}

function withNull(settings: Settings, schema: Schema, inner: fc.Arbitrary<unknown>, depth: number): fc.Arbitrary<unknown> {
  if (schema['nullable'] !== true) return inner;
  if (depth > MAX_DEPTH) return fc.constant(null);
  return chance(settings.nullRate).chain((isNull) => (isNull ? fc.constant(null) : inner));
}

function objectArbitrary(settings: Settings, schema: Schema, name: string | undefined, depth: number): fc.Arbitrary<unknown> {
  const properties = isSchema(schema['properties']) ? schema['properties'] : {};
  const required = new Set(Array.isArray(schema['required']) ? (schema['required'] as string[]) : []);
  const names = Object.keys(properties);
  if (names.length === 0) {
    // A map (its values follow additionalProperties) or a free-form object: a few small entries.
    const values = isSchema(schema['additionalProperties']) ? valueArbitrary(settings, schema['additionalProperties'], depth + 1) : fc.jsonValue({ maxDepth: 1 });
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), values, { maxKeys: depth > MAX_DEPTH ? 0 : 3 });
  }
  const values = names.map((key) => {
    const prop = properties[key];
    const value = isSchema(prop) ? valueArbitrary(settings, prop, depth + 1) : fc.jsonValue({ maxDepth: 1 });
    const keep = required.has(key) ? fc.constant(true) : depth > MAX_DEPTH ? fc.constant(false) : chance(1 - settings.missingRate);
    return fc.tuple(keep, value);
  });
  const extra = fc.tuple(chance(settings.extraKeyRate), fc.constantFrom(...EXTRA_KEYS.filter((k) => !(k in properties))), fc.jsonValue({ maxDepth: 1 }));
  // The properties a broken object may lose: required ones that may not be null.
  const breakable = names.filter((key) => {
    const prop = properties[key];
    return required.has(key) && isSchema(prop) && prop['nullable'] !== true && resolveNullable(settings, prop) !== true;
  });
  const breakRate = name === undefined ? 0 : (settings.broken[name] ?? 0);
  const breakage =
    breakRate > 0 && breakable.length > 0
      ? fc.tuple(chance(breakRate), fc.constantFrom(...breakable), fc.constantFrom('null', 'wrong-type', 'missing'))
      : fc.constant([false, '', 'null'] as const);
  return fc.tuple(fc.tuple(...values), extra, breakage).map(([entries, [addExtra, extraKey, extraValue], [doBreak, brokenKey, how]]) => {
    const out: Record<string, unknown> = {};
    names.forEach((key, i) => {
      const [keep, value] = entries[i] as [boolean, unknown];
      if (keep) out[key] = value;
    });
    if (addExtra) out[extraKey] = extraValue;
    if (doBreak) {
      if (how === 'missing') delete out[brokenKey];
      else if (how === 'null') out[brokenKey] = null;
      else out[brokenKey] = wrongTypeFor(settings, properties[brokenKey]);
    }
    return out;
  });
}

function resolveNullable(settings: Settings, schema: Schema): boolean {
  return resolve(settings, schema).schema['nullable'] === true;
}

/** A value of another JSON type than the schema asks for. */
function wrongTypeFor(settings: Settings, prop: unknown): unknown {
  const type = isSchema(prop) ? resolve(settings, prop).schema['type'] : undefined;
  if (type === 'string') return 12;
  if (type === 'integer' || type === 'number') return 'twelve';
  if (type === 'boolean') return 'yes';
  if (type === 'array') return { not: 'an array' };
  return 'not an object';
}

function valueArbitrary(settings: Settings, raw: Schema, depth: number): fc.Arbitrary<unknown> {
  const { schema, name } = resolve(settings, raw);
  // A $ref beside `nullable` (OpenAPI 3.0 allows only siblings by convention) makes the value nullable too.
  const nullable = raw['nullable'] === true || schema['nullable'] === true ? { ...schema, nullable: true } : schema;
  const choices = schema['anyOf'] ?? schema['oneOf'];
  const enumBranches = Array.isArray(choices) ? enumOfBranches(settings, choices) : undefined;
  if (enumBranches !== undefined) {
    // An enum written as one branch per value (as the Stream document does).
    return valueArbitrary(settings, { ...nullable, oneOf: undefined, anyOf: undefined, enum: enumBranches }, depth);
  }
  if (Array.isArray(choices)) {
    const branches = choices.filter(isSchema).map((s) => valueArbitrary(settings, s, depth + 1));
    return withNull(settings, nullable, fc.oneof(...branches), depth);
  }
  const values = schema['enum'];
  if (Array.isArray(values) && values.length > 0) {
    const known = values.filter((v) => v !== null);
    const inner = chance(settings.unknownEnumRate).chain((unknown) => (unknown ? unknownEnumValue(known) : fc.constantFrom(...known)));
    return withNull(settings, nullable, inner, depth);
  }
  let inner: fc.Arbitrary<unknown>;
  switch (schema['type']) {
    case 'string':
      inner = stringArbitrary(schema);
      break;
    case 'integer':
      inner = integerArbitrary(schema);
      break;
    case 'number':
      inner = numberArbitrary(schema);
      break;
    case 'boolean':
      inner = fc.boolean();
      break;
    case 'array': {
      const items = isSchema(schema['items']) ? valueArbitrary(settings, schema['items'], depth + 1) : fc.jsonValue({ maxDepth: 1 });
      const minLength = typeof schema['minItems'] === 'number' ? schema['minItems'] : 0;
      const maxLength = depth > MAX_DEPTH ? minLength : Math.max(minLength, Math.min(settings.maxItems, typeof schema['maxItems'] === 'number' ? schema['maxItems'] : settings.maxItems));
      inner = schema['uniqueItems'] === true ? fc.uniqueArray(items, { minLength, maxLength, selector: (v) => JSON.stringify(v) }) : fc.array(items, { minLength, maxLength });
      break;
    }
    case 'object':
    case undefined:
      inner = objectArbitrary(settings, schema, name, depth);
      break;
    default:
      inner = fc.jsonValue({ maxDepth: 1 });
  }
  return withNull(settings, nullable, inner, depth);
}

/** The values of an enum written as branches that each allow one value; undefined for other choices. */
function enumOfBranches(settings: Settings, choices: readonly unknown[]): unknown[] | undefined {
  const values: unknown[] = [];
  for (const choice of choices) {
    if (!isSchema(choice)) return undefined;
    const branch = resolve(settings, choice).schema;
    const own = branch['enum'];
    if (Array.isArray(own)) values.push(...own);
    else {
      const nested = branch['oneOf'] ?? branch['anyOf'];
      const inner = Array.isArray(nested) ? enumOfBranches(settings, nested) : undefined;
      if (inner === undefined) return undefined;
      values.push(...inner);
    }
  }
  return values.length > 0 ? values : undefined;
}

/**
 * Answers for one component schema of one platform document, with the variety `options` asks for.
 * Throws when the document or schema is not in the fixture.
 */
export function answerArbitrary(doc: OpenApiDoc, schemaName: string, options: AnswerOptions = {}): fc.Arbitrary<unknown> {
  const settings: Settings = {
    doc,
    nullRate: options.nullRate ?? 0.2,
    missingRate: options.missingRate ?? 0.2,
    extraKeyRate: options.extraKeyRate ?? 0.2,
    unknownEnumRate: options.unknownEnumRate ?? 0.1,
    broken: options.broken ?? {},
    maxItems: options.maxItems ?? 4,
  };
  return valueArbitrary(settings, { $ref: `#/components/schemas/${encodeURIComponent(schemaName)}` }, 0);
}
