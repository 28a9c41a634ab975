import { z } from 'zod';
import { getQueue } from '@/jobs/queue';
import { route } from '@/lib/http/route';
import { auditQueueAct } from '@/lib/observability/queue-audit';
import { answerBoard, BOARD_CSP } from '@/lib/observability/queue-board';

/**
 * The queue dashboard (Bull Board) at /api/admin/queue: portal admins only ('queue.manage'), through the
 * portal's session and anti-forgery token like every API call; retries and removals are audited.
 * lib/observability/queue-board.ts says what the dashboard may do.
 */
export const dynamic = 'force-dynamic';

const pages = new WeakSet<Response>();

const board = route(
  { allow: 'queue.manage', params: z.object({ path: z.array(z.string()).optional() }) },
  async ({ req, actor, params }) => {
    const { response, act } = await answerBoard(await getQueue(), req, `/${(params.path ?? []).join('/')}`);
    if (act) await auditQueueAct(actor, act);
    if (!(response.headers.get('content-type') ?? '').startsWith('application/json')) pages.add(response);
    return response;
  },
);

/** The board's page and files run in the browser: their own policy instead of the API's. */
async function handle(req: Request, ctx: { params: Promise<Record<string, string | string[]>> }): Promise<Response> {
  const response = await board(req, ctx);
  if (pages.has(response)) response.headers.set('content-security-policy', BOARD_CSP);
  return response;
}

export const GET = handle;
export const PUT = handle;
export const POST = handle;
export const PATCH = handle;
