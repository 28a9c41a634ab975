import os from 'node:os';
import { z } from 'zod';

// The one reader of the environment: everything else imports `env` (design §3).
const number = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const envSchema = z.object({
  DATABASE_URL: z.string().url().default('postgresql://postgres@127.0.0.1:5432/portal'),
  DB_POOL_MAX: number(10),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  QUEUE_PREFIX: z.string().default('portal'),
  SMTP_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  MAIL_FROM: z.string().default('Trade Portal <no-reply@portal.test>'),
  MAIL_DIR: z.string().default('.data/mail'),
  APP_URL: z.string().url().default('http://localhost:3000'),
  NEXTAUTH_SECRET: z.string().min(16).default('dev-only-secret-change-me-in-production'),
  PORT: number(3000),
  HOST: z.string().default('0.0.0.0'),
  WEB_CONCURRENCY: number(os.availableParallelism()),
  /**
   * How long a worker's claim on a job lasts without renewal: when a worker dies, another takes its jobs over after
   * about this long (BullMQ's lock duration and stalled-job check).
   */
  WORKER_LOCK_MS: number(30_000),
  /** `npm run demo` reuses the last build when set to 1. */
  DEMO_SKIP_BUILD: z.enum(['0', '1']).default('0'),
  /** The Playwright run's own database and port (scripts/e2e-server.ts). */
  E2E_DATABASE_URL: z.string().url().default('postgresql://postgres@127.0.0.1:5432/portal_e2e'),
  E2E_PORT: number(3100),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
});

export type Env = z.infer<typeof envSchema>;

export const env: Env = envSchema.parse(process.env);

/** Whether the portal is served over https (APP_URL): cookies are Secure, answers carry HSTS. */
export const isServedOverHttps = env.APP_URL.startsWith('https://');
