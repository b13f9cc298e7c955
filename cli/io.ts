/** What a command reads and writes: the process's streams and environment, passed in so the commands say what they touch. */
import { redactText } from '../shared/common/redact.js';
import { escapeForTerminal } from './output.js';

/** A stream we write to; `isTTY` decides between raw bytes and escaped text. */
export interface OutStream {
  readonly isTTY?: boolean;
  write(chunk: string | Uint8Array): boolean;
}

/** The process seen by a command. */
export interface CliIo {
  readonly stdin: NodeJS.ReadableStream & { readonly isTTY?: boolean; destroy?: () => void };
  readonly stdout: OutStream;
  readonly stderr: OutStream;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly home: string;
}

/** Exit statuses of every command. */
export const EXIT = { ok: 0, http: 1, usage: 2, network: 3 } as const;

/** The exit status of a command stopped by a signal: 128 plus the signal's number, as shells report it. */
export const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 } as const;

/** Writes lines to stderr with every known secret scrubbed, escaped when stderr is a terminal. */
export function createErrorWriter(io: CliIo, secrets: () => readonly string[]): (line: string) => void {
  return (line) => {
    const clean = redactText(line, secrets());
    io.stderr.write(`${io.stderr.isTTY === true ? escapeForTerminal(clean) : clean}\n`);
  };
}
