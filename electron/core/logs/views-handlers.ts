/**
 * The logs area's saved views, request lookup and link inbox. Views are kept per profile in the data folder; a
 * link handed over by the `burrow:` protocol waits here until the Logs screen takes it, so one that arrives while
 * the window is still starting is not lost.
 */
import type { logsViewsMethods } from '../../../shared/contract/logs-views.js';
import { appError } from '../../../shared/contract/result.js';
import { canonicalFilterText } from '../../../shared/logs/filter-text.js';
import { AppFailure } from '../errors.js';
import type { AreaHandlers, EventBus } from '../router.js';
import type { RowsHandle } from './rows/rows-host.js';
import { ViewsStore } from './views-store.js';

/** Where saved views are kept and whose they are. */
export interface ViewsDeps {
  readonly dataDir: string;
  /** The active profile's id (views belong to the account whose zones they name). */
  activeProfileId(): string;
}

/** The handlers, typed from their contract file. */
export type ViewsHandlers = AreaHandlers<{ readonly methods: typeof logsViewsMethods; readonly events: Record<string, never> }>;

/** Builds the handlers over the area's session lookup; without `deps`, views are refused with the reason. */
export function viewsHandlers(deps: ViewsDeps | undefined, session: (id: string) => { readonly rows: RowsHandle }, bus: Pick<EventBus, 'emit'>): ViewsHandlers {
  const store = deps ? new ViewsStore(deps.dataDir) : null;
  let pendingLink: string | null = null;
  const views = () => {
    if (!store || !deps) throw new AppFailure(appError('internal', 'Saved views are not available here', { detail: 'This core was started without a data folder.' }));
    return { store, profileId: deps.activeProfileId() };
  };
  return {
    'logs.views': async ({ zoneId }) => {
      const v = views();
      // In the canonical text statuses carry: the screen tells the view applied now by comparing the two.
      return { views: (await v.store.list(v.profileId, zoneId)).map((view) => ({ ...view, filter: canonicalFilterText(view.filter) })) };
    },
    'logs.viewSave': async ({ zoneId, name, filter }) => {
      const v = views();
      return v.store.save(v.profileId, zoneId, name, filter);
    },
    'logs.viewRename': async ({ zoneId, id, name }) => {
      const v = views();
      return v.store.rename(v.profileId, zoneId, id, name);
    },
    'logs.viewDelete': async ({ zoneId, id }) => {
      const v = views();
      await v.store.delete(v.profileId, zoneId, id);
      return {};
    },
    'logs.findRequest': async ({ sessionId, requestId, sort }) => ({ index: await session(sessionId).rows.call('findRequest', [requestId, sort]) }),
    'logs.linkDeliver': async ({ url }) => {
      // Only the latest counts: two links clicked in a row open the second.
      pendingLink = url;
      bus.emit('logs.link', {});
      return {};
    },
    'logs.linkPending': async () => ({ pending: pendingLink !== null }),
    'logs.linkTake': async () => {
      const url = pendingLink;
      pendingLink = null;
      return { url };
    },
  };
}
