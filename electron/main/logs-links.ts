/**
 * Logs links (`burrow://logs?…`) handed to the app by the OS: on macOS as an `open-url` event, elsewhere on the
 * command line of the first start or of a second instance (which passes its arguments to the running one). Each
 * is passed to the core's link inbox, where the Logs screen takes it; links that arrive before the core exists
 * wait here and go in as soon as it does.
 */
import { LINK_SCHEME } from '../../shared/logs/link.js';

/** The link among command-line arguments (the last one, if several), or null. */
export function linkFromArgv(argv: readonly string[]): string | null {
  const prefix = `${LINK_SCHEME}://`;
  for (let i = argv.length - 1; i >= 0; i--) {
    const arg = argv[i]!;
    if (arg.slice(0, prefix.length).toLowerCase() === prefix) return arg;
  }
  return null;
}

/** The part of Electron's `app` the links need. */
export interface LinkSource {
  on(event: 'open-url', listener: (event: { preventDefault(): void }, url: string) => void): unknown;
  on(event: 'second-instance', listener: (event: unknown, argv: string[]) => void): unknown;
}

/** Listens for links (call before `ready`, as `open-url` may come first); `attach` names where they go. */
export function listenForLinks(app: LinkSource, argv: readonly string[]): { attach(deliver: (url: string) => void): void } {
  const waiting: string[] = [];
  let deliver: ((url: string) => void) | null = null;
  const arrive = (url: string) => {
    if (deliver) deliver(url);
    else waiting.push(url);
  };
  app.on('open-url', (event, url) => {
    event.preventDefault();
    arrive(url);
  });
  app.on('second-instance', (_event, args) => {
    const link = linkFromArgv(args);
    if (link !== null) arrive(link);
  });
  const first = linkFromArgv(argv);
  if (first !== null) arrive(first);
  return {
    attach(d) {
      deliver = d;
      for (const url of waiting.splice(0)) d(url);
    },
  };
}
