/** The environment variables `burrow` reads, and the "Environment:" section each command's help ends with. */

/** Every variable a command may read, with what it sets. */
export const VARIABLES = {
  BUNNYNET_API_KEY: 'the account key, when --api-key is not given',
  BUNNYNET_API_URL: 'the core API (default https://api.bunny.net)',
  BUNNYNET_LIBRARY_KEY: "a video library's key, when --library-key is not given",
  BUNNYNET_LOGGING_TOKEN: 'a logging token, when --token is not given',
  BURROW_CONTAINERS_URL: 'the container API, when --containers-url is not given (default https://api.bunny.net/mc)',
  BURROW_VIDEO_URL: 'Stream, when --video-url is not given (default https://video.bunnycdn.com)',
  BURROW_LOGGING_URL: 'the logging API, when --logging-url is not given (default https://logging.bunnycdn.com)',
  BURROW_STATE_DIR: "the folder of the command line's upload queue",
  XDG_STATE_HOME: 'the queue is $XDG_STATE_HOME/burrow/cli-uploads when BURROW_STATE_DIR is unset',
  XDG_CONFIG_HOME: 'the bunny.net CLI config file is looked for first as $XDG_CONFIG_HOME/bunnynet.json',
  TZ: 'the time zone a --day is read in (without --utc)',
  TMPDIR: 'where a sandbox without --data-dir keeps its files while it runs',
  HTTPS_PROXY: 'a proxy for https requests (HTTP_PROXY for http; NO_PROXY names hosts reached directly; lower case wins)',
} as const;

/** A variable's name. */
export type Variable = keyof typeof VARIABLES;

/** What reaching the platform reads: the key, the core API's URL, the config file and the proxy. */
const REACH: readonly Variable[] = ['BUNNYNET_API_KEY', 'BUNNYNET_API_URL', 'XDG_CONFIG_HOME', 'HTTPS_PROXY'];

/** The variables each command reads, by the words that name the command. */
export const COMMAND_VARIABLES = {
  api: [...REACH, 'BURROW_CONTAINERS_URL', 'BURROW_VIDEO_URL', 'BURROW_LOGGING_URL'],
  apps: [...REACH, 'BURROW_CONTAINERS_URL'],
  logs: [...REACH, 'BUNNYNET_LOGGING_TOKEN', 'BURROW_LOGGING_URL', 'TZ'],
  'videos upload': [...REACH, 'BUNNYNET_LIBRARY_KEY', 'BURROW_VIDEO_URL', 'BURROW_STATE_DIR', 'XDG_STATE_HOME'],
  'videos fetch': [...REACH, 'BUNNYNET_LIBRARY_KEY', 'BURROW_VIDEO_URL'],
  'videos list': [...REACH, 'BUNNYNET_LIBRARY_KEY', 'BURROW_VIDEO_URL'],
  'videos stats': [...REACH, 'BUNNYNET_LOGGING_TOKEN', 'BURROW_LOGGING_URL'],
  'videos top': [...REACH, 'BUNNYNET_LIBRARY_KEY', 'BUNNYNET_LOGGING_TOKEN', 'BURROW_VIDEO_URL', 'BURROW_LOGGING_URL'],
  'apps health': [...REACH, 'BUNNYNET_LOGGING_TOKEN', 'BURROW_CONTAINERS_URL', 'BURROW_LOGGING_URL'],
  sandbox: ['TMPDIR'],
} as const satisfies Record<string, readonly Variable[]>;

/** The "Environment:" section listing these variables, one a line, or saying none is read. */
export function environmentHelp(names: readonly Variable[]): string {
  if (names.length === 0) return 'Environment: none read.\n';
  const width = Math.max(...names.map((n) => n.length));
  return `Environment:\n${names.map((n) => `  ${n.padEnd(width)}  ${VARIABLES[n]}\n`).join('')}`;
}

/** The variables several commands read, in the order the list above gives them, for a help text that covers them all. */
export function unionOf(...lists: readonly (readonly Variable[])[]): Variable[] {
  const all = new Set(lists.flat());
  return (Object.keys(VARIABLES) as Variable[]).filter((n) => all.has(n));
}
