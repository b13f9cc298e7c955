/**
 * The apps area's door: the active profile's applications through the platform client (its
 * containers URL and account key), and the create form's draft for that profile.
 */
import { readAppListItem, readRegion, readRegistry } from '../../../shared/apps/platform-answers.js';
import { type AppDraft, type appsContract } from '../../../shared/contract/apps.js';
import type { PlatformClient } from '../platform/types.js';
import type { Dialogs, SecretCipher } from '../ports.js';
import type { AreaHandlers } from '../router.js';
import { appsApi } from './apps-api.js';
import { readComposeImport } from './compose-file.js';
import { DraftStore } from './drafts.js';
import { healthHandler } from './health.js';
import { registryApi } from './registry-api.js';

/** The area's handlers, typed from its contract file. */
type AppsHandlers = AreaHandlers<typeof appsContract>;

/** The platform's error texts per status, for the command line's tests of the same words. */
export { APPS_ERROR_TEXTS } from './app-errors.js';

/** What the area needs from the rest of the core. */
export interface AppsAreaDeps {
  readonly dataDir: string;
  /** Seals drafts at rest, as keys are (they may hold secret environment values). */
  readonly cipher?: SecretCipher;
  /** The active profile's id and platform client. */
  active(): Promise<{ readonly profileId: string; readonly client: PlatformClient }>;
  /**
   * The profile a draft belongs to (drafts need no client): the one named, after checking it exists (a not-found
   * failure otherwise), or the active one when none is named.
   */
  draftProfileId(requested: string | undefined): string;
  readonly now?: () => number;
  /** The open dialog, for choosing a compose file to import. */
  readonly dialogs?: Dialogs;
}

/** A call whose answer says nothing more than that it was done. */
const done = async (call: Promise<unknown>): Promise<Record<string, never>> => {
  await call;
  return {};
};

/** Builds the apps area. */
export function createAppsArea(deps: AppsAreaDeps): { readonly handlers: AppsHandlers } {
  const drafts = new DraftStore(deps.dataDir, { ...(deps.cipher ? { cipher: deps.cipher } : {}), ...(deps.now ? { now: deps.now } : {}) });
  const api = async () => appsApi((await deps.active()).client);

  const handlers: AppsHandlers = {
    'apps.list': async (input, ctx) => {
      const page = await (await api()).list(readAppListItem, { ...(input.limit !== undefined ? { limit: input.limit } : {}), cursor: input.cursor ?? null }, ctx.signal);
      return { items: [...page.items], unreadable: page.unreadable, totalItems: page.totalItems, cursor: page.cursor };
    },
    'apps.get': async ({ id }, ctx) => (await api()).get(id, ctx.signal),
    'apps.delete': async ({ id }, ctx) => done((await api()).delete(id, ctx.signal)),
    'apps.create': async ({ text }, ctx) => {
      const created = await (await api()).create(text, ctx.signal);
      return { id: created.id };
    },
    'apps.regions': async (_input, ctx) => {
      const { items, unreadable } = await (await api()).all('/regions', readRegion, ctx.signal);
      return { regions: items, unreadable };
    },
    'apps.registries': async (_input, ctx) => {
      const { items, unreadable } = await (await api()).all('/registries', readRegistry, ctx.signal);
      return { registries: items, unreadable };
    },
    'apps.deploy': async ({ id }, ctx) => done((await api()).run(id, 'deploy', ctx.signal)),
    'apps.undeploy': async ({ id }, ctx) => done((await api()).run(id, 'undeploy', ctx.signal)),
    'apps.restart': async ({ id }, ctx) => done((await api()).run(id, 'restart', ctx.signal)),
    'apps.overview': async ({ id }, ctx) => (await api()).overview(id, ctx.signal),
    'apps.update': async ({ id, text }, ctx) => (await api()).update(id, text, ctx.signal),
    'apps.setScaling': async ({ id, min, max }, ctx) => done((await api()).setScaling(id, { min, max }, ctx.signal)),
    'apps.setRegions': async ({ id, ...regions }, ctx) => done((await api()).setRegions(id, regions, ctx.signal)),
    'apps.setEnv': async ({ id, containerId, variables }, ctx) => done((await api()).setEnv(id, containerId, variables, ctx.signal)),
    'apps.getDraft': async ({ profileId }) => {
      const view = await drafts.get(deps.draftProfileId(profileId));
      // Parsed from the JSON text the contract accepted, so it is JSON.
      return { draft: view.draft as AppDraft['draft'], savedAt: view.savedAt, secretValues: view.secretValues, ...(view.notice !== undefined ? { notice: view.notice } : {}) };
    },
    'apps.saveDraft': async ({ profileId, draft }) => drafts.save(deps.draftProfileId(profileId), draft),
    'apps.clearDraft': async ({ profileId }) => done(drafts.clear(deps.draftProfileId(profileId))),
    'apps.importCompose': async (_input, ctx) => {
      if (!deps.dialogs) return null;
      const [path] = await deps.dialogs.openFiles({
        title: 'Import a compose file',
        filters: [{ name: 'Compose files', extensions: ['yml', 'yaml'] }, { name: 'All files', extensions: ['*'] }],
      });
      if (path === undefined) return null;
      // The registries are asked first: an account that cannot list them cannot create the app either.
      const { items } = await (await api()).all('/registries', readRegistry, ctx.signal);
      const imported = await readComposeImport(path, items);
      return { ...imported, body: imported.body as Record<string, unknown>, endpoints: [...imported.endpoints], unmapped: [...imported.unmapped] };
    },
    'apps.health': healthHandler({ client: async () => (await deps.active()).client, ...(deps.now ? { now: deps.now } : {}) }),
    // The form's questions to the platform: images, suggestions, limits, optimal region.
    ...registryHandlers(deps),
  };
  return { handlers };
}

/** The handlers of the form's questions, kept apart from the rest of the area. */
function registryHandlers(deps: AppsAreaDeps): Pick<
  AppsHandlers,
  'apps.searchImages' | 'apps.imageTags' | 'apps.imageDigest' | 'apps.configSuggestions' | 'apps.limits' | 'apps.optimalRegion'
> {
  const api = async () => registryApi((await deps.active()).client);
  return {
    'apps.searchImages': async (input, ctx) => {
      const { items, unreadable } = await (await api()).searchImages(input, ctx.signal);
      return { images: items, unreadable };
    },
    'apps.imageTags': async (input, ctx) => {
      const { items, unreadable } = await (await api()).imageTags(input, ctx.signal);
      return { tags: items, unreadable };
    },
    'apps.imageDigest': async (input, ctx) => ({ digest: await (await api()).imageDigest(input, ctx.signal) }),
    'apps.configSuggestions': async (input, ctx) => (await api()).configSuggestions(input, ctx.signal),
    'apps.limits': async (_input, ctx) => (await api()).limits(ctx.signal),
    'apps.optimalRegion': async (_input, ctx) => ({ region: await (await api()).optimalRegion(ctx.signal) }),
  };
}
