/**
 * The Apps area: the account's applications beside the one opened, or the create form. After a create the new app's
 * detail opens; after a delete the list shows what is left.
 */
import { useState } from 'react';
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

  if (mode === 'new') {
    return (
      <AppForm
        onDone={(id) => {
          // The new app joins the list, and its detail opens.
          changed();
          setOpenId(id);
          setMode('list');
        }}
        onCancel={() => setMode('list')}
      />
    );
  }

  return (
    <div className={openId ? 'apps-split' : 'apps-single'}>
      <AppList openId={openId} onOpen={setOpenId} onNew={() => setMode('new')} refresh={refresh} />
      {openId && <AppDetailPane key={openId} id={openId} onClose={() => setOpenId(null)} onDeleted={() => setOpenId(null)} onChanged={changed} />}
    </div>
  );
}
