import { env } from '@/lib/env';
import { webMetricsText } from '@/lib/observability/cluster-metrics';
import { metricsResponse } from '@/lib/observability/metrics-endpoint';
import { registerPortalGauges } from '@/lib/observability/portal-gauges';

/**
 * GET /metrics: Prometheus text of the web server, all its processes together (requests by route pattern
 * and status, their pools), and of the shared outbox and queue, only with `Authorization: Bearer
 * <METRICS_TOKEN>` (lib/observability).
 */
export const dynamic = 'force-dynamic';

export async function GET(req: Request): Promise<Response> {
  registerPortalGauges();
  return metricsResponse(req.headers.get('authorization'), env.METRICS_TOKEN, webMetricsText);
}
