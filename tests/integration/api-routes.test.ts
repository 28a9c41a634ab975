import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pool } from '@/db/client';
import { loadApiRoutes, matchRoute, segmentsOf, sortRoutes, type ApiRoute } from '../../server/api-routes';

/*
 * The production server's route table (server/api-routes.ts). Pure functions mostly; they live with
 * the integration tests because server/ is outside the unit projects' folders. The last block reads
 * the real app/api tree, which imports the handlers (and so the database client).
 */

afterAll(async () => {
  await pool.end();
});

/** A route as loadApiRoutes builds it, from a file path relative to app/; the module only names itself. */
function routeOf(relativeFile: string): ApiRoute {
  return { file: relativeFile, segments: segmentsOf(relativeFile), module: {} };
}

const fileOf = (routes: ApiRoute[], pathname: string) => matchRoute(routes, pathname)?.route.file ?? null;

describe('segmentsOf', () => {
  it('turns a route file into static, param and catch-all segments', () => {
    expect(segmentsOf('api/orders/route.ts')).toEqual([
      { kind: 'static', value: 'api' },
      { kind: 'static', value: 'orders' },
    ]);
    expect(segmentsOf('api/xdocs/[id]/audit/route.ts')).toEqual([
      { kind: 'static', value: 'api' },
      { kind: 'static', value: 'xdocs' },
      { kind: 'param', name: 'id' },
      { kind: 'static', value: 'audit' },
    ]);
    expect(segmentsOf('api/auth/[...nextauth]/route.ts')).toEqual([
      { kind: 'static', value: 'api' },
      { kind: 'static', value: 'auth' },
      { kind: 'catchAll', name: 'nextauth' },
    ]);
  });

  it('leaves route groups out and reads Windows separators', () => {
    expect(segmentsOf('api/(lookups)/divisions/route.ts')).toEqual(segmentsOf('api/divisions/route.ts'));
    expect(segmentsOf('(site)/api/(x)/orders/[id]/route.tsx')).toEqual(segmentsOf('api/orders/[id]/route.ts'));
    expect(segmentsOf('api\\orders\\[id]\\route.ts')).toEqual(segmentsOf('api/orders/[id]/route.ts'));
  });
});

describe('sortRoutes', () => {
  it('puts a static segment before a [param] before a [...catchAll], whatever the file order', () => {
    const files = [
      'api/orders/[...rest]/route.ts',
      'api/orders/[id]/route.ts',
      'api/orders/bulkResponse/route.ts',
      'api/[section]/returned/route.ts',
      'api/orders/returned/route.ts',
    ];
    for (const order of [files, [...files].reverse()]) {
      const sorted = sortRoutes(order.map(routeOf)).map((r) => r.file);
      expect(sorted.indexOf('api/orders/bulkResponse/route.ts')).toBeLessThan(sorted.indexOf('api/orders/[id]/route.ts'));
      expect(sorted.indexOf('api/orders/returned/route.ts')).toBeLessThan(sorted.indexOf('api/orders/[id]/route.ts'));
      expect(sorted.indexOf('api/orders/[id]/route.ts')).toBeLessThan(sorted.indexOf('api/orders/[...rest]/route.ts'));
      expect(sorted.indexOf('api/orders/returned/route.ts')).toBeLessThan(sorted.indexOf('api/[section]/returned/route.ts'));
    }
  });

  it('does not change the array it is given', () => {
    const routes = ['api/orders/[id]/route.ts', 'api/orders/bulkResponse/route.ts'].map(routeOf);
    const before = routes.map((r) => r.file);
    sortRoutes(routes);
    expect(routes.map((r) => r.file)).toEqual(before);
  });
});

describe('matchRoute', () => {
  const routes = sortRoutes(
    [
      'api/orders/route.ts',
      'api/orders/[id]/route.ts',
      'api/orders/bulkResponse/route.ts',
      'api/xdocs/[id]/route.ts',
      'api/xdocs/[id]/audit/route.ts',
      'api/files/[...path]/route.ts',
      'api/files/latest/route.ts',
    ].map(routeOf),
  );

  it('finds the static route before a [param] one, in either order of definition', () => {
    expect(matchRoute(routes, '/api/orders/bulkResponse')).toEqual({
      route: expect.objectContaining({ file: 'api/orders/bulkResponse/route.ts' }),
      params: {},
    });
    expect(fileOf(sortRoutes([...routes].reverse()), '/api/orders/bulkResponse')).toBe('api/orders/bulkResponse/route.ts');
    expect(fileOf(routes, '/api/orders')).toBe('api/orders/route.ts');
  });

  it('hands a [param] its segment', () => {
    expect(matchRoute(routes, '/api/orders/tx-abc')).toMatchObject({
      route: { file: 'api/orders/[id]/route.ts' },
      params: { id: 'tx-abc' },
    });
    expect(matchRoute(routes, '/api/xdocs/42/audit')).toMatchObject({
      route: { file: 'api/xdocs/[id]/audit/route.ts' },
      params: { id: '42' },
    });
  });

  it('hands a [...catchAll] every remaining segment, and needs at least one', () => {
    expect(matchRoute(routes, '/api/files/a/b/c')).toMatchObject({
      route: { file: 'api/files/[...path]/route.ts' },
      params: { path: ['a', 'b', 'c'] },
    });
    expect(matchRoute(routes, '/api/files/one')).toMatchObject({ params: { path: ['one'] } });
    expect(fileOf(routes, '/api/files/latest')).toBe('api/files/latest/route.ts');
    expect(matchRoute(routes, '/api/files')).toBeNull();
  });

  it('needs every segment to match, no more and no fewer', () => {
    expect(matchRoute(routes, '/api/orders/tx-abc/extra')).toBeNull();
    expect(matchRoute(routes, '/api/xdocs')).toBeNull();
    expect(matchRoute(routes, '/api')).toBeNull();
    expect(matchRoute(routes, '/')).toBeNull();
    expect(matchRoute(routes, '/api/nothing-here')).toBeNull();
    expect(matchRoute(routes, '/orders')).toBeNull();
    expect(matchRoute(routes, '/api/Orders')).toBeNull();
  });

  it('percent-decodes segments before matching and in params', () => {
    expect(matchRoute(routes, '/api/orders/a%20b')).toMatchObject({ params: { id: 'a b' } });
    expect(matchRoute(routes, '/api/orders/a%2Fb')).toMatchObject({ route: { file: 'api/orders/[id]/route.ts' }, params: { id: 'a/b' } });
    expect(matchRoute(routes, '/api/xdocs/%C3%A9t%C3%A9/audit')).toMatchObject({ params: { id: 'été' } });
    expect(fileOf(routes, '/api/orders/bulk%52esponse')).toBe('api/orders/bulkResponse/route.ts');
    expect(matchRoute(routes, '/api/files/a%20b/c')).toMatchObject({ params: { path: ['a b', 'c'] } });
  });

  it('answers null for a path that is not valid percent-encoding', () => {
    expect(matchRoute(routes, '/api/orders/%E0%A4%A')).toBeNull();
    expect(matchRoute(routes, '/api/orders/%')).toBeNull();
    expect(matchRoute(routes, '/api/files/ok/%ZZ')).toBeNull();
  });
});

describe('loadApiRoutes', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'api-routes-'));
    const files: Record<string, string> = {
      'api/(group)/things/[id]/route.ts': `export const GET = async () => new Response('thing');`,
      'api/things/special/route.ts': `export const GET = async () => new Response('special'); export const PUT = async () => new Response('put');`,
      'api/docs/[...slug]/route.ts': `export const GET = async () => new Response('docs');`,
      'api/auth/[...nextauth]/route.ts': `export const GET = async () => new Response('next-auth');`,
      'api/things/special/helper.ts': `export const GET = 'not a route';`,
      'page.tsx': `export default function Page() { return null; }`,
    };
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), text);
    }
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads every route file under api/, in precedence order, with its module', async () => {
    const routes = await loadApiRoutes(dir);
    expect(routes.map((r) => path.relative(dir, r.file)).sort()).toEqual(
      [
        'api/(group)/things/[id]/route.ts',
        'api/auth/[...nextauth]/route.ts',
        'api/docs/[...slug]/route.ts',
        'api/things/special/route.ts',
      ].sort(),
    );
    const special = matchRoute(routes, '/api/things/special');
    expect(path.relative(dir, special!.route.file)).toBe('api/things/special/route.ts');
    expect(await (await special!.route.module.PUT!(new Request('http://x/'), { params: Promise.resolve({}) })).text()).toBe('put');
    const grouped = matchRoute(routes, '/api/things/7');
    expect(grouped?.params).toEqual({ id: '7' });
    expect(await (await grouped!.route.module.GET!(new Request('http://x/'), { params: Promise.resolve({}) })).text()).toBe('thing');
    expect(matchRoute(routes, '/api/docs/a/b')?.params).toEqual({ slug: ['a', 'b'] });
  });

  it('leaves out what skip names', async () => {
    const routes = await loadApiRoutes(dir, (segments) => segments[1]?.kind === 'static' && segments[1].value === 'auth');
    expect(routes).toHaveLength(3);
    expect(matchRoute(routes, '/api/auth/session')).toBeNull();
  });

  it("reads the app's own handlers, and leaves next-auth to Next as server/main.ts does", async () => {
    const routes = await loadApiRoutes(
      path.join(process.cwd(), 'app'),
      (segments) => segments[1]?.kind === 'static' && segments[1].value === 'auth',
    );
    const names = routes.map((r) => path.relative(path.join(process.cwd(), 'app'), r.file).split(path.sep).join('/'));
    expect(names).toEqual(
      expect.arrayContaining([
        'api/divisions/route.ts',
        'api/orders/bulkResponse/route.ts',
        'api/orders/[id]/route.ts',
        'api/xdocs/[id]/route.ts',
        'api/login/route.ts',
      ]),
    );
    expect(names.some((n) => n.startsWith('api/auth/'))).toBe(false);
    expect(names.indexOf('api/orders/bulkResponse/route.ts')).toBeLessThan(names.indexOf('api/orders/[id]/route.ts'));
    expect(names.indexOf('api/orders/returned/route.ts')).toBeLessThan(names.indexOf('api/orders/[id]/route.ts'));
    expect(typeof matchRoute(routes, '/api/xdocs/abc')?.route.module.PUT).toBe('function');
    expect(matchRoute(routes, '/api/orders/bulkResponse')?.route.file).toMatch(/bulkResponse[\\/]route\.ts$/);
  });
});
