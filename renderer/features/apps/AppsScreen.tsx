/**
 * The Apps area: the account's applications beside the one opened, or the create form. After a create the new app's
 * detail opens; after a delete the list shows what is left. Whatever closes hands focus back to where the user was:
 * a closed app's row, the list's heading after a delete, "New app" after a cancelled form.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { AppDetail } from '../../../shared/contract/apps';
import { useScreenAction } from '../../app/screen-actions';
import { AppDetailPane } from './AppDetailPane';
import { AppList } from './AppList';
import './apps.css';

// The form (its schema, editors and parsers) is most of this area's code; the list the app opens on does not wait for it.
const AppForm = lazy(() => import('./form/AppForm').then((m) => ({ default: m.AppForm })));

/** What the area shows: the list (with an app open or not), the create form, or the same form editing an app. */
export type AppsMode = 'list' | 'new' | { readonly edit: AppDetail };

export function AppsScreen() {
  const [mode, setMode] = useState<AppsMode>('list');
  const [openId, setOpenId] = useState<string | null>(null);
  // Bumped after a create or a delete: the list is fetched again from its first page.
  const [refresh, setRefresh] = useState(0);
  const changed = () => setRefresh((n) => n + 1);
  // A selector inside the screen to focus once what closed has gone.
  const [focusNext, setFocusNext] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  useScreenAction('apps.new', () => setMode('new'));
  // Counts the palette's compose imports while the form is open; the form starts the import for each new count.
  const [importRequest, setImportRequest] = useState(0);
  useScreenAction('apps.importCompose', () => {
    setMode('new');
    setImportRequest((n) => n + 1);
  });

  useEffect(() => {
    if (focusNext === null) return;
    // A zero-delay timer: a closing dialog hands focus back on one too, and this must land after it.
    const t = setTimeout(() => {
      root.current?.querySelector<HTMLElement>(focusNext)?.focus();
      setFocusNext(null);
    }, 0);
    return () => clearTimeout(t);
  }, [focusNext]);

  if (typeof mode === 'object') {
    const app = mode.edit;
    return (
      <Suspense fallback={<p className="muted">Opening the form…</p>}>
        <AppForm
          mode={mode}
          onDone={() => {
            // Back to the app's page, which reads the app again and shows it as it now is.
            changed();
            setOpenId(app.id);
            setMode('list');
          }}
          onCancel={() => {
            setOpenId(app.id);
            setMode('list');
            setFocusNext('[data-apps-focus="edit"]');
          }}
        />
      </Suspense>
    );
  }

  if (mode === 'new') {
    return (
      <Suspense fallback={<p className="muted">Opening the form…</p>}>
        <AppForm
          importRequest={importRequest}
          onDone={(id) => {
            setImportRequest(0);
            // The new app joins the list, and its detail opens (its heading takes focus).
            changed();
            setOpenId(id);
            setMode('list');
          }}
          onCancel={() => {
            setImportRequest(0);
            setMode('list');
            setFocusNext('[data-apps-focus="new"]');
          }}
        />
      </Suspense>
    );
  }

  return (
    <div ref={root} className={openId ? 'apps-split fills-area' : 'apps-single'}>
      <AppList openId={openId} onOpen={setOpenId} onNew={() => setMode('new')} refresh={refresh} />
      {openId && (
        <AppDetailPane
          key={openId}
          id={openId}
          onClose={() => {
            setOpenId(null);
            setFocusNext(`[data-app-id="${CSS.escape(openId)}"]`);
          }}
          onDeleted={() => {
            setOpenId(null);
            setFocusNext('[data-apps-focus="list"]');
          }}
          onChanged={changed}
          onEdit={(app) => setMode({ edit: app })}
        />
      )}
    </div>
  );
}
