import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { WORKER_NODE_FLAGS } from '@/jobs/worker-flags';
import { ENV_NAMES } from '@/lib/env';
import { OPERATIONS_PATHS } from '@/lib/http/api-rewrites';

/**
 * No Docker engine runs here, so docker-compose.yml is kept honest by reading it: its services, the
 * commands they run and their environment must match the Dockerfile, package.json and lib/env.ts.
 */
type Service = {
  image?: string;
  build?: { context: string; target: string };
  command?: string[];
  environment?: Record<string, string>;
  deploy?: { replicas?: number };
  restart?: string;
  depends_on?: Record<string, unknown>;
  volumes?: string[];
  ports?: string[];
  healthcheck?: { test: string[]; interval?: string; start_period?: string };
  stop_grace_period?: string;
};

const root = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const compose = load(read('docker-compose.yml')) as { services: Record<string, Service> };
const services = compose.services;
const dockerfile = read('Dockerfile');
const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;

/** The bundles `npm run build:bundles` writes: dist/<name>.js ← its TypeScript entry. */
const bundles = Object.fromEntries(
  [...scripts['build:bundles'].matchAll(/([\w-]+)=(\S+\.ts)/g)].map(([, name, entry]) => [`dist/${name}.js`, entry]),
);

/** The instructions of one Dockerfile stage (`FROM … AS name` up to the next FROM). */
function stage(name: string): string {
  const match = new RegExp(`^FROM \\S+ AS ${name}\\n([\\s\\S]*?)(?=^FROM |$(?![\\s\\S]))`, 'm').exec(dockerfile);
  if (!match) throw new Error(`no stage ${name} in the Dockerfile`);
  return match[1];
}

/** The TypeScript entry a package.json script runs with tsx. */
const scriptEntry = (script: string) => /tsx (?:--\S+ )*(\S+\.ts)/.exec(scripts[script])?.[1];

it('runs PostgreSQL, Redis, a one-off setup, two web replicas behind nginx and two workers', () => {
  expect(Object.keys(services).sort()).toEqual(['lb', 'postgres', 'redis', 'setup', 'web', 'worker']);
  expect(services.postgres.image).toMatch(/^postgres:\d+/);
  expect(services.redis.image).toMatch(/^redis:\d+/);
  expect(services.lb.image).toMatch(/^nginx:/);
  expect(services.web.deploy?.replicas).toBe(2);
  expect(services.worker.deploy?.replicas).toBe(2);
  for (const service of Object.values(services))
    for (const dependency of Object.keys(service.depends_on ?? {})) expect(Object.keys(services)).toContain(dependency);
});

it('starts a web or worker process again when it exits (issue 29: a worker killed by one upload stayed down)', () => {
  expect(services.web.restart).toBe('unless-stopped');
  expect(services.worker.restart).toBe('unless-stopped');
});

it('builds the web and worker images from stages of the Dockerfile, without dev dependencies, as a non-root user', () => {
  expect(services.web.build).toEqual({ context: '.', target: 'web' });
  expect(services.worker.build).toEqual({ context: '.', target: 'worker' });
  expect(services.setup.build).toEqual({ context: '.', target: 'worker' });
  for (const name of ['web', 'worker']) {
    expect(stage(name)).toMatch(/^USER node$/m);
    expect(stage(name)).not.toMatch(/tsx|npm ci(?! --omit=dev)/);
  }
  expect(stage('prod-deps')).toMatch(/npm ci --omit=dev/);
  expect(stage('worker')).toMatch(/COPY --from=prod-deps \/app\/node_modules/);
});

it("runs the portal's own server, npm start's entry bundled, on Next's standalone output in the web image", () => {
  expect(services.web.command).toEqual(['node', 'web.js']);
  expect(stage('web')).toMatch(/CMD \["node", "web.js"\]/);
  expect(stage('web')).toMatch(/COPY --from=build \S* ?\/app\/\.next\/standalone \.\//);
  expect(stage('web')).toMatch(/COPY --from=build \S* ?\/app\/dist\/web\.js \.\/web\.js/);
  // The server npm start runs, so a replica stopped for a deploy drains (tests/deploy/graceful-shutdown.test.ts).
  expect(/\bweb=(\S+\.ts)/.exec(scripts['build:web'])?.[1]).toBe(scriptEntry('start'));
  // What the bundle leaves outside is in the standalone output: next, and packages Next keeps external (traced).
  const external = [...scripts['build:web'].matchAll(/--external:(\S+)/g)].map(([, name]) => name);
  const tracedExternals = /serverExternalPackages: \[([^\]]*)\]/.exec(read('next.config.ts'))![1];
  for (const name of external) expect(name === 'next' || tracedExternals.includes(`'${name}'`)).toBe(true);
  expect(stage('build')).toMatch(/NEXT_OUTPUT=standalone/);
  expect(stage('build')).toMatch(/npm run build && npm run build:bundles && npm run build:web/);
  expect(scripts.build).toBe('next build');
  expect(read('next.config.ts')).toMatch(/output: env\.NEXT_OUTPUT/);
});

it('runs in the worker image the same entries as `npm run worker`, `db:migrate` and `db:seed`, bundled ahead of time', () => {
  // With the worker's heap budget (jobs/worker-flags.ts), wherever it runs.
  expect(services.worker.command).toEqual(['node', ...WORKER_NODE_FLAGS, 'dist/worker.js']);
  expect(stage('worker')).toContain(`CMD ${JSON.stringify(['node', ...WORKER_NODE_FLAGS, 'dist/worker.js']).replaceAll('","', '", "')}`);
  // node itself, not the tsx command, which SIGKILLs a busy child soon after relaying SIGTERM (docs/operations.md).
  expect(scripts.worker).toBe(`node ${WORKER_NODE_FLAGS.join(' ')} --import tsx jobs/worker.ts`);
  expect(bundles['dist/worker.js']).toBe(scriptEntry('worker'));
  // The child process that reads an upload (jobs/child-job.ts) is found beside the worker's bundle.
  expect(bundles['dist/upload-child.js']).toBe('jobs/upload-child.ts');
  expect(services.setup.command).toEqual(['sh', '-c', 'node dist/migrate.js && node dist/seed.js']);
  expect(bundles['dist/migrate.js']).toBe(scriptEntry('db:migrate'));
  expect(bundles['dist/seed.js']).toBe(scriptEntry('db:seed'));
  for (const entry of Object.values(bundles)) expect(existsSync(path.join(root, entry))).toBe(true);
  // db/migrate.ts finds its migrations beside the bundle.
  expect(stage('build')).toMatch(/cp -r db\/migrations dist\/migrations/);
});

it('points every app process at the PostgreSQL and Redis services, so nothing embedded starts', () => {
  for (const name of ['setup', 'web', 'worker']) {
    const environment = services[name].environment ?? {};
    for (const variable of Object.keys(environment)) expect(ENV_NAMES).toContain(variable);
    expect(new URL(environment.DATABASE_URL).hostname).toBe('postgres');
    expect(new URL(environment.REDIS_URL).hostname).toBe('redis');
    expect(environment.QUEUE_BACKEND).toBe('redis');
  }
  expect(services.worker.volumes).toContain('maildata:/app/.data/mail');
});

it('needs a secret of its own and trusts forwarded addresses only from the private network nginx is on (issue 29)', () => {
  const environment = services.web.environment!;
  // `${VAR:?message}`: compose refuses to start without it, instead of running on a public default.
  expect(environment.NEXTAUTH_SECRET).toMatch(/^\$\{NEXTAUTH_SECRET:\?.+\}$/);
  const proxies = /^\$\{TRUSTED_PROXIES:-(.+)\}$/.exec(environment.TRUSTED_PROXIES)?.[1] ?? '';
  expect(proxies.split(',')).toEqual(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16']);
});

it('balances over the web replicas on the port the web image listens on', () => {
  const port = /PORT=(\d+)/.exec(stage('web'))![1];
  const [file, target] = services.lb.volumes![0].split(':');
  expect(target).toBe('/etc/nginx/nginx.conf');
  const nginx = read(file);
  expect(nginx).toMatch(new RegExp(`server web:${port}[ ;]`));
  expect(nginx).toMatch(/proxy_pass http:\/\/web;/);
  expect(services.lb.ports).toEqual(['3000:80']);
});

/** The path a `node -e "fetch(…)"` health check asks, if it exits 0 only on a 2xx answer. */
const checkedPath = (script: string) =>
  /^fetch\('http:\/\/127\.0\.0\.1:3000(\/\w+)'\)\.then\(\(r\) => process\.exit\(r\.ok \? 0 : 1\), \(\) => process\.exit\(1\)\)$/.exec(
    script,
  )?.[1];

it('checks each web replica with /readyz, has the image check /healthz, and starts the load balancer once web is ready', () => {
  const [cmd, node, flag, script] = services.web.healthcheck!.test;
  expect([cmd, node, flag]).toEqual(['CMD', 'node', '-e']);
  expect(checkedPath(script)).toBe('/readyz');
  expect(services.lb.depends_on?.web).toEqual({ condition: 'service_healthy' });
  const healthcheck = /^HEALTHCHECK .*\\\n\s*CMD (\[.*\])$/m.exec(stage('web'));
  expect(healthcheck).not.toBeNull();
  const [node2, flag2, script2] = JSON.parse(healthcheck![1]) as string[];
  expect([node2, flag2]).toEqual(['node', '-e']);
  expect(checkedPath(script2)).toBe('/healthz');
  // Both are served without a session or an XHR header (lib/http/api-rewrites.ts, proxy.ts).
  expect(OPERATIONS_PATHS).toEqual(expect.arrayContaining(['/healthz', '/readyz']));
  for (const name of ['healthz', 'readyz']) expect(existsSync(path.join(root, `app/api/${name}/route.ts`))).toBe(true);
});

it('gives web and worker time to finish their work when stopped, and keeps /metrics off the public load balancer', () => {
  for (const name of ['web', 'worker']) expect(parseInt(services[name].stop_grace_period ?? '10s')).toBeGreaterThanOrEqual(30);
  const nginx = read('deploy/nginx.conf');
  expect(nginx).toMatch(/location = \/metrics \{\s*return 404;\s*\}/);
  expect(nginx).toMatch(/proxy_set_header X-Request-Id \$portal_request_id;/);
  expect(nginx).toMatch(/proxy_next_upstream error timeout http_502 http_503;/);
});
