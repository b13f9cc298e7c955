/**
 * The JSON side of the create form: the request body in a code editor (highlighting, the syntax error marked where it
 * is, completion of the create request's property names and values), and why the text does not read when it does not,
 * said above the editor so it stays in view however long the body is.
 */
import { autocompletion } from '@codemirror/autocomplete';
import { json } from '@codemirror/lang-json';
import { linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import { EditorView } from '@codemirror/view';
import CodeMirror from '@uiw/react-codemirror';
import { useId, useMemo, useRef, type RefObject } from 'react';
import { styleNonce } from '../../../app/style-nonce';
import { createRequestCompletion } from './json-completion';
import { jsonEditorTheme } from './json-editor-theme';
import { jsonSyntaxError } from './json-view';

interface Props {
  readonly text: string;
  readonly problem: string | null;
  /** Leaving the view was refused: the problem is announced. */
  readonly refused: boolean;
  /** Receives the editor's editable element (to focus it). */
  readonly editorRef: RefObject<HTMLElement | null>;
  readonly onChange: (text: string) => void;
}

/** The editor's mark for text that is not JSON: at the offending character, with the same words as the message. */
export function syntaxLint(view: EditorView): Diagnostic[] {
  const doc = view.state.doc;
  const error = jsonSyntaxError(doc.toString());
  if (!error) return [];
  const from = Math.min(error.position, doc.length);
  return [{ from, to: Math.min(from + 1, doc.length), severity: 'error', message: error.message }];
}

// A constant: the editor reconfigures itself whenever this object is a new one.
const SETUP = { foldGutter: true, lineNumbers: true, autocompletion: false } as const;

export function JsonView({ text, problem, refused, editorRef, onChange }: Props) {
  const id = useId();
  const invalid = problem !== null;
  const view = useRef<EditorView | null>(null);
  // A syntax error has a place: the message offers to take the cursor there (the editor may be scrolled elsewhere).
  const syntax = useMemo(() => (invalid ? jsonSyntaxError(text) : null), [invalid, text]);
  function goToError() {
    const current = view.current;
    if (!current || !syntax) return;
    const at = Math.min(syntax.position, current.state.doc.length);
    // Centred, so the lines around the error show too.
    current.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: 'center' }) });
    current.focus();
  }
  const extensions = useMemo(() => {
    // CodeMirror injects its styles as a style element, which the page's CSP lets apply only with this load's nonce.
    const nonce = styleNonce();
    return [
      ...(nonce ? [EditorView.cspNonce.of(nonce)] : []),
      json(),
      linter(syntaxLint, { delay: 300 }),
      lintGutter(),
      autocompletion({ override: [createRequestCompletion] }),
      // The name, the hint and the error state belong on the editable element itself (a textbox), not on
      // CodeMirror's wrapper, which has no role to carry them.
      EditorView.contentAttributes.of({
        'aria-labelledby': `${id}-label`,
        // Focusable as a textbox (its scroll area then counts as reachable by keyboard); Tab still stops once.
        tabindex: '0',
        'aria-describedby': invalid ? `${id}-problem ${id}-hint` : `${id}-hint`,
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      }),
    ];
  }, [id, invalid]);

  return (
    <div className="app-json-view">
      <div className="app-json-heading">
        <span className="app-json-label" id={`${id}-label`}>
          Request body (JSON)
        </span>
        <span className="muted small" id={`${id}-hint`}>
          Exactly what Review shows and Create sends; changes apply to the form as soon as the text is a valid create request. Ctrl+Space lists
          property names and values; Tab leaves the editor.
        </span>
      </div>
      {problem !== null && (
        <div className="row app-json-problem">
          <p className="field-error" id={`${id}-problem`} data-testid="json-problem" role={refused ? 'alert' : undefined}>
            {refused ? `The form cannot be shown until the JSON is fixed: ${problem}` : problem}
          </p>
          {syntax?.line !== undefined && (
            <button type="button" className="small" onClick={goToError}>
              Go to line {syntax.line}
            </button>
          )}
        </div>
      )}
      <div className="app-json-editor" data-testid="json-editor" data-invalid={invalid ? 'true' : undefined}>
        <CodeMirror
          value={text}
          height="100%"
          theme={jsonEditorTheme}
          extensions={extensions}
          // Tab moves focus on, as everywhere else in the form; indenting is the editor's Enter and its brackets.
          indentWithTab={false}
          basicSetup={SETUP}
          onCreateEditor={(created) => {
            view.current = created;
            editorRef.current = created.contentDOM;
          }}
          onChange={onChange}
        />
      </div>
    </div>
  );
}
