/** What visitors request from a website's pull zone: its pages and assets (a shop's, for the busy zone). */
import type { SeedPullZone } from '../context.js';
import { BUSY_ZONE_NAME, createRandom } from '../seed.js';
import { between, hex, pick, weighted, type Rand } from './mix.js';

/** One kind of request, with how large its answers are and how it behaves at the edge. */
export interface RequestKind {
  readonly name: string;
  readonly path: (rand: Rand) => string;
  /** Body size range of a full 200 answer. */
  readonly bodyBytes: readonly [min: number, max: number];
  /** POSTs never touch the cache (cache status `-`). */
  readonly method: 'GET' | 'POST';
  /** Dynamic endpoints the zone is configured to bypass. */
  readonly bypass?: boolean;
  /** Large files fetched with Range (mostly 206). */
  readonly ranged?: boolean;
  /** Paths that do not exist (mostly 404). */
  readonly missing?: boolean;
}

/** The requests one zone receives, plus pages of it that make sensible referers. */
export interface Catalog {
  readonly pickKind: (rand: Rand) => RequestKind;
  readonly pages: readonly string[];
}

const SEARCH_TERMS = ['bunny', 'cdn', 'pricing', 'video', 'edge', 'storage', 'caching'];
const MISSING = ['/wp-login.php', '/.env', '/old-page.html', '/images/missing.png', '/xmlrpc.php', '/assets/app.0000.js'];

function siteCatalog(host: string, rand: Rand): Catalog {
  const build = hex(rand, 8);
  const pages = ['/', '/about', '/pricing', '/blog/how-we-cache', '/blog/edge-computing-101', '/docs/getting-started', '/contact'];
  const assets = [`/assets/app.${build}.js`, `/assets/vendor.${hex(rand, 8)}.js`, `/assets/style.${hex(rand, 8)}.css`, '/fonts/inter-var.woff2'];
  const kinds: (readonly [RequestKind, number])[] = [
    [{ name: 'page', path: (r) => pick(r, pages), bodyBytes: [3_000, 60_000], method: 'GET' }, 18],
    [{ name: 'asset', path: (r) => pick(r, assets), bodyBytes: [20_000, 450_000], method: 'GET' }, 30],
    [
      {
        name: 'image',
        path: (r) =>
          pick(r, [
            `/images/hero.webp?w=${pick(r, [800, 1200, 1600])}&q=80`,
            `/images/products/p-${between(r, 1, 40)}.png?w=400`,
            '/images/logo.svg',
            '/favicon.ico',
          ]),
        bodyBytes: [1_000, 300_000],
        method: 'GET',
      },
      30,
    ],
    [{ name: 'download', path: (r) => pick(r, ['/downloads/whitepaper.pdf', '/downloads/app-setup-2.4.1.exe']), bodyBytes: [2_000_000, 80_000_000], method: 'GET', ranged: true }, 3],
    [{ name: 'api', path: (r) => pick(r, [`/api/search?q=${pick(r, SEARCH_TERMS)}`, `/api/products?page=${between(r, 1, 9)}`]), bodyBytes: [400, 12_000], method: 'GET', bypass: true }, 8],
    [{ name: 'post', path: (r) => pick(r, ['/api/contact', '/api/newsletter/subscribe']), bodyBytes: [40, 400], method: 'POST' }, 3],
    [{ name: 'missing', path: (r) => pick(r, MISSING), bodyBytes: [200, 1_500], method: 'GET', missing: true }, 5],
  ];
  return { pickKind: weighted(kinds), pages: pages.map((p) => `https://${host}${p}`) };
}

const CATEGORIES = ['shoes', 'jackets', 'bags', 'watches', 'outdoor', 'kids', 'sale', 'new-in'];

/**
 * A busy shop: many product pages and images (so URL lists have a long tail), a cart and checkout the zone
 * bypasses, and the usual crawlers and missing paths.
 */
function shopCatalog(host: string, rand: Rand): Catalog {
  const build = hex(rand, 8);
  const products = Array.from({ length: 400 }, (_, i) => `${pick(rand, CATEGORIES)}-${hex(rand, 4)}-${i + 1}`);
  const pages = ['/', '/cart', '/checkout', '/account', ...CATEGORIES.map((c) => `/c/${c}`), ...products.slice(0, 40).map((p) => `/p/${p}`)];
  const assets = [`/static/shop.${build}.js`, `/static/vendor.${hex(rand, 8)}.js`, `/static/shop.${hex(rand, 8)}.css`, '/static/fonts/brand.woff2'];
  const kinds: (readonly [RequestKind, number])[] = [
    [{ name: 'product', path: (r) => `/p/${pick(r, products)}`, bodyBytes: [18_000, 90_000], method: 'GET' }, 14],
    [{ name: 'page', path: (r) => (r() < 0.5 ? `/c/${pick(r, CATEGORIES)}?page=${between(r, 1, 12)}` : pick(r, ['/', '/account', `/search?q=${pick(r, SEARCH_TERMS)}`])), bodyBytes: [6_000, 70_000], method: 'GET' }, 8],
    [{ name: 'asset', path: (r) => pick(r, assets), bodyBytes: [20_000, 600_000], method: 'GET' }, 20],
    [{ name: 'image', path: (r) => `/img/${pick(r, products)}/${pick(r, ['main', 'alt-1', 'alt-2', 'zoom'])}.webp?w=${pick(r, [320, 640, 1280])}`, bodyBytes: [8_000, 400_000], method: 'GET' }, 42],
    [{ name: 'api', path: (r) => pick(r, ['/api/cart', `/api/stock?sku=${between(r, 10000, 10399)}`, '/api/session']), bodyBytes: [300, 6_000], method: 'GET', bypass: true }, 8],
    [{ name: 'post', path: (r) => pick(r, ['/api/cart/add', '/api/checkout', '/api/events']), bodyBytes: [40, 900], method: 'POST' }, 4],
    [{ name: 'missing', path: (r) => pick(r, MISSING), bodyBytes: [200, 1_500], method: 'GET', missing: true }, 4],
  ];
  return { pickKind: weighted(kinds), pages: pages.map((p) => `https://${host}${p}`) };
}

/** True for the demo's busy zone (its traffic is generated a minute at a time; see busy.ts). */
export function isBusyZone(zone: SeedPullZone): boolean {
  return zone.name === BUSY_ZONE_NAME;
}

/** The catalog of a zone; the same seed and zone always give the same catalog. */
export function catalogFor(seed: number, zone: SeedPullZone): Catalog {
  const rand = createRandom((seed ^ Math.imul(zone.id, 0x9e3779b1)) >>> 0);
  return isBusyZone(zone) ? shopCatalog(zone.hostname, rand) : siteCatalog(zone.hostname, rand);
}
