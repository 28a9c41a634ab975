import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The table of API route handlers, read from the App Router's own files (app/api/**\/route.ts), so the
 * production server and `next dev` serve exactly the same handlers with no list to keep in step.
 * Matching follows Next's precedence: a static segment beats a [param], which beats a [...catchAll].
 */
export type RouteHandler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
export type RouteModule = Partial<Record<string, RouteHandler>>;

type Segment = { kind: 'static'; value: string } | { kind: 'param'; name: string } | { kind: 'catchAll'; name: string };
export type ApiRoute = { file: string; segments: Segment[]; module: RouteModule };
export type ApiMatch = { route: ApiRoute; params: Record<string, string | string[]> };

const RANK = { static: 0, param: 1, catchAll: 2 } as const;

function parseSegment(part: string): Segment {
  const catchAll = /^\[\.\.\.(\w+)\]$/.exec(part);
  if (catchAll) return { kind: 'catchAll', name: catchAll[1] };
  const param = /^\[(\w+)\]$/.exec(part);
  if (param) return { kind: 'param', name: param[1] };
  return { kind: 'static', value: part };
}

/** The URL segments of a route file relative to app/, e.g. api/orders/[id]/route.ts → api, orders, [id]. Route groups `(x)` add none. */
export function segmentsOf(relativeFile: string): Segment[] {
  return relativeFile
    .split(/[\\/]/)
    .slice(0, -1)
    .filter((part) => !/^\(.*\)$/.test(part))
    .map(parseSegment);
}

function compareRoutes(a: ApiRoute, b: ApiRoute): number {
  for (let i = 0; i < Math.max(a.segments.length, b.segments.length); i++) {
    const x = a.segments[i];
    const y = b.segments[i];
    if (!x || !y) return x ? 1 : -1;
    if (RANK[x.kind] !== RANK[y.kind]) return RANK[x.kind] - RANK[y.kind];
  }
  return 0;
}

/** Orders routes so the first match is the one Next would pick. */
export function sortRoutes(routes: ApiRoute[]): ApiRoute[] {
  return [...routes].sort(compareRoutes);
}

export function matchRoute(routes: ApiRoute[], pathname: string): ApiMatch | null {
  const parts = pathname.split('/').filter(Boolean).map(safeDecode);
  if (parts.some((p) => p === null)) return null;
  for (const route of routes) {
    const params = matchSegments(route.segments, parts as string[]);
    if (params) return { route, params };
  }
  return null;
}

function matchSegments(segments: Segment[], parts: string[]): Record<string, string | string[]> | null {
  const params: Record<string, string | string[]> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if (segment.kind === 'catchAll') {
      if (i >= parts.length) return null;
      params[segment.name] = parts.slice(i);
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.kind === 'static' && segment.value !== part) return null;
    if (segment.kind === 'param') params[segment.name] = part;
  }
  return segments.length === parts.length ? params : null;
}

function safeDecode(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

async function routeFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && /^route\.tsx?$/.test(e.name)).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Loads every route module under app/api. `skip` leaves routes to Next: next-auth's catch-all reads
 * Next's request context (next/headers), which only exists inside Next.
 */
export async function loadApiRoutes(appDir: string, skip: (segments: Segment[]) => boolean = () => false): Promise<ApiRoute[]> {
  const routes: ApiRoute[] = [];
  for (const file of await routeFiles(path.join(appDir, 'api'))) {
    const segments = segmentsOf(path.relative(appDir, file));
    if (skip(segments)) continue;
    routes.push({ file, segments, module: (await import(pathToFileURL(file).href)) as RouteModule });
  }
  return sortRoutes(routes);
}
