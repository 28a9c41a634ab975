import { pool } from '@/db/client';
import { DEMO_PASSWORD } from '@/db/seed/demo-accounts';
import { POST as login } from '@/app/api/login/route';
import { GET as divisions } from '@/app/api/divisions/route';
import { logger } from '@/lib/observability/logger';
import { REDACTED, redact } from '@/lib/observability/redact';
import { callRoute, sessionHeaders, TEST_XSRF, userId } from '../support/actors';

/*
 * One JSON log line per API request (issue 28): method, route pattern, status, duration, user and request
 * id, the id answered in X-Request-Id, and never a secret. The lines are read from standard output, where
 * the logger writes them.
 */
let lines: string[] = [];
let spy: jest.SpyInstance;

beforeAll(() => {
  logger.level = 'info';
});

beforeEach(() => {
  lines = [];
  spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
});

afterEach(() => spy.mockRestore());

afterAll(async () => {
  logger.level = 'silent';
  await pool.end();
});

const requestLines = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === 'request');

it("logs a sign-in with the caller's request id, its route and status, and without the password", async () => {
  const response = await callRoute(login, '/api/login', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      'x-xsrf-token': TEST_XSRF,
      cookie: `XSRF-TOKEN=${TEST_XSRF}`,
      'x-request-id': 'sign-in-request-0001',
    },
    body: { email: 'admin@portal.test', password: DEMO_PASSWORD },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('x-request-id')).toBe('sign-in-request-0001');
  const [line] = requestLines();
  expect(line).toMatchObject({
    level: 'info',
    component: 'web',
    method: 'POST',
    route: '/api/login',
    status: 200,
    requestId: 'sign-in-request-0001',
  });
  expect(typeof line.durationMs).toBe('number');
  const everything = lines.join('');
  expect(everything).not.toContain(DEMO_PASSWORD);
  expect(everything).not.toMatch(/session-token|XSRF-TOKEN/);
});

it('makes a request id when the caller sends none (or an unusable one) and logs the signed-in user', async () => {
  const headers = { ...(await sessionHeaders('admin@portal.test')), 'x-request-id': 'bad id {"forged":1}' };
  const response = await callRoute(divisions, '/divisions', { headers });
  expect(response.status).toBe(200);
  const id = response.headers.get('x-request-id')!;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  const [line] = requestLines();
  expect(line).toMatchObject({ route: '/api/divisions', status: 200, requestId: id, userId: await userId('admin@portal.test') });
  expect(lines.join('')).not.toContain('forged');
});

it('redacts secret-named fields at any depth, whatever the code logs', () => {
  const fields = {
    password: 'p',
    nested: { apiKey: 'k', headers: { authorization: 'Bearer x', cookie: 'c', 'x-xsrf-token': 't' } },
    user: 7,
  };
  expect(redact(fields)).toEqual({
    password: REDACTED,
    nested: { apiKey: REDACTED, headers: { authorization: REDACTED, cookie: REDACTED, 'x-xsrf-token': REDACTED } },
    user: 7,
  });
  logger.info({ newPassword: 'hunter2-secret', client: { secret: 's3cr3t' } }, 'anything');
  expect(lines.join('')).not.toMatch(/hunter2|s3cr3t/);
});
