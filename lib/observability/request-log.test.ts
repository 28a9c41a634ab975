import { observed, routePatternOf } from './request-log';

describe('routePatternOf', () => {
  it('names a request by its route pattern, a value Next decoded matched against its encoded segment', () => {
    expect(routePatternOf('/api/orders/abc', { id: 'abc' })).toBe('/api/orders/[id]');
    expect(routePatternOf('/orders/a%20b', { id: 'a b' })).toBe('/api/orders/[id]');
    expect(routePatternOf('/api/no/such', { path: ['no', 'such'] })).toBe('/api/[...path]');
  });

  it('never throws on a value that cannot be percent-encoded (a lone surrogate) or a segment that is not valid encoding', () => {
    expect(routePatternOf('/api/orders/%ED%A0%80', { id: '\ud800' })).toBe('/api/orders/%ED%A0%80');
    expect(routePatternOf('/api/orders/%E0%A4%A', { id: '%E0%A4%A' })).toBe('/api/orders/[id]');
  });
});

describe('observed', () => {
  it('answers a route without parameters, whose params Next gives as undefined in a production build', async () => {
    const handler = observed(async () => Response.json({ ok: true }));
    const ctx = { params: Promise.resolve(undefined) } as unknown as { params: Promise<Record<string, string>> };
    const response = await handler(new Request('http://localhost/api/users/current'), ctx);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });
});
