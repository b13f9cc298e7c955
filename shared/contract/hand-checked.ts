/**
 * The calls `burrow api` makes, checked by hand: the command must start without zod (`npm run bench cli-startup`),
 * so the router checks `console.raw` and the event bus `console.attempt` with these instead of the zod schemas in
 * ./console.ts, which stay the contract's declaration. hand-checked.property.test.ts keeps the two agreeing.
 */
import { API_METHODS, MAX_BODY_BYTES, MAX_PATH_LENGTH } from '../console/command-types.js';

export interface Issue {
  readonly path: PropertyKey[];
  readonly message: string;
}
/** What the router and the bus need of a schema; a zod schema is one too. */
export interface Checker {
  safeParse(value: unknown): { readonly success: true; readonly data: unknown } | { readonly success: false; readonly error: { readonly issues: readonly Issue[] } };
}

/** Checks a value at `path`, pushing what is wrong; returns the value (objects copied without unknown fields). */
type Rule = (value: unknown, path: PropertyKey[], issues: Issue[]) => unknown;

const rule =
  (test: (v: unknown) => boolean, message: string): Rule =>
  (v, path, issues) => (test(v) ? v : void issues.push({ path, message }));
const string = (min: number, max: number) => rule((v) => typeof v === 'string' && v.length >= min && v.length <= max, `must be a string of ${min} to ${max} characters`);
const text = rule((v) => typeof v === 'string', 'must be a string');
const number = rule((v) => typeof v === 'number' && Number.isFinite(v), 'must be a number');
const boolean = rule((v) => typeof v === 'boolean', 'must be true or false');
const oneOf = (values: readonly string[]) => rule((v) => values.includes(v as string), `must be one of ${values.join(', ')}`);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A record of `value`s. */
const record =
  (value: Rule): Rule =>
  (v, path, issues) =>
    isObject(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, value(x, [...path, k], issues)])) : void issues.push({ path, message: 'must be an object' });

/** An object of these fields (`name?` when it may be absent), without unknown ones; `strict` refuses those instead. */
function object(shape: Record<string, Rule>, strict = false): Rule {
  const fields = Object.entries(shape).map(([key, r]) => ({ name: key.replace(/\?$/, ''), optional: key.endsWith('?'), r }));
  return (v, path, issues) => {
    if (!isObject(v)) return void issues.push({ path, message: 'must be an object' });
    if (strict) for (const k of Object.keys(v)) if (!fields.some((f) => f.name === k)) issues.push({ path: [...path, k], message: 'is not a known field' });
    const out: Record<string, unknown> = {};
    for (const { name, optional, r } of fields) if (!(optional && v[name] === undefined)) out[name] = r(v[name], [...path, name], issues);
    return out;
  };
}

const checker = (r: Rule): Checker => ({
  safeParse(value) {
    const issues: Issue[] = [];
    const data = r(value, [], issues);
    return issues.length === 0 ? { success: true, data } : { success: false, error: { issues } };
  },
});

const headers = record((v, path, issues) => (Array.isArray(v) ? v.map((x, i) => text(x, [...path, i], issues)) : text(v, path, issues)));
const path = rule((v) => typeof v === 'string' && v.startsWith('/') && v.length <= MAX_PATH_LENGTH, `must start with / and be at most ${MAX_PATH_LENGTH} characters`);
/** ConsoleAttempt's fields (shared/console/model.ts), which `console.attempt` extends. */
const attempt = { attempt: number, 'status?': number, 'error?': text, retry: boolean, delayMs: number, reason: text };
const problem = object({ title: text, 'detail?': text, 'code?': text, 'fieldErrors?': record(text) });

/** `console.raw`'s input and output, `console.attempt`'s payload: see their zod schemas in ./console.ts. */
export const HAND_CHECKED = {
  methods: {
    'console.raw': {
      input: checker(
        object({ requestId: string(1, 100), method: oneOf(API_METHODS), path, 'body?': string(0, MAX_BODY_BYTES), 'area?': oneOf(['core', 'containers', 'video', 'logging']), 'verbose?': boolean }, true),
      ),
      output: checker(object({ status: number, 'contentType?': text, body: rule((v) => v instanceof Uint8Array, 'must be bytes'), truncated: boolean, 'problem?': problem })),
    },
  },
  events: {
    'console.attempt': checker(object({ ...attempt, requestId: text, method: text, url: text, requestHeaders: headers, 'responseHeaders?': headers })),
  },
} as const satisfies { readonly methods: Readonly<Record<string, { input: Checker; output: Checker }>>; readonly events: Readonly<Record<string, Checker>> };
