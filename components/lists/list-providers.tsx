'use client';

import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { NuqsAdapter } from 'nuqs/adapters/next/app';
import { makeQueryClient } from './query-client';

/** The portal's data layer and address-bar state (components/lists/use-list.ts), one of each per tab. */
export function ListProviders({ children }: { children: ReactNode }) {
  // One client for the life of the tab; useState keeps it across renders (never shared between users on the server).
  const [client] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={client}>
      <NuqsAdapter>{children}</NuqsAdapter>
    </QueryClientProvider>
  );
}
