// @vitest-environment happy-dom
import { EditorView } from '@codemirror/view';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../../shared/apps/schema';
import { bodyText } from './body';
import type { AppFormValues } from './form-schema';
import { readJsonView } from './json-view';
import { PRESETS, presetValues } from './presets';
import { formBridge, renderForm } from './testing/form';

afterEach(cleanup);

const REGISTRIES = [{ id: 7, displayName: 'DockerHub Public', hostName: 'docker.io', isPublic: true }];

/** Valid create bodies: a preset with its name, scaling, volume sizes and ports drawn within the platform's limits. */
const validBody: fc.Arbitrary<AppFormValues> = fc
  .record({
    preset: fc.constantFrom(...PRESETS),
    name: fc.stringMatching(/^[A-Za-z0-9-]{1,100}$/),
    min: fc.integer({ min: LIMITS.autoscaling.min, max: 20 }),
    extra: fc.integer({ min: 0, max: 20 }),
    size: fc.integer(LIMITS.volumeSize),
    port: fc.integer(LIMITS.port),
  })
  .map(({ preset, name, min, extra, size, port }) => {
    const body = presetValues(preset, REGISTRIES);
    return {
      ...body,
      name,
      autoScaling: { min, max: min + extra },
      containerTemplates: body.containerTemplates?.map((c) => ({
        ...c,
        endpoints: c.endpoints?.map((e) => (e.cdn ? { ...e, cdn: { ...e.cdn, portMappings: [{ containerPort: port }] } } : e)),
      })),
      ...(body.volumes ? { volumes: body.volumes.map((v) => ({ ...v, size })) } : {}),
    };
  });

/** The JSON editor's editable element (a textbox named by its label). */
const editorBox = () => screen.getByRole('textbox', { name: 'Request body (JSON)' });
const editorView = () => EditorView.findFromDOM(editorBox())!;
const editorText = () => editorView().state.doc.toString();
/** Replaces the editor's whole text, as typing or pasting does (a user transaction, not a value from outside). */
function typeText(text: string) {
  const view = editorView();
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input.type' }));
}
const switchTo = (view: 'Form' | 'JSON') => act(() => void fireEvent.click(screen.getByRole('button', { name: view })));

async function openedInJson() {
  await screen.findByRole('form', { name: 'New app' });
  switchTo('JSON');
  return editorText();
}

describe('reading the JSON view', () => {
  it('reads every valid body back as exactly that body', () => {
    fc.assert(
      fc.property(validBody, (body) => {
        const read = readJsonView(bodyText(body));
        expect(read).toEqual({ ok: true, values: body });
      }),
    );
  });

  it('names the line and column of a syntax error, and a property the create request does not have', () => {
    expect(readJsonView('{\n  "name": "a",\n  "x" 1\n}')).toEqual({ ok: false, message: "Line 3, column 7: expected ':' after property name, found character \"1\"" });
    const foreign = { ...PRESETS[0]!.body, containerTemplates: [{ ...PRESETS[0]!.body.containerTemplates![0]!, foo: 1 }] };
    expect(readJsonView(JSON.stringify(foreign))).toEqual({ ok: false, message: 'containerTemplates[0].foo is not a property of the create request.' });
    expect(readJsonView('[]')).toEqual({ ok: false, message: 'The create request must be a JSON object ({ … }).' });
  });

  it('takes values that only break a rule (the form shows them), but not a value where the form needs a list', () => {
    expect(readJsonView(JSON.stringify({ ...PRESETS[0]!.body, name: '' })).ok).toBe(true);
    const read = readJsonView(JSON.stringify({ ...PRESETS[0]!.body, containerTemplates: 'web' }));
    expect(read.ok).toBe(false);
    expect(!read.ok && read.message).toMatch(/^containerTemplates must be a list/);
  });
});

describe('the Form | JSON switch', () => {
  // Fifteen bodies, each through the form and a freshly mounted editor: more than the default time on a busy machine.
  it('round-trips generated bodies: the text applied to the form comes back as the same text', { timeout: 90_000 }, async () => {
    formBridge();
    renderForm();
    await openedInJson();
    await fc.assert(
      fc.asyncProperty(validBody, async (body) => {
        const text = bodyText(body);
        typeText(text);
        switchTo('Form');
        expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe(body.name);
        switchTo('JSON');
        await waitFor(() => expect(editorText()).toBe(text));
      }),
      { numRuns: 15 },
    );
  });

  it('shows the form’s edits in the JSON view, and reviews the same text', async () => {
    formBridge();
    renderForm();
    await screen.findByRole('form', { name: 'New app' });
    // The preset takes the account's Docker Hub registry: wait until the registries are in.
    await waitFor(() => expect(screen.getByLabelText('Frankfurt: Off')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Web server behind CDN' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'edited-in-form' } });
    switchTo('JSON');
    const text = editorText();
    expect(JSON.parse(text)).toMatchObject({ name: 'edited-in-form' });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect((await screen.findByTestId('review-body')).textContent).toBe(text);
  });

  it('keeps invalid text, names its line and column above the editor, and refuses to switch back to the form', async () => {
    formBridge();
    renderForm();
    const text = await openedInJson();
    const broken = text.replace('"runtimeType"', '"runtimeType" "');
    typeText(broken);
    const problem = screen.getByText(/^Line 3, column 17: expected ':' after property name/);
    // Above the editor, so it is in view however long the body is; and the editor is described by it.
    expect(problem.compareDocumentPosition(screen.getByTestId('json-editor')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(editorBox().getAttribute('aria-invalid')).toBe('true');
    expect(editorBox().getAttribute('aria-describedby')).toContain(problem.id);
    // The editor shows the end of what was typed; the message takes the cursor to the error.
    fireEvent.click(screen.getByRole('button', { name: 'Go to line 3' }));
    expect(editorView().state.selection.main.head).toBe(broken.indexOf('"runtimeType" "') + '"runtimeType" '.length);
    expect(document.activeElement).toBe(editorBox());
    switchTo('Form');
    expect(screen.getByRole('alert').textContent).toMatch(/^The form cannot be shown until the JSON is fixed: Line 3, column 17: /);
    expect(editorText()).toBe(broken);
    expect(document.activeElement).toBe(editorBox());
    expect(screen.getByRole('button', { name: 'JSON' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.queryByTestId('review-body')).toBeNull();
  });

  it('refuses a property the create request does not allow, by its path', async () => {
    formBridge();
    renderForm();
    const body = JSON.parse(await openedInJson()) as AppFormValues;
    const foreign = { ...body, containerTemplates: [{ ...body.containerTemplates![0]!, foo: 1 }] };
    typeText(JSON.stringify(foreign, null, 2));
    expect(screen.getByText('containerTemplates[0].foo is not a property of the create request.')).toBeTruthy();
    switchTo('Form');
    expect(screen.getByRole('alert').textContent).toContain('containerTemplates[0].foo is not a property');
  });

  it('applies text that breaks a rule, then shows the broken field on the form when reviewed', async () => {
    formBridge();
    renderForm();
    const body = { ...(JSON.parse(await openedInJson()) as AppFormValues), name: 'bad_name!' };
    typeText(JSON.stringify(body, null, 2));
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
    expect(screen.getByRole('button', { name: 'Form' }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('bad_name!');
  });

  it('keeps the view and the text as typed in the draft, and reopens on them', async () => {
    const bridge = formBridge();
    const first = renderForm();
    const halfTyped = (await openedInJson()).slice(0, 20);
    typeText(halfTyped);
    await waitFor(() => expect(bridge.inputs('apps.saveDraft').at(-1)?.draft).toMatchObject({ ui: { view: 'json', jsonText: halfTyped } }));
    const saved = bridge.inputs('apps.saveDraft').at(-1)!.draft;
    first.unmount();
    bridge.answer('apps.getDraft', { draft: saved as never, savedAt: 2 });
    renderForm();
    await screen.findByRole('form', { name: 'New app' });
    expect(editorText()).toBe(halfTyped);
    expect(screen.getByTestId('json-problem').textContent).toMatch(/^Line \d+, column \d+: unterminated string/);
  });
});
