/**
 * An esbuild plugin for the bundles Burrow ships: zod's namespace carries its messages in every language it has
 * (`z.locales`, about 264 KB minified, 400 KB not); Burrow's are English, which zod registers itself, so the
 * namespace holds English alone and the bundle compiles (and sits in memory) without the rest.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** @type {import('esbuild').Plugin} */
export const zodEnglishOnly = {
  name: 'burrow-zod-english',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /zod[/\\]v4[/\\](classic|core)[/\\]/.test(args.importer) ? { path: 'zod-locales', namespace: 'burrow-zod-english' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'burrow-zod-english' }, () => ({ contents: "export { default as en } from 'zod/v4/locales/en.js';", resolveDir: root }));
  },
};
