/** A column store's contents as typed arrays, the form in which rows cross to another thread. */
import { ByteDict, type ByteDictSnapshot } from './byte-dict.js';

/** Everything a store holds, as typed arrays that can be transferred to another thread. */
export interface ColumnsSnapshot {
  readonly length: number;
  readonly timestamp: Float64Array;
  readonly statusCode: Int32Array;
  /** Codes into cacheNames; -1 for none. */
  readonly cacheCode: Int16Array;
  readonly cacheNames: readonly string[];
  readonly bytesSent: Float64Array;
  readonly countryCode: Int16Array;
  readonly edgeCode: Int32Array;
  readonly userAgentCode: Int32Array;
  readonly zoneCode: Int32Array;
  readonly rowStart: Uint32Array;
  readonly arena: Uint8Array;
  readonly body: Float64Array | null;
  readonly zones: readonly number[];
  readonly countries: ByteDictSnapshot;
  readonly edges: ByteDictSnapshot;
  readonly userAgents: ByteDictSnapshot;
}

/** The buffers to list as transferables when posting a snapshot. */
export function snapshotTransferList(s: ColumnsSnapshot): ArrayBuffer[] {
  const arrays = [s.timestamp, s.statusCode, s.cacheCode, s.bytesSent, s.countryCode, s.edgeCode, s.userAgentCode, s.zoneCode, s.rowStart, s.arena];
  if (s.body !== null) arrays.push(s.body);
  const all = [...arrays.map((a) => a.buffer), ...ByteDict.transferList(s.countries), ...ByteDict.transferList(s.edges), ...ByteDict.transferList(s.userAgents)];
  return [...new Set(all)].filter((b): b is ArrayBuffer => b instanceof ArrayBuffer);
}
