/**
 * The redaction list of every log line (lib/observability/logger.ts): a field whose name says it holds a
 * secret is replaced, at any depth, whatever the code that logged it meant to do. Names are matched as
 * words at the end (`password`, `newPassword`, `apiKey`, `x-xsrf-token`, `set-cookie`, `authorization`).
 */
export const REDACTED_NAMES = ['password', 'passwd', 'token', 'secret', 'key', 'cookie', 'authorization', 'credentials', 'signature'];

const SECRET_NAME = new RegExp(`(${REDACTED_NAMES.join('|')})s?$`, 'i');
export const REDACTED = '[redacted]';
const MAX_DEPTH = 6;

export const isSecretName = (name: string) => SECRET_NAME.test(name);

/** A copy of `value` with every secret-named field replaced; errors become their name and message. */
export function redact(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return { type: value.name, message: value.message };
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[deep]';
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) copy[name] = isSecretName(name) ? REDACTED : redact(field, depth + 1);
  return copy;
}
