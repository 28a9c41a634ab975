import { z } from 'zod';

// One place reads the environment; everything else imports `env`.
const envSchema = z.object({
  DATABASE_URL: z.string().url().default('postgresql://postgres@127.0.0.1:5432/portal'),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  SMTP_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  MAIL_FROM: z.string().default('Trade Portal <no-reply@portal.test>'),
  MAIL_DIR: z.string().default('.data/mail'),
  APP_URL: z.string().url().default('http://localhost:3000'),
  NEXTAUTH_SECRET: z.string().min(16).default('dev-only-secret-change-me-in-production'),
  QUEUE_PREFIX: z.string().default('portal'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
});

export type Env = z.infer<typeof envSchema>;

export const env: Env = envSchema.parse(process.env);
