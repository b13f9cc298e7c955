// The lint rule `burrow/area-door`: each core area is entered through its door, electron/core/<area>/index.ts.
import { dirname, relative, resolve, sep } from 'node:path';

/** The core's areas, each a folder under electron/core/ with one door. */
export const AREAS = ['apps', 'console', 'settings', 'files', 'desktop', 'videos', 'logs'];

/** The areas whose door the lint enforces now (the rule's default is every area). */
export const ENFORCED_AREAS = AREAS;

/** The area and the path inside it that an import names, or null when it names no area's file. */
function target(cwd, fromFile, source) {
  if (!source.startsWith('.')) return null;
  const path = relative(cwd, resolve(dirname(resolve(cwd, fromFile)), source)).split(sep).join('/');
  const match = /^electron\/core\/([^/]+)(?:\/(.*))?$/.exec(path);
  return match ? { area: match[1], inside: match[2] ?? '' } : null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const areaDoor = {
  meta: {
    type: 'problem',
    docs: { description: "Import a core area only through its door (electron/core/<area>/index.ts), unless inside that area." },
    schema: [{ type: 'object', properties: { areas: { type: 'array', items: { type: 'string' } } }, additionalProperties: false }],
    messages: { pastDoor: "'{{source}}' reaches past the {{area}} area's door: import from electron/core/{{area}}/index.ts." },
  },
  create(context) {
    const areas = new Set(context.options[0]?.areas ?? AREAS);
    const file = relative(context.cwd, resolve(context.cwd, context.filename)).split(sep).join('/');
    const check = (node) => {
      if (node?.type !== 'Literal' || typeof node.value !== 'string') return;
      const t = target(context.cwd, context.filename, node.value);
      if (!t || !areas.has(t.area)) return;
      if (['', 'index.ts', 'index.js'].includes(t.inside) || file.startsWith(`electron/core/${t.area}/`)) return;
      // An area's test helpers (its testing/ folder) are a second door, for tests only.
      if (t.inside.startsWith('testing/') && /(\.test\.tsx?$|\/testing\/)/.test(file)) return;
      context.report({ node, messageId: 'pastDoor', data: { source: node.value, area: t.area } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // `import('…').T` in a type: typescript-eslint names its path `source` (`argument.literal` before).
      TSImportType: (node) => check(node.source ?? node.argument?.literal),
    };
  },
};
