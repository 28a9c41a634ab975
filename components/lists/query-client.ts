import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '@/lib/client/api';

/** How long an answer counts as fresh: a list shown again within it (back, a tab) is not asked again. */
export const FRESH_FOR_MS = 30_000;

/**
 * A refusal (4xx: bad filters, no longer allowed, gone) says the same the second time; a network
 * failure or a server error (5xx) may not, so it is tried once more before the list says it failed.
 * 401 never gets here: lib/client/api.ts sends the browser to sign in first.
 */
export function shouldRetry(failures: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return failures < 1;
}

/**
 * The browser's one data layer (TanStack Query): answers cached by their question, the same question
 * asked once, a question replaced by a newer one aborted (queryFn passes the signal to lib/client/api.ts)
 * and its late answer never shown. Lists are not re-asked when the window regains focus: a row the
 * user is reading must not move under them.
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: FRESH_FOR_MS, refetchOnWindowFocus: false, retry: shouldRetry, retryDelay: 500 },
      mutations: { retry: false },
    },
  });
}
