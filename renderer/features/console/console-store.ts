/**
 * The console's draft (command line, body, verbose) survives navigation and restarts; the last response survives
 * navigation within this window's session (kept in memory only: it can be large and holds the platform's answer).
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { ConsoleResponse } from '../../../shared/console/model';
import { onProfileSwitch } from '../../bridge/active-profile';
import { call } from '../../bridge/client';

interface ConsoleDraft {
  readonly line: string;
  readonly body: string;
  readonly verbose: boolean;
  /** The answer to the last request sent, copy-as forms included (built by the core, which knows the profile's URL). */
  readonly response: ConsoleResponse | null;
  /** The request sent and not yet answered; only its answer is taken in (none after a profile switch). */
  readonly inFlight: string | null;
  setLine(line: string): void;
  setBody(body: string): void;
  setVerbose(verbose: boolean): void;
  setResponse(response: ConsoleResponse | null): void;
  setInFlight(requestId: string | null): void;
}

export const useConsoleDraft = create<ConsoleDraft>()(
  persist(
    (set) => ({
      line: 'api GET /pullzone',
      body: '',
      verbose: false,
      response: null,
      inFlight: null,
      setLine: (line) => set({ line }),
      setBody: (body) => set({ body }),
      setVerbose: (verbose) => set({ verbose }),
      setResponse: (response) => set({ response }),
      setInFlight: (inFlight) => set({ inFlight }),
    }),
    { name: 'burrow.console.draft', partialize: ({ line, body, verbose }) => ({ line, body, verbose }) },
  ),
);

// The last answer came from the profile that was active: another profile's window never shows it. A request still
// on its way was sent with the old profile's key: it is stopped, and its answer (or error) is not taken in.
onProfileSwitch(() => {
  const { inFlight } = useConsoleDraft.getState();
  useConsoleDraft.setState({ response: null, inFlight: null });
  if (inFlight) call('console.cancel', { requestId: inFlight }).catch(() => undefined);
});

/** Paths offered as suggestions while typing. */
export const SUGGESTIONS = [
  'api GET /pullzone',
  'api GET /pullzone/{id}',
  'api POST /pullzone/{id} --body \'{"OriginUrl":"https://example.com"}\'',
  'api GET /storagezone',
  'api GET /dnszone',
  'api GET /dnszone/{id}',
  'api POST /dnszone --body \'{"Domain":"example.com"}\'',
  'api GET /videolibrary',
  'api GET /videolibrary/{id}',
  'api GET /mc/apps',
  'api GET /mc/regions',
];
