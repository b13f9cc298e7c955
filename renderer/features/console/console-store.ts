/** The console's draft (command line, body, verbose) survives navigation and restarts. */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface ConsoleDraft {
  readonly line: string;
  readonly body: string;
  readonly verbose: boolean;
  setLine(line: string): void;
  setBody(body: string): void;
  setVerbose(verbose: boolean): void;
}

export const useConsoleDraft = create<ConsoleDraft>()(
  persist(
    (set) => ({
      line: 'api GET /pullzone',
      body: '',
      verbose: false,
      setLine: (line) => set({ line }),
      setBody: (body) => set({ body }),
      setVerbose: (verbose) => set({ verbose }),
    }),
    { name: 'burrow.console.draft', partialize: ({ line, body, verbose }) => ({ line, body, verbose }) },
  ),
);

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
