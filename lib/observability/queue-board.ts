import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import type {
  AppControllerRoute,
  AppViewRoute,
  BullBoardQueues,
  ControllerHandlerReturnType,
  IServerAdapter,
  UIConfig,
} from '@bull-board/api/typings/app';
import type { Queue } from 'bullmq';
import type { PortalQueue } from '../../jobs/queue';

/**
 * Bull Board (the queue dashboard) inside one Next route handler (app/api/admin/queue): @bull-board/api
 * gives its routes and handlers to a "server adapter"; this one keeps them and answers a Fetch Request,
 * so the board needs no second HTTP server and sits behind the portal's own sign-in and permission.
 *
 * Only reading and, for failed or completed jobs, retrying and removing are offered (the caller audits
 * those). Adding a job or editing its data, emptying, obliterating, pausing or promoting are refused: jobs
 * here carry an outbox row id, and a job made by hand would run a row out of turn.
 */
export const BOARD_PATH = '/api/admin/queue';

type Method = 'get' | 'put' | 'post' | 'patch';
type Matched = { route: AppControllerRoute; params: Record<string, string> };
export type BoardAnswer = { response: Response; act?: { kind: 'retry' | 'remove'; queueName: string; jobId?: string; status?: string } };

/** The dashboard's write routes the portal allows, and what each one is for the audit. */
const ALLOWED_WRITES: Record<string, 'retry' | 'remove'> = {
  'put /api/queues/:queueName/:jobId/retry': 'retry',
  'put /api/queues/:queueName/retry/:queueStatus': 'retry',
  'put /api/queues/:queueName/:jobId/clean': 'remove',
  'put /api/queues/:queueName/clean/:queueStatus': 'remove',
};

const STATIC_TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** The board page's policy: its own scripts and styles only (the inline style attributes of its loader). */
export const BOARD_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

const toRegExp = (pattern: string) => new RegExp(`^${pattern.replace(/:(\w+)/g, (_, name: string) => `(?<${name}>[^/]+)`)}$`);

class FetchAdapter implements IServerAdapter {
  queues: BullBoardQueues = new Map();
  viewPath = '';
  staticPath = '';
  uiConfig: UIConfig = {};
  entry?: AppViewRoute;
  routes: { method: Method; pattern: string; regexp: RegExp; route: AppControllerRoute }[] = [];
  errorHandler: (error: Error) => ControllerHandlerReturnType = () => ({ status: 500, body: { error: 'Internal error' } });

  setQueues(queues: BullBoardQueues) {
    this.queues = queues;
    return this;
  }
  setViewsPath(viewPath: string) {
    this.viewPath = viewPath;
    return this;
  }
  setStaticPath(_route: string, staticPath: string) {
    this.staticPath = staticPath;
    return this;
  }
  setEntryRoute(entry: AppViewRoute) {
    this.entry = entry;
    return this;
  }
  setErrorHandler(handler: (error: Error) => ControllerHandlerReturnType) {
    this.errorHandler = handler;
    return this;
  }
  setUIConfig(config: UIConfig) {
    this.uiConfig = config;
    return this;
  }
  setApiRoutes(routes: AppControllerRoute[]) {
    for (const route of routes)
      for (const method of [route.method].flat())
        for (const pattern of [route.route].flat()) this.routes.push({ method, pattern, regexp: toRegExp(pattern), route });
    return this;
  }

  match(method: Method, subpath: string): (Matched & { key: string }) | undefined {
    for (const candidate of this.routes) {
      const found = candidate.method === method ? candidate.regexp.exec(subpath) : null;
      if (found) return { route: candidate.route, params: { ...found.groups }, key: `${method} ${candidate.pattern}` };
    }
    return undefined;
  }

  isPage(subpath: string): boolean {
    return [this.entry!.route].flat().some((pattern) => toRegExp(pattern).test(subpath));
  }

  async page(): Promise<Response> {
    const { name, params } = this.entry!.handler({ basePath: `${BOARD_PATH}/`, uiConfig: this.uiConfig });
    const template = await readFile(path.join(this.viewPath, name), 'utf8');
    // The template's two kinds of tags: <%= %> escaped, <%- %> as given (the UI config, already escaped by Bull Board).
    const html = template
      .replace(/<%=\s*(\w+)\s*%>/g, (_, key: string) => escapeHtml(params[key] ?? ''))
      .replace(/<%-\s*(\w+)\s*%>/g, (_, key: string) => params[key] ?? '');
    return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
  }

  async asset(subpath: string): Promise<Response> {
    const file = path.resolve(this.staticPath, `.${subpath.slice('/static'.length)}`);
    const type = STATIC_TYPES[path.extname(file)];
    if (!file.startsWith(`${this.staticPath}${path.sep}`) || !type) return new Response('Not found.', { status: 404 });
    const bytes = await readFile(file).catch(() => null);
    if (!bytes) return new Response('Not found.', { status: 404 });
    return new Response(new Uint8Array(bytes), { headers: { 'content-type': type, 'cache-control': 'private, max-age=3600' } });
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

let board: FetchAdapter | undefined;

function boardFor(queue: PortalQueue): FetchAdapter {
  if (board) return board;
  const adapter = new FetchAdapter();
  // Resolved from the app's folder rather than by Bull Board's own eval'd require, which a bundled route lacks.
  const uiBasePath = path.dirname(createRequire(path.join(process.cwd(), 'package.json')).resolve('@bull-board/ui/package.json'));
  createBullBoard({
    queues: [new BullMQAdapter(queue as Queue, { allowRetries: true, description: 'E-mails and background jobs (outbox)' })],
    serverAdapter: adapter,
    options: { uiBasePath, uiConfig: { boardTitle: 'Trade Portal queue' } },
  });
  return (board = adapter);
}

/** A refusal in the portal's shape ({message, errors}, docs/api.md), whoever refused: the portal or Bull Board. */
const refusal = (message: string, status: number) => Response.json({ message, errors: {} }, { status });

/** Bull Board answers its own refusals as {error}; anything else gets a plain sentence. */
function boardMessage(body: unknown): string {
  const error = (body as { error?: unknown } | null)?.error;
  return typeof error === 'string' && error ? error : 'The queue could not do that.';
}

/** Answers one request to the dashboard; `subpath` is the part after BOARD_PATH ('/' for the page). */
export async function answerBoard(queue: PortalQueue, req: Request, subpath: string): Promise<BoardAnswer> {
  const adapter = boardFor(queue);
  const method = req.method.toLowerCase() as Method;
  if (method === 'get' && subpath.startsWith('/static/')) return { response: await adapter.asset(subpath) };
  if (method === 'get' && adapter.isPage(subpath)) return { response: await adapter.page() };
  const matched = adapter.match(method, subpath);
  if (!matched) return { response: refusal('Not found.', 404) };
  const kind = ALLOWED_WRITES[matched.key];
  if (method !== 'get' && !kind) return { response: refusal('The portal does not allow this here.', 403) };
  const url = new URL(req.url);
  let result: ControllerHandlerReturnType;
  try {
    result = await matched.route.handler({
      queues: adapter.queues,
      uiConfig: adapter.uiConfig,
      params: matched.params,
      query: Object.fromEntries(url.searchParams),
      body: {},
      headers: Object.fromEntries(req.headers),
    });
  } catch (error) {
    result = adapter.errorHandler(error instanceof Error ? error : new Error(String(error)));
  }
  const status = result.status ?? 200;
  const response =
    status === 204
      ? new Response(null, { status })
      : status >= 400
        ? refusal(boardMessage(result.body), status)
        : Response.json(result.body, { status });
  const act =
    kind && status < 300
      ? { kind, queueName: matched.params.queueName, jobId: matched.params.jobId, status: matched.params.queueStatus }
      : undefined;
  return { response, act };
}
