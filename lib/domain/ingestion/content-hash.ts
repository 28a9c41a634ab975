import { createHash } from 'node:crypto';
import type { IngestedDocument } from './schemas';

/** A hash of the document as parsed (decimals normalised, keys sorted), so spelling does not count as a change. */
export function contentHash(doc: IngestedDocument): string {
  return createHash('sha256').update(canonical(doc)).digest('hex');
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}
