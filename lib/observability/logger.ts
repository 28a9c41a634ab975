import pino from 'pino';
import { redact } from './redact';

/**
 * The portal's one logger (pino): a JSON line per event on standard output, for the platform to collect
 * (docs/operations.md). Web requests and worker jobs each log one line (request-log.ts, jobs/worker.ts).
 * Every line goes through the redaction list (redact.ts). JSON in development too: pino-pretty is not a
 * dependency; pipe the output through it locally if wanted. LOG_LEVEL (default info) picks the level;
 * tests set it to silent unless they read the lines.
 */
// Read here rather than from lib/env so the logger can be loaded anywhere, before the environment is valid.
const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info');

export const logger = pino(
  {
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: {
      level: (label) => ({ level: label }),
      log: (fields) => redact(fields) as Record<string, unknown>,
    },
  },
  // process.stdout rather than pino's own file-descriptor writer, so a test can read the lines it makes.
  { write: (line: string) => void process.stdout.write(line) },
);
