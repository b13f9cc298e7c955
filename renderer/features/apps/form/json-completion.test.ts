// @vitest-environment happy-dom
import { CompletionContext, type Completion, type CompletionResult } from '@codemirror/autocomplete';
import { json } from '@codemirror/lang-json';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { afterEach, describe, expect, it } from 'vitest';
import { syntaxLint } from './JsonView';
import { createRequestCompletion, placeAt } from './json-completion';

const views: EditorView[] = [];
afterEach(() => {
  views.splice(0).forEach((v) => v.destroy());
});

/** An editor holding `doc`, the cursor where `|` is. */
function editorAt(docWithCursor: string): EditorView {
  const pos = docWithCursor.indexOf('|');
  const doc = docWithCursor.replace('|', '');
  const view = new EditorView({ state: EditorState.create({ doc, selection: { anchor: pos }, extensions: [json()] }), parent: document.body });
  views.push(view);
  return view;
}

/** What the completion offers at `|` (asked for with Ctrl+Space when `explicit`). */
function complete(docWithCursor: string, explicit = false): { view: EditorView; result: CompletionResult | null } {
  const view = editorAt(docWithCursor);
  const result = createRequestCompletion(new CompletionContext(view.state, view.state.selection.main.head, explicit)) as CompletionResult | null;
  return { view, result };
}

const labels = (result: CompletionResult | null) => result?.options.map((o) => o.label) ?? [];

/** Accepts `label` as the editor does, and returns the text after it. */
function accept(view: EditorView, result: CompletionResult, label: string): string {
  const option = result.options.find((o) => o.label === label)! as Completion & { apply: (v: EditorView, c: Completion, from: number, to: number) => void };
  option.apply(view, option, result.from, view.state.selection.main.head);
  return view.state.doc.toString();
}

describe('completion from the create request schema', () => {
  it('offers the top-level property names, autoScaling among them, and inserts it quoted with its colon', () => {
    const { view, result } = complete('{\n  "name": "web",\n  "aut|\n}');
    expect(labels(result)).toContain('autoScaling');
    // Names the object already has are not offered again.
    expect(labels(result)).not.toContain('name');
    expect(result!.from).toBe(view.state.doc.toString().indexOf('"aut') + 1);
    expect(accept(view, result!, 'autoScaling')).toBe('{\n  "name": "web",\n  "autoScaling": \n}');
  });

  it('offers every top-level name when asked on an empty line, and nothing unasked', () => {
    expect(labels(complete('{\n  |\n}', true).result)).toEqual(
      expect.arrayContaining(['name', 'runtimeType', 'autoScaling', 'regionSettings', 'containerTemplates', 'volumes']),
    );
    expect(complete('{\n  |\n}').result).toBeNull();
  });

  it('offers shared and reserved for runtimeType, in the casing Burrow sends, as JSON strings', () => {
    const { view, result } = complete('{\n  "runtimeType": "|"\n}', true);
    expect(labels(result)).toEqual(['shared', 'reserved']);
    expect(accept(view, result!, 'reserved')).toBe('{\n  "runtimeType": "reserved"\n}');
    const bare = complete('{ "runtimeType": res| }');
    expect(labels(bare.result)).toEqual(['shared', 'reserved']);
    expect(accept(bare.view, bare.result!, 'reserved')).toBe('{ "runtimeType": "reserved" }');
  });

  it('follows the path into lists and objects: container members, pull policies, endpoint protocols and types', () => {
    const container = '{ "containerTemplates": [ { "name": "a" }, { "imagePullPolicy": "|" } ] }';
    expect(labels(complete(container, true).result)).toEqual(['always', 'ifNotPresent']);
    expect(labels(complete('{ "containerTemplates": [ { "ima| } ] }').result)).toEqual(
      expect.arrayContaining(['imageName', 'imageNamespace', 'imageTag', 'imageRegistryId', 'imagePullPolicy']),
    );
    const protocols = '{ "containerTemplates": [ { "endpoints": [ { "cdn": { "portMappings": [ { "containerPort": 80, "protocols": ["tcp", "|"] } ] } } ] } ] }';
    expect(labels(complete(protocols, true).result)).toEqual(['tcp', 'udp', 'sctp']);
    expect(labels(complete('{ "containerTemplates": [ { "endpoints": [ { "anycast": { "type": "i|" } } ] } ] }').result)).toEqual(['iPv4']);
    expect(labels(complete('{ "containerTemplates": [ { "endpoints": [ { "cdn": { "isSslEnabled": t| } } ] } ] }').result)).toEqual(['true', 'false']);
  });

  it('keeps an existing colon when a name is replaced, and offers nothing where the schema has no list of values', () => {
    const { view, result } = complete('{ "autoSc|": { "min": 1 } }');
    expect(accept(view, result!, 'autoScaling')).toBe('{ "autoScaling": { "min": 1 } }');
    expect(complete('{ "name": "|" }', true).result).toBeNull();
    expect(complete('{ "unknownThing": { "|" } }', true).result).toBeNull();
  });

  it('reads the place under the cursor from half-typed text', () => {
    expect(placeAt('{ "a": [ 1, { "b": ', 19)).toMatchObject({ path: ['a', 1, 'b'], expects: 'value' });
    expect(placeAt('{ "a": { "x": 1, ', 17)).toMatchObject({ path: ['a'], expects: 'key', siblings: ['x'] });
  });
});

describe('the editor’s syntax mark', () => {
  it('marks the offending character with the line and column the message names', () => {
    const view = editorAt('{\n  "name": "a"\n  "runtimeType": "shared"\n}|');
    const [mark, ...rest] = syntaxLint(view);
    expect(rest).toEqual([]);
    expect(mark).toMatchObject({ severity: 'error', message: expect.stringMatching(/^Line 3, column 3: expected ',' or '}'/) as string });
    expect(view.state.doc.sliceString(mark!.from, mark!.to)).toBe('"');
    expect(syntaxLint(editorAt('{ "name": "a" }|'))).toEqual([]);
  });
});
