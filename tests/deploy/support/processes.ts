import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Runs the portal's own commands as separate processes, the way a user or a container starts them,
 * and talks to them over HTTP only.
 */
export type Started = {
  child: ChildProcess;
  output: () => string;
  waitForOutput: (text: string, ms?: number) => Promise<void>;
  stop: () => Promise<void>;
};

/** The environment without the settings that would point a child at this machine's servers. */
export function bareEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'QUEUE_BACKEND', 'QUEUE_PREFIX', 'SMTP_URL', 'NODE_ENV']) delete env[name];
  return { ...env, ...overrides };
}

export function start(command: string, args: string[], env: NodeJS.ProcessEnv): Started {
  // Its own process group, so stopping it stops what npm and tsx started under it.
  const child = spawn(command, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => output,
    waitForOutput: (text, ms = 120_000) =>
      until(
        () => output.includes(text),
        ms,
        () => `no "${text}" in:\n${output}`,
      ),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM');
      await exited;
    },
  };
}

export async function until(check: () => boolean | Promise<boolean>, ms: number, what: () => string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Waits until the server at `base` answers its sign-in page. */
export async function waitForHttp(base: string, ms = 120_000): Promise<void> {
  const answers = () =>
    fetch(`${base}/login`).then(
      (response) => response.ok,
      () => false,
    );
  await until(answers, ms, () => `${base} did not answer`);
}

const XSRF = 'deploy-test-xsrf';

/** A browser-less client: the anti-forgery double-submit cookie and header, and the session once signed in. */
export function httpClient(base: string) {
  let session = '';
  const headers = () => ({
    'content-type': 'application/json',
    'x-requested-with': 'XMLHttpRequest',
    'x-xsrf-token': XSRF,
    cookie: [`XSRF-TOKEN=${XSRF}`, session].filter(Boolean).join('; '),
  });
  return {
    post: (pathname: string, body: unknown) =>
      fetch(`${base}${pathname}`, { method: 'POST', headers: headers(), body: JSON.stringify(body) }),
    get: (pathname: string) => fetch(`${base}${pathname}`, { headers: headers() }),
    async signIn(email: string, password: string): Promise<Response> {
      const response = await this.post('/login', { email, password });
      session =
        response.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .find((c) => c.includes('session-token')) ?? '';
      return response;
    },
    /** Signed in on another server: the same cookie, as a load balancer would pass it. */
    withSessionOf(other: { session: () => string }) {
      session = other.session();
    },
    session: () => session,
  };
}

/** The .eml files written to `dir` so far, with their contents. */
export async function mailsIn(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(names.filter((n) => n.endsWith('.eml')).map((n) => readFile(path.join(dir, n), 'utf8')));
}
