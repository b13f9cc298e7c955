/**
 * The JSON editor's look, from the app's colour variables: it follows the light and dark themes (and a switch between
 * them) by itself, and every colour is one the app already holds to 4.5:1 on its backgrounds — CodeMirror's own dark
 * theme draws line numbers and some tokens below that.
 */
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tags as t } from '@lezer/highlight';

const editorLook = EditorView.theme({
  '&': { color: 'var(--fg)', backgroundColor: 'var(--bg)', height: '100%' },
  '.cm-scroller': { fontFamily: 'var(--mono)', lineHeight: '1.5' },
  '.cm-content': { caretColor: 'var(--fg)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--fg)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection': { backgroundColor: 'var(--bg-selected)' },
  '.cm-activeLine': { backgroundColor: 'var(--bg-hover)' },
  '.cm-gutters': { backgroundColor: 'var(--bg-sidebar)', color: 'var(--fg-muted)', borderRight: '1px solid var(--border)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--bg-hover)', color: 'var(--fg)' },
  '.cm-foldPlaceholder': { backgroundColor: 'var(--bg-hover)', color: 'var(--fg)', border: '1px solid var(--border)' },
  '.cm-matchingBracket, &.cm-focused .cm-matchingBracket': { backgroundColor: 'var(--bg-selected)', color: 'var(--fg)', outline: '1px solid var(--border)' },
  '.cm-tooltip': { backgroundColor: 'var(--bg-raised)', color: 'var(--fg)', border: '1px solid var(--border)', borderRadius: 'var(--radius)' },
  '.cm-tooltip-autocomplete > ul': { fontFamily: 'var(--mono)' },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: 'var(--bg-selected)', color: 'var(--fg)' },
  '.cm-completionDetail': { color: 'var(--fg-muted)', fontStyle: 'normal', marginLeft: '1em' },
  '.cm-completionMatchedText': { textDecoration: 'none', fontWeight: '700' },
  '.cm-diagnostic-error': { borderLeftColor: 'var(--danger)' },
  '.cm-panels': { backgroundColor: 'var(--bg-raised)', color: 'var(--fg)' },
});

// The table's status colours: text at 4.5:1 or more on the plain, hovered and selected backgrounds in both themes.
const jsonColours = HighlightStyle.define([
  { tag: t.propertyName, color: 'var(--status-3xx)' },
  { tag: t.string, color: 'var(--status-2xx)' },
  { tag: t.number, color: 'var(--status-4xx)' },
  { tag: [t.bool, t.null], color: 'var(--cache-bypass)' },
  { tag: [t.separator, t.brace, t.squareBracket, t.punctuation], color: 'var(--fg)' },
  { tag: t.invalid, color: 'var(--danger)' },
]);

/** The editor's theme: pass as the editor's `theme`. */
export const jsonEditorTheme = [editorLook, syntaxHighlighting(jsonColours)];
