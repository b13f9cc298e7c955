/** The JSON body editor: highlighting, inline syntax errors, and loading a body from a file. */
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import { EditorView } from '@codemirror/view';
import CodeMirror from '@uiw/react-codemirror';
import { FileUp } from 'lucide-react';
import { useId, useMemo } from 'react';
import { errorOf } from '../../bridge/client';
import { useCallMutation } from '../../bridge/queries';
import { styleNonce } from '../../app/style-nonce';
import { useTheme } from '../../app/theme';
import { notify } from '../../ui/toast';
import { useConsoleDraft } from './console-store';

const parseLint = jsonParseLinter();

/** An empty body means "no body" (the command sends none), so only text that is there is checked as JSON. */
export function bodyLint(view: EditorView): Diagnostic[] {
  return view.state.doc.toString().trim() === '' ? [] : parseLint(view);
}

export function BodyEditor({ error }: { readonly error?: string | undefined }) {
  const body = useConsoleDraft((s) => s.body);
  const setBody = useConsoleDraft((s) => s.setBody);
  const theme = useTheme((s) => s.choice);
  const errorId = useId();
  const loadBody = useCallMutation('console.loadBody');
  // CodeMirror injects its styles as a style element, which the page's CSP lets apply only with this load's nonce.
  const extensions = useMemo(() => {
    const nonce = styleNonce();
    return [
      ...(nonce ? [EditorView.cspNonce.of(nonce)] : []),
      json(),
      linter(bodyLint),
      lintGutter(),
      // The name and the error state belong on the editable element itself (a textbox), not on CodeMirror's
      // wrapper, which has no role to carry them.
      EditorView.contentAttributes.of({ 'aria-label': 'Request body JSON', ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}) }),
    ];
  }, [error, errorId]);
  const dark = theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);

  async function load() {
    try {
      const file = await loadBody.mutateAsync({});
      if (file) {
        setBody(file.text);
        notify.info(`Loaded ${file.name}`);
      }
    } catch (e) {
      notify.error(errorOf(e).title);
    }
  }

  return (
    <section className="body-editor" aria-label="Request body">
      <div className="row spread">
        <h2>Body (JSON, used when the command has no --body)</h2>
        <button type="button" onClick={load}>
          <FileUp aria-hidden="true" size={14} /> Load from file…
        </button>
      </div>
      <div data-testid="body-editor" data-invalid={error ? 'true' : undefined}>
        <CodeMirror value={body} height="160px" theme={dark ? 'dark' : 'light'} extensions={extensions} onChange={setBody} basicSetup={{ foldGutter: true, lineNumbers: true }} />
      </div>
      {error && (
        <div id={errorId} className="field-error" role="alert">
          {error}
        </div>
      )}
    </section>
  );
}
