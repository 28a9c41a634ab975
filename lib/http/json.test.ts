import { json, jsonTextOf } from './errors';

describe('json responses', () => {
  it('carry their text for the server to write directly', async () => {
    const response = json({ a: 1 }, 201, { 'x-extra': 'y' });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('x-extra')).toBe('y');
    expect(jsonTextOf(response)).toBe('{"a":1}');
    expect(await response.text()).toBe('{"a":1}');
    expect(jsonTextOf(new Response('{}'))).toBeUndefined();
  });

  it('write a frozen (shared, read-only) body once', () => {
    const inner = { n: 1 };
    const shared = Object.freeze({ inner });
    expect(jsonTextOf(json(shared))).toBe('{"inner":{"n":1}}');
    inner.n = 2; // not allowed by contract; shows the text is reused rather than rebuilt
    expect(jsonTextOf(json(shared))).toBe('{"inner":{"n":1}}');
  });

  it('write any other body afresh every time', () => {
    const body = { n: 1 };
    expect(jsonTextOf(json(body))).toBe('{"n":1}');
    body.n = 2;
    expect(jsonTextOf(json(body))).toBe('{"n":2}');
  });
});
