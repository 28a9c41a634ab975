import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { NuqsAdapter } from 'nuqs/adapters/react';
import { makeQueryClient } from '@/components/lists/query-client';
import { SnackbarProvider } from '@/components/ui/snackbar';

/**
 * What the portal layout gives an inbox list (components/lists/list-providers.tsx), for component tests in
 * jsdom: a data layer of the test's own (no answers shared between tests) and the address bar as
 * window.location (nuqs's plain React adapter: it reads and writes the real history, as Next's does).
 */
export function InboxTestProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={makeQueryClient()}>
      <NuqsAdapter>
        <SnackbarProvider>{children}</SnackbarProvider>
      </NuqsAdapter>
    </QueryClientProvider>
  );
}
