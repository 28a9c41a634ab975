import os from 'node:os';
import { z } from 'zod';
import { parseTrustedProxies } from './net/client-address';

// The one reader of the environment: everything else imports `env` (design §3).
const number = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** The development default, and the placeholder docker-compose.yml falls back to: public, so never for production. */
const DEVELOPMENT_SECRET = 'dev-only-secret-change-me-in-production';
const KNOWN_SECRETS = [DEVELOPMENT_SECRET, 'change-me-to-a-long-random-secret'];
const PRODUCTION_SECRET_LENGTH = 32;

function validProxyList(list: string, ctx: z.RefinementCtx): void {
  try {
    parseTrustedProxies(list);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message });
  }
}

/**
 * Web processes of `npm start` by default: one per core but one, which is left to what shares the host with the web
 * (PostgreSQL, the worker). With one per core, on two cores beside PostgreSQL, a request cost 40–50 % more CPU and
 * waited longer (docs/benchmarks.md, "Web processes"); with the database elsewhere, set it to the number of cores.
 */
export const defaultWebProcesses = (cores: number) => Math.max(1, cores - 1);

const envSchema = z.object({
  /** Unset: DEFAULT_DATABASE_URL; if nothing answers there, `npm run demo` starts an embedded PostgreSQL. */
  DATABASE_URL: z.string().url().optional(),
  DEFAULT_DATABASE_URL: z.string().url().default('postgresql://postgres@127.0.0.1:5432/portal'),
  /** Where `npm run demo` keeps the embedded PostgreSQL's data. */
  EMBEDDED_POSTGRES_DIR: z.string().default('.data/postgres'),
  DB_POOL_MAX: number(10),
  /**
   * How long a request waits for one of the pool's connections before it fails (pg's connectionTimeoutMillis): a
   * pool held by slow work answers "busy" rather than queueing every later request behind it.
   */
  DB_ACQUIRE_TIMEOUT_MS: number(5_000),
  /** The longest one statement of the web may run (PostgreSQL statement_timeout); the worker, seed and migrations have none. */
  DB_STATEMENT_TIMEOUT_MS: number(30_000),
  /** How long a web session may sit in an open transaction doing nothing before PostgreSQL ends it. */
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: number(60_000),
  /** Unset: DEFAULT_REDIS_URL; if nothing answers there, the queue runs on PostgreSQL (jobs/queue.ts). */
  REDIS_URL: z.string().url().optional(),
  DEFAULT_REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  /** auto: Redis if REDIS_URL is set or Redis answers at DEFAULT_REDIS_URL, otherwise PostgreSQL. */
  QUEUE_BACKEND: z.enum(['auto', 'redis', 'postgres']).default('auto'),
  QUEUE_PREFIX: z.string().default('portal'),
  SMTP_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  MAIL_FROM: z.string().default('Trade Portal <no-reply@portal.test>'),
  MAIL_DIR: z.string().default('.data/mail'),
  APP_URL: z.string().url().default('http://localhost:3000'),
  NEXTAUTH_SECRET: z.string().min(16).default(DEVELOPMENT_SECRET),
  /**
   * The reverse proxies and load balancers in front of the web (addresses and CIDR ranges, comma-separated):
   * only their `X-Forwarded-For` names the client. Empty: nobody's; the socket's peer is the client.
   */
  TRUSTED_PROXIES: z.string().default('').superRefine(validProxyList),
  PORT: number(3000),
  HOST: z.string().default('0.0.0.0'),
  WEB_CONCURRENCY: number(defaultWebProcesses(os.availableParallelism())),
  /**
   * How long a worker's claim on a job lasts without renewal: when a worker dies, another takes its jobs over after
   * about this long (BullMQ's lock duration and stalled-job check).
   */
  WORKER_LOCK_MS: number(30_000),
  /**
   * The bearer token GET /metrics asks for (docs/operations.md); unset, /metrics answers 404 to everyone.
   * Also guards the worker's own metrics (WORKER_METRICS_PORT).
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Set: the worker serves its own /metrics (jobs and e-mails it ran) on this port. */
  WORKER_METRICS_PORT: z.coerce.number().int().positive().optional(),
  /** pino's level (fatal, error, warn, info, debug, trace, silent); read by lib/observability/logger.ts. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /**
   * The heap (MB) and time a catalogue upload may take: the worker reads each upload in a child process with this
   * heap limit, killed past this time, so a hostile file fails its own job and never the worker (jobs/child-job.ts).
   */
  UPLOAD_PARSE_HEAP_MB: number(192),
  UPLOAD_PARSE_TIMEOUT_MS: number(600_000),
  /**
   * Notification e-mails (docs/architecture.md "Notifications"): a user's events are gathered this long before one
   * digest e-mail lists them; an order still unanswered this many days before its delivery date is reminded.
   */
  NOTIFY_DIGEST_SECONDS: number(300),
  ORDER_REMINDER_DAYS: number(2),
  /** `npm run demo` reuses the last build when set to 1. */
  DEMO_SKIP_BUILD: z.enum(['0', '1']).default('0'),
  /** `standalone` (the Dockerfile's build): next build also writes .next/standalone, what the image runs. */
  NEXT_OUTPUT: z.enum(['standalone']).optional(),
  /** How many documents `npm run demo` seeds (unset: the seed's default; seeding only adds up to this many). */
  DEMO_DOCUMENTS: z.coerce.number().int().nonnegative().optional(),
  /** The Playwright run's own database and port (scripts/e2e-server.ts). */
  E2E_DATABASE_URL: z.string().url().default('postgresql://postgres@127.0.0.1:5432/portal_e2e'),
  E2E_PORT: number(3100),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
});

/** The variables the portal reads; docker-compose.yml's are checked against this list. */
export const ENV_NAMES = Object.keys(envSchema.shape);

/** Every process sees one resolved URL each; whether it was given decides what `auto` may try instead. */
const resolvedEnvSchema = envSchema.transform(({ DATABASE_URL, REDIS_URL, ...rest }) => ({
  ...rest,
  DATABASE_URL: DATABASE_URL ?? rest.DEFAULT_DATABASE_URL,
  databaseUrlGiven: DATABASE_URL !== undefined,
  REDIS_URL: REDIS_URL ?? rest.DEFAULT_REDIS_URL,
  redisUrlGiven: REDIS_URL !== undefined,
}));

export type Env = z.infer<typeof resolvedEnvSchema>;

export const env: Env = resolvedEnvSchema.parse(process.env);

/** TRUSTED_PROXIES as a matcher (lib/net/client-address.ts). */
export const trustedProxies = parseTrustedProxies(env.TRUSTED_PROXIES);

/**
 * Why this environment must not serve in production, or null. The session secret encrypts every
 * session cookie and signs download links: the built-in default is public, and a short one can be
 * guessed. Checked when a web process starts in production (server/main.ts, instrumentation.ts), not
 * when the environment is read: `next build` reads it too, and needs no secret.
 */
export function productionSecretProblem(e: Pick<Env, 'NODE_ENV' | 'NEXTAUTH_SECRET'> = env): string | null {
  if (e.NODE_ENV !== 'production') return null;
  if (KNOWN_SECRETS.includes(e.NEXTAUTH_SECRET))
    return 'NEXTAUTH_SECRET is the public default: set a long random secret (e.g. `openssl rand -base64 32`) to run in production.';
  if (e.NEXTAUTH_SECRET.length < PRODUCTION_SECRET_LENGTH)
    return `NEXTAUTH_SECRET is shorter than ${PRODUCTION_SECRET_LENGTH} characters: set a long random secret to run in production.`;
  return null;
}

/** Whether the portal is served over https (APP_URL): cookies are Secure, answers carry HSTS. */
export const isServedOverHttps = env.APP_URL.startsWith('https://');
