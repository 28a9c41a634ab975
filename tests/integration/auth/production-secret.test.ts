import { spawnSync } from 'node:child_process';
import path from 'node:path';

/*
 * A web process refuses to start in production with the public default session secret or a short one
 * (lib/env.ts productionSecretProblem), both where npm start begins (server/main.ts, before it forks or
 * loads Next) and where every Next server begins (instrumentation.ts, the image's standalone server.js).
 */
const root = path.resolve(__dirname, '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
jest.setTimeout(60_000);

function run(args: string[], env: Record<string, string | undefined>) {
  const { PATH, HOME } = process.env;
  const result = spawnSync(tsx, args, {
    cwd: root,
    env: { PATH, HOME, NODE_ENV: 'production' as const, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const serverMain = (env: Record<string, string | undefined>) => run(['server/main.ts'], { PORT: '1', WEB_CONCURRENCY: '2', ...env });
const instrumentation = (env: Record<string, string | undefined>) =>
  run(['-e', "import('./instrumentation.ts').then((m) => m.register())"], { NEXT_RUNTIME: 'nodejs', ...env });

describe('the session secret in production', () => {
  it('npm start refuses the default secret and a short one', () => {
    const unset = serverMain({});
    expect(unset.status).toBe(1);
    expect(unset.output).toContain('Not starting: NEXTAUTH_SECRET is the public default');
    const placeholder = serverMain({ NEXTAUTH_SECRET: 'change-me-to-a-long-random-secret' });
    expect(placeholder.status).toBe(1);
    expect(placeholder.output).toContain('NEXTAUTH_SECRET is the public default');
    const short = serverMain({ NEXTAUTH_SECRET: 'sixteen-chars-ok-but-short' });
    expect(short.status).toBe(1);
    expect(short.output).toContain('NEXTAUTH_SECRET is shorter than 32 characters');
  });

  it("Next's own servers (instrumentation) refuse it too", () => {
    const unset = instrumentation({});
    expect(unset.status).toBe(1);
    expect(unset.output).toContain('Not starting: NEXTAUTH_SECRET is the public default');
  });
});
