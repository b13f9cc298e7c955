/** The word splitting the subcommands share: which words are flags, which take a value, and where --help is. */

/** What a command accepts: flags that take a value (`--x v` or `--x=v`) and flags that stand alone. */
export interface FlagSpec {
  readonly values: ReadonlySet<string>;
  readonly booleans: ReadonlySet<string>;
  /** Words that look like flags but are operands (a negative-looking zone id, say). */
  readonly operand?: (word: string) => boolean;
}

/** The words split: operands in order, flag values in order (a flag given twice appears twice), standalone flags. */
export interface SplitWords {
  readonly operands: readonly string[];
  readonly values: readonly (readonly [flag: string, value: string])[];
  readonly booleans: ReadonlySet<string>;
}

/** True when --help or -h is among the words (a flag's value is not looked at; `--` ends the flags). */
export function wantsHelpIn(args: readonly string[], values: ReadonlySet<string>): boolean {
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') return false;
    if (a === '--help' || a === '-h') return true;
    if (a !== undefined && values.has(a)) i++;
  }
  return false;
}

/** Splits the words; `--` makes every later word an operand, and a lone `-` is one. */
export function splitFlags(args: readonly string[], spec: FlagSpec): { ok: true; words: SplitWords } | { ok: false; message: string } {
  const operands: string[] = [];
  const values: [string, string][] = [];
  const booleans = new Set<string>();
  let flagsEnded = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i] ?? '';
    if (flagsEnded || !word.startsWith('-') || word === '-' || spec.operand?.(word) === true) {
      operands.push(word);
      continue;
    }
    if (word === '--') {
      flagsEnded = true;
      continue;
    }
    const eq = word.indexOf('=');
    const name = eq === -1 ? word : word.slice(0, eq);
    if (spec.booleans.has(name)) {
      if (eq !== -1) return { ok: false, message: `${name} takes no value` };
      booleans.add(name);
      continue;
    }
    if (!spec.values.has(name)) return { ok: false, message: `unknown option ${JSON.stringify(name)}` };
    const value = eq === -1 ? args[++i] : word.slice(eq + 1);
    if (value === undefined) return { ok: false, message: `${name} needs a value` };
    values.push([name === '-p' ? '--profile' : name, value]);
  }
  return { ok: true, words: { operands, values, booleans } };
}
