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
export type Parsed = { readonly success: true; readonly data: unknown } | { readonly success: false; readonly error: { readonly issues: readonly Issue[] } };
/** What the router and the bus need of a schema; a zod schema is one too. */
export interface Checker {
  safeParse(value: unknown): Parsed;
}

type Rule = ((value: unknown, path: PropertyKey[], issues: Issue[]) => unknown) & { readonly optional?: true };

const rule =
  (test: (v: unknown) => boolean, message: string): Rule =>
  (v, path, issues) => (test(v) ? v : void issues.push({ path, message }));
const string = (min: number, max: number) => rule((v) => typeof v === 'string' && v.length >= min && v.length <= max, `must be a string of ${min} to ${max} characters`);
const text = rule((v) => typeof v === 'string', 'must be a string');
const number = rule((v) => typeof v === 'number' && Number.isFinite(v), 'must be a number');
const boolean = rule((v) => typeof v === 'boolean', 'must be true or false');
const oneOf = (values: readonly string[]) => rule((v) => values.includes(v as string), `must be one of ${values.join(', ')}`);
const optional = (r: Rule): Rule => Object.assign((v: unknown, path: PropertyKey[], issues: Issue[]) => r(v, path, issues), { optional: true as const });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A record of `value`s, copied. */
function record(value: Rule): Rule {
  return (v, path, issues) => {
    if (!isObject(v)) return void issues.push({ path, message: 'must be an object' });
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, value(x, [...path, k], issues)]));
  };
}

/** An object of these fields, copied without unknown ones; `strict` refuses unknown ones instead. */
function object(shape: Record<string, Rule>, strict = false): Rule {
  return (v, path, issues) => {
    if (!isObject(v)) return void issues.push({ path, message: 'must be an object' });
    if (strict) for (const k of Object.keys(v)) if (!(k in shape)) issues.push({ path: [...path, k], message: 'is not a known field' });
    const out: Record<string, unknown> = {};
    for (const [k, r] of Object.entries(shape)) if (!(r.optional && v[k] === undefined)) out[k] = r(v[k], [...path, k], issues);
    return out;
  };
}

function checker(r: Rule): Checker {
  return {
    safeParse(value) {
      const issues: Issue[] = [];
      const data = r(value, [], issues);
      return issues.length === 0 ? { success: true, data } : { success: false, error: { issues } };
    },
  };
}

const headers = record((v, path, issues) => (Array.isArray(v) ? v.map((x, i) => text(x, [...path, i], issues)) : text(v, path, issues)));

/** `console.raw`'s input and output, `console.attempt`'s payload: see their zod schemas in ./console.ts. */
export const HAND_CHECKED = {
  methods: {
    'console.raw': {
      input: checker(
        object(
          {
            requestId: string(1, 100),
            method: oneOf(API_METHODS),
            path: rule((v) => typeof v === 'string' && v.startsWith('/') && v.length <= MAX_PATH_LENGTH, `must start with / and be at most ${MAX_PATH_LENGTH} characters`),
            body: optional(string(0, MAX_BODY_BYTES)),
            area: optional(oneOf(['core', 'containers', 'video', 'logging'])),
            verbose: optional(boolean),
          },
          true,
        ),
      ),
      output: checker(
        object({
          status: number,
          contentType: optional(text),
          body: rule((v) => v instanceof Uint8Array, 'must be bytes'),
          truncated: boolean,
          problem: optional(object({ title: text, detail: optional(text), code: optional(text), fieldErrors: optional(record(text)) })),
        }),
      ),
    },
  },
  events: {
    'console.attempt': checker(
      object({
        requestId: text,
        attempt: number,
        method: text,
        url: text,
        requestHeaders: headers,
        status: optional(number),
        responseHeaders: optional(headers),
        error: optional(text),
        retry: boolean,
        delayMs: number,
        reason: text,
      }),
    ),
  },
} as const satisfies { readonly methods: Readonly<Record<string, { input: Checker; output: Checker }>>; readonly events: Readonly<Record<string, Checker>> };
