/**
 * The apps area as the core wires it: the active profile's applications through the platform client (its
 * containers URL and account key), and the create form's draft for that profile.
 */
import { readAppListItem, readRegion, readRegistry } from '../../../shared/apps/platform-answers.js';
import { type AppDraft, type appsContract } from '../../../shared/contract/apps.js';
import type { PlatformClient } from '../platform/types.js';
import type { SecretCipher } from '../ports.js';
import type { AreaHandlers } from '../router.js';
import { appsApi } from './apps-api.js';
import { DraftStore } from './drafts.js';

/** The area's handlers, typed from its contract file. */
export type AppsHandlers = AreaHandlers<typeof appsContract>;

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
}

/** Builds the apps area. */
export function appsArea(deps: AppsAreaDeps): { readonly handlers: AppsHandlers; readonly drafts: DraftStore } {
  const drafts = new DraftStore(deps.dataDir, { ...(deps.cipher ? { cipher: deps.cipher } : {}), ...(deps.now ? { now: deps.now } : {}) });
  const api = async () => appsApi((await deps.active()).client);

  const handlers: AppsHandlers = {
    'apps.list': async (input, ctx) => {
      const page = await (await api()).list(readAppListItem, { ...(input.limit !== undefined ? { limit: input.limit } : {}), cursor: input.cursor ?? null }, ctx.signal);
      return { items: [...page.items], unreadable: page.unreadable, totalItems: page.totalItems, cursor: page.cursor };
    },
    'apps.get': async ({ id }, ctx) => (await api()).get(id, ctx.signal),
    'apps.delete': async ({ id }, ctx) => {
      await (await api()).delete(id, ctx.signal);
      return {};
    },
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
    'apps.deploy': async ({ id }, ctx) => {
      await (await api()).run(id, 'deploy', ctx.signal);
      return {};
    },
    'apps.undeploy': async ({ id }, ctx) => {
      await (await api()).run(id, 'undeploy', ctx.signal);
      return {};
    },
    'apps.restart': async ({ id }, ctx) => {
      await (await api()).run(id, 'restart', ctx.signal);
      return {};
    },
    'apps.overview': async ({ id }, ctx) => (await api()).overview(id, ctx.signal),
    'apps.update': async ({ id, text }, ctx) => (await api()).update(id, text, ctx.signal),
    'apps.setScaling': async ({ id, min, max }, ctx) => {
      await (await api()).setScaling(id, { min, max }, ctx.signal);
      return {};
    },
    'apps.setRegions': async ({ id, ...regions }, ctx) => {
      await (await api()).setRegions(id, regions, ctx.signal);
      return {};
    },
    'apps.setEnv': async ({ id, containerId, variables }, ctx) => {
      await (await api()).setEnv(id, containerId, variables, ctx.signal);
      return {};
    },
    'apps.getDraft': async ({ profileId }) => {
      const view = await drafts.get(deps.draftProfileId(profileId));
      // Parsed from the JSON text the contract accepted, so it is JSON.
      return { draft: view.draft as AppDraft['draft'], savedAt: view.savedAt, secretValues: view.secretValues, ...(view.notice !== undefined ? { notice: view.notice } : {}) };
    },
    'apps.saveDraft': async ({ profileId, draft }) => drafts.save(deps.draftProfileId(profileId), draft),
    'apps.clearDraft': async ({ profileId }) => {
      await drafts.clear(deps.draftProfileId(profileId));
      return {};
    },
  };
  return { handlers, drafts };
}
