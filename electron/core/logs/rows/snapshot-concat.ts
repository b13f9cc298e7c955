/**
 * Joining column-store snapshots end to end, for a file parsed in parts on several threads: the rows of the
 * second part follow those of the first, exactly as if one store had read the whole file. Typed columns are
 * copied, dictionary codes are translated into one set of dictionaries, and arena offsets are moved along by
 * the bytes of the parts before.
 */
import { ByteDict, type ByteDictSnapshot } from './byte-dict.js';
import type { ColumnsSnapshot } from './columns.js';

/** Interns every entry of `from` into `into`; returns each entry's code in `into`. */
function translate(into: ByteDict, from: ByteDictSnapshot): Int32Array {
  const codes = new Int32Array(from.hashes.length);
  for (let c = 0; c < codes.length; c++) codes[c] = into.intern(from.bytes, from.starts[c]!, from.starts[c + 1]!);
  return codes;
}

function mapCodes(out: Int16Array | Int32Array, at: number, codes: Int16Array | Int32Array, table: Int32Array): void {
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i]!;
    out[at + i] = c < 0 ? -1 : table[c]!;
  }
}

/**
 * The code each of a part's values has in the joined list: values the list already holds keep their code, new
 * ones are appended (and indexed) in the order the part met them.
 */
function joinCodes<T>(partValues: readonly T[], joined: T[], index: Map<T, number>): Int32Array {
  return Int32Array.from(partValues, (value) => {
    let code = index.get(value);
    if (code === undefined) {
      code = joined.push(value) - 1;
      index.set(value, code);
    }
    return code;
  });
}

/** The snapshots' rows one after another, as one snapshot. The parts are read, not changed. */
export function concatSnapshots(parts: readonly ColumnsSnapshot[]): ColumnsSnapshot {
  if (parts.length === 1) return parts[0]!;
  const length = parts.reduce((n, p) => n + p.length, 0);
  const arenaBytes = parts.reduce((n, p) => n + p.arena.length, 0);
  // Row offsets are 32-bit, as in the store itself.
  if (arenaBytes > 0xffff_ffff) throw new RangeError('The log file holds more string bytes than one store can address');
  const out = {
    timestamp: new Float64Array(length),
    statusCode: new Int32Array(length),
    cacheCode: new Int16Array(length),
    bytesSent: new Float64Array(length),
    countryCode: new Int16Array(length),
    edgeCode: new Int32Array(length),
    userAgentCode: new Int32Array(length),
    zoneCode: new Int32Array(length),
    rowStart: new Uint32Array(length),
    arena: new Uint8Array(arenaBytes),
    body: parts.some((p) => p.body !== null) ? new Float64Array(length).fill(NaN) : null,
  };
  const cacheNames: string[] = [];
  const cacheIndex = new Map<string, number>();
  const zones: number[] = [];
  const zoneIndex = new Map<number, number>();
  const countries = new ByteDict();
  const edges = new ByteDict();
  const userAgents = new ByteDict();
  let row = 0;
  let arenaAt = 0;
  for (const p of parts) {
    const n = p.length;
    out.timestamp.set(p.timestamp.subarray(0, n), row);
    out.statusCode.set(p.statusCode.subarray(0, n), row);
    // Each part numbered the statuses it met on its own past the known ones.
    mapCodes(out.cacheCode, row, p.cacheCode.subarray(0, n), joinCodes(p.cacheNames, cacheNames, cacheIndex));
    out.bytesSent.set(p.bytesSent.subarray(0, n), row);
    if (p.body !== null) out.body!.set(p.body.subarray(0, n), row);
    mapCodes(out.zoneCode, row, p.zoneCode.subarray(0, n), joinCodes(p.zones, zones, zoneIndex));
    mapCodes(out.countryCode, row, p.countryCode.subarray(0, n), translate(countries, p.countries));
    mapCodes(out.edgeCode, row, p.edgeCode.subarray(0, n), translate(edges, p.edges));
    mapCodes(out.userAgentCode, row, p.userAgentCode.subarray(0, n), translate(userAgents, p.userAgents));
    for (let i = 0; i < n; i++) out.rowStart[row + i] = p.rowStart[i]! + arenaAt;
    out.arena.set(p.arena, arenaAt);
    row += n;
    arenaAt += p.arena.length;
  }
  return { length, ...out, cacheNames, zones, countries: countries.snapshot(), edges: edges.snapshot(), userAgents: userAgents.snapshot() };
}
