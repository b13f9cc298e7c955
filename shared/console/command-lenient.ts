/**
 * The app's command line is typed, not run by a shell: `--body {"a": 1}` without quotes can only mean that JSON. Before
 * the line is split into words, a body that starts with `{` or `[` right after `--body`/`-b` and runs to its closing
 * bracket (followed by the end of the line or a space) is quoted, so the shell rules read it whole. When that text
 * is not JSON, the JSON parser then says where it breaks (rather than the shell's words being wrong). Anything else
 * is left as typed: quoted bodies, and brackets that never close. The `burrow api` command keeps the shell's rules:
 * there the shell has split the words before Burrow sees them.
 */
import { containerEnd } from '../common/json-text.js';
import { shellQuote } from './command-shell.js';

const WHITESPACE = /\s/;

/** Where the value of a body flag starting a word at `i` begins, or -1 when no body flag starts there. */
function bodyValueStart(line: string, i: number): number {
  if (line.startsWith('--body=', i)) return i + 7;
  const flag = line.startsWith('--body', i) ? 6 : line.startsWith('-b', i) ? 2 : 0;
  if (flag === 0 || !WHITESPACE.test(line[i + flag] ?? '')) return -1;
  let j = i + flag;
  while (j < line.length && WHITESPACE.test(line[j]!)) j++;
  return j;
}

/** The line with every unquoted JSON object or array given to --body/-b put in single quotes. */
export function quoteBareJsonBodies(line: string): string {
  let out = '';
  let quote: string | null = null;
  let wordStart = true;
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (quote === null && wordStart) {
      const at = bodyValueStart(line, i);
      const open = line[at];
      if (at !== -1 && (open === '{' || open === '[')) {
        const end = containerEnd(line, at);
        if (end !== -1 && (end === line.length || WHITESPACE.test(line[end]!))) {
          out += line.slice(i, at) + shellQuote(line.slice(at, end));
          i = end;
          wordStart = false;
          continue;
        }
      }
    }
    out += c;
    i++;
    if (quote !== null) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i < line.length) out += line[i++]!;
      wordStart = false;
    } else if (c === '\\' && i < line.length) {
      out += line[i++]!;
      wordStart = false;
    } else if (c === "'" || c === '"') {
      quote = c;
      wordStart = false;
    } else wordStart = WHITESPACE.test(c);
  }
  return out;
}
