/** The core API area (api.bunny.net subset): pull zones, storage zones, DNS zones, video libraries, regions. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pullZonesOf, type Area, type SandboxContext } from '../context.js';
import { BodyError, canAnswer, header, readJson, sendEmpty, sendJson } from '../http.js';
import { createDnsZones } from './dns-zones.js';
import { withExtraMembers } from '../apps/variety.js';
import { regionModel, storageZoneModel, videoLibraryModel, type Wire } from './models.js';
import type { SavedPart } from '../state.js';
import { createPullZones } from './pull-zones.js';
import { listOrPage, pageOf, readPaging, sendError, type Paging } from './respond.js';

type Handler = (req: IncomingMessage, res: ServerResponse, query: URLSearchParams, id: number | undefined) => Promise<boolean> | boolean;

/** One route: a collection (`/pullzone`) or an item (`/pullzone/{id}`), with its methods. */
interface Route {
  readonly collection: string;
  readonly item: boolean;
  readonly notFound?: readonly [errorKey: string, field: string, message: string];
  readonly methods: Readonly<Record<string, Handler>>;
  readonly public?: boolean;
}

function parseId(segment: string): number | undefined {
  return /^\d{1,15}$/.test(segment) ? Number(segment) : undefined;
}

const BODY_ERROR_KEYS: Readonly<Record<number, string>> = { 413: 'request.too_large', 415: 'request.unsupported_encoding' };

async function readBody(req: IncomingMessage, res: ServerResponse): Promise<{ ok: true; body: unknown } | { ok: false }> {
  try {
    return { ok: true, body: await readJson(req, 256 * 1024) };
  } catch (e) {
    if (!(e instanceof BodyError)) throw e;
    if (canAnswer(res)) sendError(res, e.status, BODY_ERROR_KEYS[e.status] ?? 'validation.invalid_json', null, e.message);
    return { ok: false };
  }
}

function withPaging(res: ServerResponse, query: URLSearchParams, defaultPage: number, answer: (p: Extract<Paging, { ok: true }>) => unknown): true {
  const paging = readPaging(query, defaultPage);
  if (!paging.ok) return sendError(res, 400, 'validation.invalid_value', paging.field, paging.message);
  sendJson(res, 200, answer(paging));
  return true;
}

/** GET of one item: the item `find` gives for the path's id, or the route's 404. */
function getItem(find: (id: number) => Wire | undefined, notFound: readonly [string, string, string]): Handler {
  return (_req, res, _query, id) => {
    const item = id === undefined ? undefined : find(id);
    return item ? (sendJson(res, 200, item), true) : sendError(res, 404, ...notFound);
  };
}

/** The core API area plus its part of the saved account. */
export interface CoreApiArea extends Area {
  save(): SavedPart<'pullZoneEdits' | 'dnsZones'>;
}

/** Creates the core API area. Mutable state (pull-zone edits, DNS zones) lives here, per sandbox. */
export function createCoreApiArea(ctx: SandboxContext): CoreApiArea {
  const { seed } = ctx;
  // The sandbox itself is its libraries' CDN, so thumbnails show without a network.
  const pullZones = createPullZones(seed, ctx.saved?.pullZoneEdits, () => (ctx.origin() === '' ? undefined : new URL(ctx.origin()).host), () => pullZonesOf(ctx));
  const dnsZones = createDnsZones(seed, ctx.options.now, ctx.saved?.dnsZones);
  const PZ_404 = ['pullZone.not_found', 'PullZone', 'The requested Pull Zone was not found'] as const;
  const DNS_404 = ['dnsZone.not_found', 'DnsZone', 'The requested DNS Zone was not found'] as const;
  const LIB_404 = ['videoLibrary.not_found', 'VideoLibrary', 'The requested Video Library was not found'] as const;
  // With realism on, about one zone or library in four carries members the client does not know.
  const varied = (model: Wire, kind = 'pullzone'): Wire => withExtraMembers(ctx, `${kind}:${String(model.Id)}`, model);

  const routes: readonly Route[] = [
    {
      collection: 'pullzone',
      item: false,
      methods: { GET: (_req, res, query) => withPaging(res, query, 0, (p) => listOrPage(pullZones.list(p.search).map((z) => varied(z)), p)) },
    },
    {
      collection: 'pullzone',
      item: true,
      notFound: PZ_404,
      methods: {
        GET: getItem((id) => {
          const zone = pullZones.get(id);
          return zone && varied(zone);
        }, PZ_404),
        POST: async (req, res, _query, id) => {
          if (id === undefined || !pullZones.get(id)) return sendError(res, 404, ...PZ_404);
          const read = await readBody(req, res);
          if (!read.ok) return true;
          const result = pullZones.update(id, read.body);
          if (!result) return sendError(res, 404, ...PZ_404);
          if (!result.ok) return sendError(res, 400, result.errorKey, result.field, result.message);
          sendJson(res, 200, result.zone);
          return true;
        },
      },
    },
    {
      collection: 'storagezone',
      item: false,
      methods: {
        GET: (_req, res, query) =>
          withPaging(res, query, 0, (p) => {
            const zones = seed.storageZones
              .filter((z) => p.search === '' || z.name.toLowerCase().includes(p.search))
              .map((z) => storageZoneModel(seed, z, pullZones.forStorageZone(z.id)));
            return listOrPage(zones, p);
          }),
      },
    },
    {
      collection: 'dnszone',
      item: false,
      methods: {
        GET: (_req, res, query) => withPaging(res, query, 1, (p) => pageOf(dnsZones.list(p.search), p.page, p.perPage)),
        POST: async (req, res) => {
          const read = await readBody(req, res);
          if (!read.ok) return true;
          const result = dnsZones.add(read.body);
          if (!result.ok) return sendError(res, 400, result.errorKey, result.field, result.message);
          sendJson(res, 201, result.zone);
          return true;
        },
      },
    },
    {
      collection: 'dnszone',
      item: true,
      notFound: DNS_404,
      methods: {
        GET: getItem((id) => dnsZones.get(id), DNS_404),
        DELETE: (_req, res, _query, id) => {
          if (id === undefined || !dnsZones.remove(id)) return sendError(res, 404, ...DNS_404);
          sendEmpty(res, 204);
          return true;
        },
      },
    },
    {
      collection: 'videolibrary',
      item: false,
      methods: {
        GET: (_req, res, query) =>
          withPaging(res, query, 0, (p) =>
            listOrPage(
              seed.libraries.filter((l) => p.search === '' || l.name.toLowerCase().includes(p.search)).map((l) => varied(videoLibraryModel(l), 'library')),
              p,
            ),
          ),
      },
    },
    {
      collection: 'videolibrary',
      item: true,
      notFound: LIB_404,
      methods: {
        GET: getItem((id) => {
          const lib = seed.libraries.find((l) => l.id === id);
          return lib && varied(videoLibraryModel(lib), 'library');
        }, LIB_404),
      },
    },
    {
      collection: 'region',
      item: false,
      // The platform's region list needs no key (its OpenAPI declares no 401 for it).
      public: true,
      methods: { GET: (_req, res) => (sendJson(res, 200, seed.regions.map(regionModel)), true) },
    },
  ];

  return {
    save: () => ({ pullZoneEdits: pullZones.edits(), dnsZones: dnsZones.records() }),
    async handle(req, res, path, query) {
      const segments = path.replace(/\/+$/, '').split('/').slice(1);
      if (segments.length < 1 || segments.length > 2) return false;
      const [first = '', second] = segments;
      const route = routes.find((r) => r.collection === first.toLowerCase() && r.item === (second !== undefined));
      if (!route) return false;
      if (!route.public && header(req, 'AccessKey') !== seed.accountKey) {
        return sendError(res, 401, 'authorization.failed', 'AccessKey', 'The request authorization failed');
      }
      const method = (req.method ?? 'GET').toUpperCase();
      const handler = route.methods[method];
      if (!handler) {
        res.setHeader('allow', Object.keys(route.methods).join(', '));
        return sendError(res, 405, 'request.method_not_allowed', null, `${method} is not allowed on this resource`);
      }
      const id = second === undefined ? undefined : parseId(second);
      if (second !== undefined && id === undefined && route.notFound) return sendError(res, 404, ...route.notFound);
      return handler(req, res, query, id);
    },
  };
}
