/**
 * Environment variables as `.env` text, pasted or read from a file, and back: `NAME=VALUE` lines with an
 * optional `export`, single- or double-quoted values, comments and blank lines. A text with any bad line gives
 * only its problems, so a paste is applied whole or not at all. Names that hold credentials are masked.
 */
import { showText } from '../console/command-shell.js';
import { isSecretName } from '../common/redact.js';

/** One environment variable, as the create request's environmentVariables takes it. */
export interface EnvRow {
  readonly name: string;
  readonly value: string;
}

/** A row read from text, with the 1-based line it came from. */
export interface EnvTextRow extends EnvRow {
  readonly line: number;
}

/** A name given on more than one line (the lines in order); every row is kept, the form flags them. */
export interface EnvDuplicate {
  readonly name: string;
  readonly lines: readonly number[];
}

/** A bad line: its 1-based number and the rule it breaks (the message starts with "Line N:"). */
export interface EnvTextProblem {
  readonly line: number;
  readonly message: string;
}

/** Every row, or every bad line and no rows at all. */
export type EnvTextParse =
  | { readonly ok: true; readonly rows: readonly EnvTextRow[]; readonly duplicates: readonly EnvDuplicate[] }
  | { readonly ok: false; readonly problems: readonly EnvTextProblem[] };

/** Letters, digits, `_`, `.` and `-`, not starting with a digit: what a container's environment accepts as a name. */
const NAME = /^[A-Za-z_.-][A-Za-z0-9_.-]*$/;
const NAME_RULE = 'a name must start with a letter, "_", "." or "-" and contain only letters, digits, "_", "." and "-"';
const BLANK = /^[ \t]*$/;
const EXPORT = /^export[ \t]+/;

/** Escapes a double-quoted value understands; a backslash before anything else stays as written. */
const ESCAPES: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\' };

type LineResult = { readonly row: EnvRow } | { readonly rule: string } | null;

/** After a closing quote only blanks and a comment may follow. */
function checkTail(tail: string, quote: string): string | undefined {
  const rest = tail.replace(/^[ \t]+/, '');
  if (rest === '' || rest.startsWith('#')) return undefined;
  return `unexpected text ${showText(rest, 20)} after the closing ${quote}; put a space and "#" before a comment`;
}

function doubleQuoted(text: string, column: number): { value: string } | { rule: string } {
  let value = '';
  for (let i = 1; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      const bad = checkTail(text.slice(i + 1), 'double quote');
      return bad ? { rule: bad } : { value };
    }
    if (c === '\\' && i + 1 < text.length) {
      const next = text[i + 1]!;
      value += ESCAPES[next] ?? `\\${next}`;
      i++;
    } else value += c;
  }
  return { rule: `the double quote at column ${column} is never closed; a quoted value ends on its own line (write a line break as \\n)` };
}

function singleQuoted(text: string, column: number): { value: string } | { rule: string } {
  const end = text.indexOf("'", 1);
  if (end === -1) return { rule: `the single quote at column ${column} is never closed; a quoted value ends on its own line` };
  const bad = checkTail(text.slice(end + 1), 'single quote');
  return bad ? { rule: bad } : { value: text.slice(1, end) };
}

/** An unquoted value ends at a `#` that follows a blank (`a#b` and `NAME=#a` keep theirs); blanks around it are dropped. */
function unquoted(text: string): string {
  let end = text.length;
  for (let i = 1; i < text.length; i++) {
    if (text[i] === '#' && (text[i - 1] === ' ' || text[i - 1] === '\t')) {
      end = i;
      break;
    }
  }
  return text.slice(0, end).replace(/^[ \t]+|[ \t]+$/g, '');
}

function parseLine(raw: string): LineResult {
  let text = raw.replace(/^[ \t]+/, '');
  if (text === '' || text.startsWith('#')) return null;
  text = text.replace(EXPORT, '');
  const eq = text.indexOf('=');
  if (eq === -1) return { rule: `expected NAME=VALUE, but there is no "=" in ${showText(text.trimEnd(), 30)}` };
  const name = text.slice(0, eq).replace(/[ \t]+$/, '');
  if (name === '') return { rule: 'the name before "=" is missing' };
  if (!NAME.test(name)) return { rule: `${showText(name, 30)} is not a valid name: ${NAME_RULE}` };
  const afterEq = text.slice(eq + 1);
  const value = afterEq.replace(/^[ \t]+/, '');
  const column = raw.length - value.length + 1;
  if (value.startsWith('"') || value.startsWith("'")) {
    const quoted = value.startsWith('"') ? doubleQuoted(value, column) : singleQuoted(value, column);
    return 'rule' in quoted ? quoted : { row: { name, value: quoted.value } };
  }
  // Given with its leading blanks, so `NAME= # note` is an empty value and a comment.
  return { row: { name, value: unquoted(afterEq) } };
}

/** Reads `.env` text into rows, flagging duplicate names, or reports every bad line (and then no rows). */
export function parseEnvText(text: string): EnvTextParse {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const rows: EnvTextRow[] = [];
  const problems: EnvTextProblem[] = [];
  const linesByName = new Map<string, number[]>();
  lines.forEach((raw, i) => {
    if (BLANK.test(raw)) return;
    const line = i + 1;
    const result = parseLine(raw);
    if (result === null) return;
    if ('rule' in result) {
      problems.push({ line, message: `Line ${line}: ${result.rule}.` });
      return;
    }
    rows.push({ ...result.row, line });
    const seen = linesByName.get(result.row.name);
    if (seen) seen.push(line);
    else linesByName.set(result.row.name, [line]);
  });
  if (problems.length > 0) return { ok: false, problems };
  const duplicates = [...linesByName].filter(([, at]) => at.length > 1).map(([name, at]) => ({ name, lines: at }));
  return { ok: true, rows, duplicates };
}

/** Values that need no quotes: nothing a reader could take for a quote, a comment, an escape or a blank. */
const BARE_VALUE = /^[A-Za-z0-9_@%+=:,./-]*$/;

/** One value as `.env` text: bare when safe, single-quoted when that is literal enough, else double-quoted with escapes. */
export function quoteEnvValue(value: string): string {
  if (BARE_VALUE.test(value)) return value;
  if (!/['\r\n]/.test(value)) return `'${value}'`;
  return `"${value.replace(/[\\"\n\r]/g, (c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : `\\${c}`))}"`;
}

/** Writes rows as `.env` text, one `NAME=VALUE` line each; reading it back gives the same rows. */
export function formatEnvText(rows: readonly EnvRow[]): string {
  return rows.map((r) => `${r.name}=${quoteEnvValue(r.value)}\n`).join('');
}

/**
 * True when the variable's value is masked until revealed: any name the app already treats as a credential
 * (the same rule as headers and JSON members), and any name ending in KEY, which in an environment nearly always
 * is one (`STRIPE_KEY`, `ENCRYPTION_KEY`). Case and separators (`_`, `-`, `.`) are ignored; `KEYCLOAK_URL` is not masked.
 */
export function isSecretEnvName(name: string): boolean {
  return isSecretName(name) || name.toLowerCase().replace(/[-_.\s]/g, '').endsWith('key');
}

/**
 * Values that are credentials by their look, whatever the variable is called: a URL whose user info holds a
 * password (`postgres://app:pw@db/x`, `redis://:pw@r:6379`), and the prefixes of well-known keys — Stripe
 * (`sk_live_`, `sk_test_`, `rk_live_`), GitHub (`ghp_`, `gho_`, `ghs_`, `github_pat_`), Slack (`xoxb-`, `xoxp-`),
 * AWS access keys (`AKIA` + 16) and PEM private keys.
 */
const SECRET_VALUE_SHAPES: readonly RegExp[] = [
  /[a-z][a-z0-9+.-]*:\/\/[^/?#@\s:]*:[^/?#@\s]+@/i,
  /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{4,}/,
  /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{10,}/,
  /\bgithub_pat_[A-Za-z0-9_]{10,}/,
  /\bxox[abpors]-[A-Za-z0-9-]{6,}/,
  /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/,
  /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----/,
];

/** True when a value reads as a credential by its content alone (see SECRET_VALUE_SHAPES). */
export function looksSecretValue(value: string): boolean {
  return SECRET_VALUE_SHAPES.some((shape) => shape.test(value));
}

/**
 * The one rule for an environment variable's value being a secret, in drafts, the form and the console history:
 * its name looks secret, or its value does.
 */
export function isSecretEnvVar(name: string, value: unknown): boolean {
  return isSecretEnvName(name) || (typeof value === 'string' && looksSecretValue(value));
}

/**
 * In a `{ name, value }` object (the keys in any letter case, as the platform's schemas write `Name`/`Value`), the key
 * holding the value when the pair is a secret by `isSecretEnvVar`; undefined otherwise.
 */
export function secretPairValueKey(o: Readonly<Record<string, unknown>>): string | undefined {
  const keys = Object.keys(o);
  const nameKey = keys.find((k) => k.toLowerCase() === 'name');
  const valueKey = keys.find((k) => k.toLowerCase() === 'value');
  if (nameKey === undefined || valueKey === undefined) return undefined;
  const name = o[nameKey];
  return typeof name === 'string' && isSecretEnvVar(name, o[valueKey]) ? valueKey : undefined;
}
