/**
 * An entry point's command or arguments typed as one line, split into the list the platform runs, and a list
 * joined back into a line. Splitting and quoting are the app's one rule for shell words (the raw request command
 * uses the same), so a line means here what it means in a POSIX shell: single quotes keep everything literally,
 * double quotes allow backslash escapes, a backslash outside quotes escapes the next character, blanks separate.
 * Nothing is expanded: `$HOME`, globs and `~` stay as written, for the container to interpret.
 */
import { shellQuote, tokenize } from '../console/command-shell.js';

/** Where the line breaks a quoting rule: a 1-based column (counting characters, not UTF-16 units) and the rule. */
export interface CommandLineProblem {
  readonly column: number;
  /** Starts with "Column N:". */
  readonly message: string;
}

/** The words of the line, or the first place it cannot be read. */
export type CommandLineSplit =
  | { readonly ok: true; readonly words: readonly string[] }
  | { readonly ok: false; readonly problem: CommandLineProblem };

function problemAt(line: string, position: number): CommandLineProblem {
  const column = [...line.slice(0, position)].length + 1;
  const at = line[position];
  const rule =
    at === "'"
      ? "this single quote is never closed; add a closing ' (inside single quotes every character is taken literally)"
      : at === '"'
        ? 'this double quote is never closed; add a closing "'
        : 'a backslash at the end escapes nothing; remove it, or write \\\\ for a backslash';
  return { column, message: `Column ${column}: ${rule}.` };
}

/** Splits one line into words by POSIX shell quoting; an empty or blank line is no words. */
export function splitCommandLine(line: string): CommandLineSplit {
  const result = tokenize(line);
  if (result.ok) return { ok: true, words: result.tokens };
  return { ok: false, problem: problemAt(line, result.error.position ?? line.length) };
}

/** Joins words into one line, quoting only the words that need it; splitting the line gives the same words back. */
export function joinCommandLine(words: readonly string[]): string {
  return words.map(shellQuote).join(' ');
}
