/**
 * The Apps area: the account's applications beside the one opened, or the create form. After a create the new app's
 * detail opens; after a delete the list shows what is left. Whatever closes hands focus back to where the user was:
 * a closed app's row, the list's heading after a delete, "New app" after a cancelled form.
 */
import { useEffect, useRef, useState } from 'react';
import { AppDetailPane } from './AppDetailPane';
import { AppList } from './AppList';
import { AppForm } from './form/AppForm';
import './apps.css';

/** What the area shows: the list (with an app open or not) or the create form. */
export type AppsMode = 'list' | 'new';

export function AppsScreen() {
  const [mode, setMode] = useState<AppsMode>('list');
  const [openId, setOpenId] = useState<string | null>(null);
  // Bumped after a create or a delete: the list is fetched again from its first page.
  const [refresh, setRefresh] = useState(0);
  const changed = () => setRefresh((n) => n + 1);
  // A selector inside the screen to focus once what closed has gone.
  const [focusNext, setFocusNext] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (focusNext === null) return;
    // A zero-delay timer: a closing dialog hands focus back on one too, and this must land after it.
    const t = setTimeout(() => {
      root.current?.querySelector<HTMLElement>(focusNext)?.focus();
      setFocusNext(null);
    }, 0);
    return () => clearTimeout(t);
  }, [focusNext]);

  if (mode === 'new') {
    return (
      <AppForm
        onDone={(id) => {
          // The new app joins the list, and its detail opens (its heading takes focus).
          changed();
          setOpenId(id);
          setMode('list');
        }}
        onCancel={() => {
          setMode('list');
          setFocusNext('[data-apps-focus="new"]');
        }}
      />
    );
  }

  return (
    <div ref={root} className={openId ? 'apps-split' : 'apps-single'}>
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
        />
      )}
    </div>
  );
}
