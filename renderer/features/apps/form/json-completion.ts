/**
 * Completion for the create form's JSON editor: property names and enum values taken from the create request's
 * schema (the same zod schema the form and the sandbox check with, as JSON Schema). The place under the cursor is
 * found by a forgiving scan of the text before it, so it works while the text is half typed and does not parse.
 */
import type { Completion, CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete';
import type { EditorView } from '@codemirror/view';
import { z } from 'zod';
import { addApplicationRequestSchema } from '../../../../shared/apps/schema';

/** The part of JSON Schema the completion reads. */
export interface SchemaNode {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly required?: readonly string[];
  readonly items?: SchemaNode;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly anyOf?: readonly SchemaNode[];
  readonly oneOf?: readonly SchemaNode[];
  readonly allOf?: readonly SchemaNode[];
  readonly $ref?: string;
  readonly $defs?: Readonly<Record<string, SchemaNode>>;
  readonly definitions?: Readonly<Record<string, SchemaNode>>;
}

let cached: SchemaNode | undefined;

/** The create request as JSON Schema; the output side, so enum values are in the camelCase Burrow sends. */
export function createRequestJsonSchema(): SchemaNode {
  cached ??= z.toJSONSchema(addApplicationRequestSchema, { io: 'output', unrepresentable: 'any' }) as SchemaNode;
  return cached;
}

type Segment = string | number;

/** Where the cursor is: the path of the container it is in and whether a property name or a value goes there. */
export interface JsonPlace {
  readonly path: readonly Segment[];
  readonly expects: 'key' | 'value' | 'other';
  /** Property names the object under the cursor already has before it. */
  readonly siblings: readonly string[];
  /** Where the word being typed starts (after its opening quote, if it has one). */
  readonly from: number;
  /** The word being typed starts with a double quote (at from - 1). */
  readonly quoted: boolean;
}

type Frame = { kind: 'object'; key: string | null; keys: string[]; expect: 'key' | 'colon' | 'value' | 'comma' } | { kind: 'array'; index: number; expect: 'value' | 'comma' };

/** Scans `text` up to `pos` forgivingly (no error stops it) and tells what the cursor is typing, and where. */
export function placeAt(text: string, pos: number): JsonPlace {
  const stack: Frame[] = [];
  let rootExpect: 'value' | 'done' = 'value';
  let i = 0;
  let word: { start: number; quoted: boolean } | null = null;
  const valueEnded = () => {
    const top = stack.at(-1);
    if (!top) rootExpect = 'done';
    else top.expect = 'comma';
  };
  while (i < pos) {
    const c = text[i]!;
    if (c === '"') {
      // A string: find its end (or the cursor, when the cursor is inside it).
      let j = i + 1;
      while (j < pos && text[j] !== '"' && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      if (j >= pos) {
        word = { start: i + 1, quoted: true };
        break;
      }
      const value = text.slice(i + 1, j);
      const top = stack.at(-1);
      if (top?.kind === 'object' && top.expect === 'key') {
        top.key = value;
        top.keys.push(value);
        top.expect = 'colon';
      } else valueEnded();
      i = j + 1;
      continue;
    }
    if (/[\w$.+-]/.test(c)) {
      let j = i;
      while (j < pos && /[\w$.+-]/.test(text[j]!)) j++;
      if (j >= pos) {
        word = { start: i, quoted: false };
        break;
      }
      valueEnded();
      i = j;
      continue;
    }
    if (c === '{') stack.push({ kind: 'object', key: null, keys: [], expect: 'key' });
    else if (c === '[') stack.push({ kind: 'array', index: 0, expect: 'value' });
    else if (c === '}' || c === ']') {
      stack.pop();
      valueEnded();
    } else if (c === ':') {
      const top = stack.at(-1);
      if (top?.kind === 'object') top.expect = 'value';
    } else if (c === ',') {
      const top = stack.at(-1);
      if (top?.kind === 'object') {
        top.key = null;
        top.expect = 'key';
      } else if (top?.kind === 'array') {
        top.index++;
        top.expect = 'value';
      }
    }
    i++;
  }
  const path: Segment[] = [];
  for (const frame of stack.slice(0, -1)) {
    if (frame.kind === 'object') path.push(frame.key ?? '');
    else path.push(frame.index);
  }
  const top = stack.at(-1);
  const from = word?.start ?? pos;
  const quoted = word?.quoted ?? false;
  if (!top) return { path, expects: rootExpect === 'value' && !quoted ? 'value' : 'other', siblings: [], from, quoted };
  if (top.kind === 'array') return { path: [...path, top.index], expects: top.expect === 'value' ? 'value' : 'other', siblings: [], from, quoted };
  if (top.expect === 'key') return { path, expects: 'key', siblings: top.keys, from, quoted };
  if (top.expect === 'value' && top.key !== null) return { path: [...path, top.key], expects: 'value', siblings: [], from, quoted };
  return { path, expects: 'other', siblings: [], from, quoted };
}

function resolve(root: SchemaNode, node: SchemaNode | undefined): SchemaNode | undefined {
  let current = node;
  for (let hops = 0; current?.$ref !== undefined && hops < 20; hops++) {
    const name = current.$ref.replace(/^#\/(\$defs|definitions)\//, '');
    current = current.$ref === '#' ? root : (root.$defs?.[name] ?? root.definitions?.[name]);
  }
  return current;
}

/** The schema's alternatives (a nullable member is "X or null"), each resolved. */
function branches(root: SchemaNode, node: SchemaNode | undefined): SchemaNode[] {
  const resolved = resolve(root, node);
  if (!resolved) return [];
  const alternatives = [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.allOf ?? [])];
  if (alternatives.length === 0) return [resolved];
  return [resolved, ...alternatives.flatMap((a) => branches(root, a))];
}

/** The schema of the member at `path`, or undefined where the schema does not go. */
export function schemaAt(root: SchemaNode, path: readonly Segment[]): SchemaNode[] {
  let nodes = branches(root, root);
  for (const segment of path) {
    nodes = nodes.flatMap((n) => (typeof segment === 'number' ? branches(root, n.items) : branches(root, n.properties?.[segment])));
    if (nodes.length === 0) return [];
  }
  return nodes;
}

function typeName(root: SchemaNode, node: SchemaNode | undefined): string {
  const types = new Set<string>();
  for (const b of branches(root, node)) {
    const t = b.type;
    if (typeof t === 'string') types.add(t);
    else t?.forEach((x) => types.add(x));
    if (b.enum) types.add('one of a list');
  }
  types.delete('null');
  return [...types].join(' or ');
}

const QUOTE_REST = /^[^"\n]*"/;

/** Replaces the word being typed (with its quotes) by `insert`, and adds `: ` after a new property name. */
function applyText(insert: string, kind: 'key' | 'value', quoted: boolean) {
  return (view: EditorView, _completion: Completion, from: number, to: number) => {
    const after = view.state.doc.sliceString(to, Math.min(view.state.doc.length, to + 200));
    let end = to;
    // Inside a string: the rest of it, up to its closing quote, is replaced too.
    if (quoted) end += QUOTE_REST.exec(after)?.[0].length ?? 0;
    const rest = view.state.doc.sliceString(end, Math.min(view.state.doc.length, end + 200));
    const suffix = kind === 'key' && !/^\s*:/.test(rest) ? ': ' : '';
    const start = quoted ? from - 1 : from;
    const text = insert + suffix;
    view.dispatch({ changes: { from: start, to: end, insert: text }, selection: { anchor: start + text.length }, scrollIntoView: true, userEvent: 'input.complete' });
  };
}

/** A completion source over a JSON Schema: property names where a name goes, enum values and booleans where a value goes. */
export function schemaCompletion(schema: () => SchemaNode): CompletionSource {
  return (context: CompletionContext): CompletionResult | null => {
    const pos = context.pos;
    const text = context.state.doc.sliceString(0, pos);
    const place = placeAt(text, pos);
    const typed = place.from < pos || place.quoted;
    if (!typed && !context.explicit) return null;
    const root = schema();
    if (place.expects === 'key') {
      const owners = schemaAt(root, place.path);
      const options: Completion[] = [];
      const seen = new Set(place.siblings);
      for (const owner of owners) {
        for (const [name, member] of Object.entries(owner.properties ?? {})) {
          if (seen.has(name)) continue;
          seen.add(name);
          const required = owner.required?.includes(name) ?? false;
          options.push({
            label: name,
            type: 'property',
            detail: [typeName(root, member), required ? 'required' : ''].filter(Boolean).join(', '),
            boost: required ? 1 : 0,
            apply: applyText(JSON.stringify(name), 'key', place.quoted),
          });
        }
      }
      return options.length ? { from: place.from, options, validFor: /^[\w$]*$/ } : null;
    }
    if (place.expects === 'value') {
      const values = new Map<string, unknown>();
      for (const node of schemaAt(root, place.path)) {
        for (const v of node.enum ?? []) values.set(JSON.stringify(v), v);
        if (node.const !== undefined) values.set(JSON.stringify(node.const), node.const);
        if (node.type === 'boolean') for (const v of [true, false]) values.set(String(v), v);
      }
      if (values.size === 0) return null;
      const options: Completion[] = [...values].map(([json, v]) => ({
        label: typeof v === 'string' ? v : json,
        type: typeof v === 'string' ? 'enum' : 'keyword',
        apply: applyText(json, 'value', place.quoted),
      }));
      return { from: place.from, options, validFor: /^[\w$]*$/ };
    }
    return null;
  };
}

/** Completion for the create request's JSON. */
export const createRequestCompletion: CompletionSource = schemaCompletion(createRequestJsonSchema);
