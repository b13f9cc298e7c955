/** DNS zones: the seed's zones plus those added through POST /dnszone, minus deleted ones. */
import type { SeedData } from '../context.js';
import { dnsZoneModel, SEED_DATE, type DnsZoneRecord, type Wire } from './models.js';
import type { ZoneResult } from './respond.js';

// Labels of letters, digits and inner hyphens; at least two labels; a top-level label that is not all digits.
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The DNS zones of one sandbox. */
export interface DnsZones {
  list(search: string): Wire[];
  get(id: number): Wire | undefined;
  add(body: unknown): ZoneResult;
  /** False when there is no such zone. */
  remove(id: number): boolean;
  /** Every zone as kept, for the saved account. */
  records(): DnsZoneRecord[];
}

/** Creates the DNS-zone state for a seed; `now` stamps new zones. */
export function createDnsZones(seed: SeedData, now: () => number, saved?: readonly DnsZoneRecord[]): DnsZones {
  // A saved account's zones replace the seed's: a seeded zone may have been deleted since.
  const zones: DnsZoneRecord[] = saved ? saved.map((z) => ({ ...z })) : seed.dnsZones.map((z) => ({ ...z, dateCreated: SEED_DATE }));
  // Ids are never handed out twice, even after the highest zone was deleted, as long as the seed's stay reserved.
  let nextId = Math.max(0, ...seed.dnsZones.map((z) => z.id), ...zones.map((z) => z.id)) + 1;
  return {
    list(search) {
      return zones.filter((z) => search === '' || z.domain.includes(search)).map(dnsZoneModel);
    },
    get(id) {
      const zone = zones.find((z) => z.id === id);
      return zone && dnsZoneModel(zone);
    },
    add(body) {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        return { ok: false, errorKey: 'validation.invalid_body', field: null, message: 'The request body must be a JSON object.' };
      }
      const raw = (body as Record<string, unknown>).Domain;
      if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
        return { ok: false, errorKey: 'validation.required', field: 'Domain', message: 'The Domain field is required.' };
      }
      const domain = typeof raw === 'string' ? raw.trim().toLowerCase().replace(/\.$/, '') : '';
      if (!DOMAIN.test(domain)) {
        return { ok: false, errorKey: 'dnsZone.invalid_domain', field: 'Domain', message: 'The Domain must be a valid domain name.' };
      }
      if (zones.some((z) => z.domain === domain)) {
        return { ok: false, errorKey: 'dnsZone.already_exists', field: 'Domain', message: `The DNS zone ${domain} already exists.` };
      }
      const zone: DnsZoneRecord = { id: nextId++, domain, dateCreated: new Date(now()).toISOString() };
      zones.push(zone);
      return { ok: true, zone: dnsZoneModel(zone) };
    },
    remove(id) {
      const index = zones.findIndex((z) => z.id === id);
      if (index === -1) return false;
      zones.splice(index, 1);
      return true;
    },
    records: () => zones.map((z) => ({ ...z })),
  };
}
