import { pool } from '@/db/client';
import { getQueue } from '@/jobs/queue';
import { checkReadiness, databaseCheck, readinessResponse } from '@/lib/observability/readiness';

/**
 * GET /readyz: 200 when PostgreSQL and the queue answer within the time-out, else 503 naming which did
 * not (lib/observability/readiness.ts). Unauthenticated and without a session read, as load balancers call it.
 */
export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  const queue = async () => (await getQueue()).getJobCounts('waiting');
  return readinessResponse(await checkReadiness({ database: databaseCheck(pool), queue }));
}
