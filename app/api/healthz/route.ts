import { healthResponse } from '@/lib/observability/readiness';

/**
 * GET /healthz: the process is up and answering (lib/observability/readiness.ts). No dependency is asked,
 * no session read: a database outage must not make an orchestrator restart every web process.
 */
export const dynamic = 'force-dynamic';

export function GET(): Response {
  return healthResponse({ status: 'ok' }, 200);
}
