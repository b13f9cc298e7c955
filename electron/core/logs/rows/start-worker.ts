/** Starting a worker thread on a script that may be a built bundle or, in tests and the Chromium shell, TypeScript source. */
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** The script as a file URL string. */
export function scriptHref(script: string | URL): string {
  return script instanceof URL ? script.href : script.startsWith('file:') ? script : pathToFileURL(script).href;
}

/** A worker running `script` with `workerData`; a `.ts` script is loaded through tsx, which registers a TypeScript loader for the import it makes. */
export function startScriptWorker(script: string | URL, workerData: unknown): Worker {
  const href = scriptHref(script);
  if (!href.endsWith('.ts')) return new Worker(new URL(href), { workerData });
  const code = `import('tsx/esm/api').then((m) => m.tsImport(${JSON.stringify(href)}, ${JSON.stringify(href)}))`;
  return new Worker(code, { eval: true, workerData });
}
