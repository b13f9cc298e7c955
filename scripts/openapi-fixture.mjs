// Makes sandbox/testing/openapi-facts.json from the platform's published OpenAPI documents: the facts the
// sandbox's response validator needs, and nothing else.
//
//   node scripts/openapi-fixture.mjs [INPUT_DIR] [--out FILE] [--all]
//
// INPUT_DIR holds the documents (default: ../shared/platform/openapi/ beside the repository). Run it by hand
// when new documents are at hand, and commit what it writes; no test or CI step runs it or reads INPUT_DIR.
// It keeps, for the operations the sandbox implements (every operation with --all): paths, methods,
// response status codes and media types, and each schema's types, formats, nullable, enums, patterns,
// required fields, $ref structure and min/max constraints. Everything else goes: descriptions, summaries,
// titles, examples, defaults, tags, parameters, request bodies and every x-* extension. Beside the fixture
// it writes openapi-facts.md, naming the script and each input document with its info.version.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SCRIPT = relative(ROOT, fileURLToPath(import.meta.url));

/** The documents, by the name the validator uses for each. */
const DOCUMENTS = {
  'magic-containers': 'magic-containers-api-v1.0.0.json',
  stream: 'stream-api-v1.5.23.json',
  core: 'core-api-v1.0.0.json',
  logging: 'logging-v2-schemas.json',
};

/** Documents that publish schemas without paths: every component schema is kept. */
const SCHEMAS_ONLY = new Set(['logging']);

/** The operations the sandbox implements, per document: "METHOD path template". */
const OPERATIONS = {
  'magic-containers': [
    'GET /apps',
    'POST /apps',
    'GET /apps/{appId}',
    'PUT /apps/{appId}',
    'PATCH /apps/{appId}',
    'DELETE /apps/{appId}',
    'POST /apps/{appId}/deploy',
    'POST /apps/{appId}/undeploy',
    'POST /apps/{appId}/restart',
    'GET /apps/{appId}/overview',
    'GET /apps/{appId}/summary',
    'GET /apps/{appId}/statistics',
    'GET /apps/{appId}/autoscaling',
    'PUT /apps/{appId}/autoscaling',
    'GET /apps/{appId}/region-settings',
    'PUT /apps/{appId}/region-settings',
    'POST /apps/{appId}/containers',
    'GET /apps/{appId}/containers/{containerId}',
    'PATCH /apps/{appId}/containers/{containerId}',
    'DELETE /apps/{appId}/containers/{containerId}',
    'PUT /apps/{appId}/containers/{containerId}/env',
    'GET /apps/{appId}/endpoints',
    'POST /apps/{appId}/containers/{containerId}/endpoints',
    'PUT /apps/{appId}/endpoints/{endpointId}',
    'DELETE /apps/{appId}/endpoints/{endpointId}',
    'GET /apps/{appId}/volumes',
    'PATCH /apps/{appId}/volumes/{volumeId}',
    'DELETE /apps/{appId}/volumes/{volumeId}',
    'POST /apps/{appId}/volumes/{volumeId}/detach',
    'DELETE /apps/{appId}/volumes/{volumeId}/instances/{instanceId}',
    'POST /apps/{appId}/pods/{podId}/recreate',
    'GET /nodes',
    'GET /nodes/plain',
    'GET /regions',
    'GET /registries',
    // The registry questions, limits and optimal region (sandbox/apps/registry.ts).
    'POST /registries/public-images/search',
    'POST /registries/tags',
    'POST /registries/digest',
    'POST /registries/image-config',
    'POST /registries/config-suggestions',
    'GET /limits',
    'GET /regions/optimal',
  ],
  stream: [
    'GET /library/{libraryId}/videos',
    'POST /library/{libraryId}/videos',
    'GET /library/{libraryId}/videos/{videoId}',
    'POST /library/{libraryId}/videos/{videoId}',
    'DELETE /library/{libraryId}/videos/{videoId}',
    'PUT /library/{libraryId}/videos/{videoId}',
    'POST /library/{libraryId}/videos/fetch',
    'GET /library/{libraryId}/collections',
    'POST /library/{libraryId}/collections',
    'GET /library/{libraryId}/collections/{collectionId}',
    'POST /library/{libraryId}/collections/{collectionId}',
    'DELETE /library/{libraryId}/collections/{collectionId}',
  ],
  core: [
    'GET /pullzone',
    'GET /pullzone/{id}',
    'POST /pullzone/{id}',
    'GET /storagezone',
    'GET /dnszone',
    'POST /dnszone',
    'GET /dnszone/{id}',
    'DELETE /dnszone/{id}',
    'GET /videolibrary',
    'GET /videolibrary/{id}',
    'GET /region',
  ],
  logging: [],
};

/** Schema keywords that state a fact about valid values; every other keyword is dropped. */
const SCHEMA_FACTS = new Set([
  '$ref',
  'type',
  'format',
  'nullable',
  'enum',
  'pattern',
  'required',
  'properties',
  'additionalProperties',
  'items',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
]);

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const SCHEMA_REF = /^#\/components\/schemas\/([^/]+)$/;

function fail(message) {
  process.stderr.write(`openapi-fixture: ${message}\n`);
  process.exit(1);
}

function parseArgs(argv) {
  const args = { input: resolve(ROOT, '..', 'shared', 'platform', 'openapi'), out: join(ROOT, 'sandbox', 'testing', 'openapi-facts.json'), all: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--all') args.all = true;
    else if (arg === '--out') args.out = resolve(argv[++i] ?? fail('--out needs a file'));
    else if (arg === '--help' || arg === '-h') {
      process.stdout.write('usage: node scripts/openapi-fixture.mjs [INPUT_DIR] [--out FILE] [--all]\n');
      process.exit(0);
    } else if (arg.startsWith('--')) fail(`unknown option ${arg}`);
    else args.input = resolve(arg);
  }
  return args;
}

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A schema with only its fact keywords; `refs` collects the component schemas it points to. */
function pruneSchema(schema, refs, where) {
  if (typeof schema === 'boolean') return schema;
  if (!isObject(schema)) fail(`${where}: a schema must be an object`);
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (!SCHEMA_FACTS.has(key)) continue;
    if (key === '$ref') {
      const m = SCHEMA_REF.exec(value);
      if (!m) fail(`${where}: unsupported $ref ${value}`);
      refs.add(decodeURIComponent(m[1]));
      out[key] = value;
    } else if (key === 'properties') {
      // Property names are data: a property called "description" or "title" stays.
      out[key] = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, pruneSchema(s, refs, `${where}.${name}`)]));
    } else if (key === 'allOf' || key === 'anyOf' || key === 'oneOf') {
      out[key] = value.map((s, i) => pruneSchema(s, refs, `${where}.${key}[${i}]`));
    } else if (key === 'items' || key === 'not' || key === 'additionalProperties') {
      out[key] = pruneSchema(value, refs, `${where}.${key}`);
    } else {
      out[key] = value;
    }
  }
  return out;
}

function resolveResponse(doc, response, where) {
  if (!isObject(response)) fail(`${where}: a response must be an object`);
  if (typeof response.$ref !== 'string') return response;
  const m = /^#\/components\/responses\/([^/]+)$/.exec(response.$ref);
  const target = m ? doc.components?.responses?.[decodeURIComponent(m[1])] : undefined;
  if (!target) fail(`${where}: unresolvable $ref ${response.$ref}`);
  return target;
}

/** The pruned document: kept operations with their responses, and every component schema they reach. */
function pruneDocument(doc, name, all) {
  const refs = new Set();
  const wanted = all ? undefined : new Set(OPERATIONS[name]);
  const paths = {};
  for (const [template, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const id = `${method.toUpperCase()} ${template}`;
      if (wanted && !wanted.has(id)) continue;
      wanted?.delete(id);
      const responses = {};
      for (const [status, raw] of Object.entries(operation.responses ?? {})) {
        const response = resolveResponse(doc, raw, `${name} ${id} ${status}`);
        const content = {};
        for (const [media, body] of Object.entries(response.content ?? {})) {
          content[media] = body.schema === undefined ? {} : { schema: pruneSchema(body.schema, refs, `${name} ${id} ${status} ${media}`) };
        }
        responses[status] = Object.keys(content).length === 0 ? {} : { content };
      }
      (paths[template] ??= {})[method] = { responses };
    }
  }
  if (wanted && wanted.size > 0) fail(`${name}: not in the document: ${[...wanted].join(', ')}`);
  if (SCHEMAS_ONLY.has(name)) for (const schema of Object.keys(doc.components?.schemas ?? {})) refs.add(schema);

  const componentSchemas = doc.components?.schemas ?? {};
  const schemas = {};
  const queue = [...refs];
  while (queue.length > 0) {
    const ref = queue.shift();
    if (ref in schemas) continue;
    if (!(ref in componentSchemas)) fail(`${name}: $ref to missing schema ${ref}`);
    const found = new Set();
    schemas[ref] = pruneSchema(componentSchemas[ref], found, `${name} #/components/schemas/${ref}`);
    for (const r of found) if (!(r in schemas)) queue.push(r);
  }
  const sorted = Object.fromEntries(Object.keys(schemas).sort().map((k) => [k, schemas[k]]));
  return { openapi: doc.openapi, info: { version: doc.info?.version }, paths, components: { schemas: sorted } };
}

/** JSON with the outer levels indented and each schema or response on one line, for small, readable diffs. */
function format(value, depth = 0, inline = 4) {
  if (depth >= inline || !isObject(value)) return JSON.stringify(value);
  const pad = '  '.repeat(depth + 1);
  const entries = Object.entries(value).map(([k, v]) => `${pad}${JSON.stringify(k)}: ${format(v, depth + 1, inline)}`);
  return entries.length === 0 ? '{}' : `{\n${entries.join(',\n')}\n${'  '.repeat(depth)}}`;
}

const args = parseArgs(process.argv.slice(2));
const documents = {};
const sources = [];
for (const [name, file] of Object.entries(DOCUMENTS)) {
  const path = join(args.input, file);
  if (!existsSync(path)) fail(`${path} not found (pass the folder holding the platform's OpenAPI documents)`);
  const doc = JSON.parse(readFileSync(path, 'utf8'));
  if (typeof doc.openapi !== 'string' || !doc.openapi.startsWith('3.0')) fail(`${file}: expected an OpenAPI 3.0 document`);
  const pruned = pruneDocument(doc, name, args.all);
  documents[name] = { source: file, ...pruned };
  sources.push({ name, file, version: String(doc.info?.version ?? ''), openapi: doc.openapi, operations: Object.values(pruned.paths).reduce((n, p) => n + Object.keys(p).length, 0) });
}

const fixture = {
  generatedBy: SCRIPT,
  sources: Object.fromEntries(sources.map((s) => [s.name, { file: s.file, infoVersion: s.version, openapi: s.openapi }])),
  operations: args.all ? 'all' : 'the operations the sandbox implements (OPERATIONS in the script)',
  documents,
};
// One line per response status and per schema property.
const text = `${format(fixture, 0, 7)}\n`;
writeFileSync(args.out, text);

const readme = join(dirname(args.out), `${basename(args.out, '.json')}.md`);
writeFileSync(
  readme,
  [
    `# ${basename(args.out)}`,
    '',
    `Made by \`${SCRIPT}\` (\`node ${SCRIPT} [INPUT_DIR]\`) from the platform's published OpenAPI documents. Do not edit it by hand;`,
    'run the script again when new documents are at hand and commit both files.',
    '',
    '| name | input document | info.version | OpenAPI | operations kept |',
    '|---|---|---|---|---|',
    ...sources.map((s) => `| ${s.name} | \`${s.file}\` | ${s.version} | ${s.openapi} | ${s.operations} |`),
    '',
    'It holds facts only: paths, methods, response status codes and media types, and each schema\'s types, formats,',
    '`nullable`, enums, patterns, required fields, `$ref` structure and min/max constraints. Descriptions, summaries,',
    'titles, examples, defaults, tags, parameters, request bodies and every `x-*` extension are left out.',
    '`sandbox/testing/openapi.ts` validates the sandbox\'s responses against it, and `sandbox/testing/openapi-arbitrary.ts` generates answers',
    'from it for the readers\' property tests; neither reads anything else.',
    '',
  ].join('\n'),
);
process.stdout.write(`openapi-fixture: wrote ${relative(ROOT, args.out)} (${text.length} bytes) and ${relative(ROOT, readme)}\n`);
