/** The query cache behind every bridge hook; the app root mounts it once. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

/** A cache tuned for a local core: no retries (the core retries what is safe), no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 }, mutations: { retry: false } },
  });
}

/** Provides the query cache; tests pass their own client to look inside it. */
export function BridgeProvider({ client, children }: { readonly client?: QueryClient; readonly children: ReactNode }) {
  const [own] = useState(() => client ?? createQueryClient());
  return <QueryClientProvider client={own}>{children}</QueryClientProvider>;
}
