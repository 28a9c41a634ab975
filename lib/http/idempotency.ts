import { ApiError, json } from './errors';

/** The Idempotency-Key header of a submission (8–100 visible characters), or undefined when not sent. */
export function idempotencyKeyOf(req: Request): string | undefined {
  const key = req.headers.get('idempotency-key')?.trim();
  if (key === undefined || key === '') return undefined;
  if (!/^[\x21-\x7e]{8,100}$/.test(key)) {
    const message = 'The Idempotency-Key must be 8 to 100 visible characters.';
    throw new ApiError(422, message, { 'Idempotency-Key': [message] });
  }
  return key;
}

/** 201 with the created resource; a replay of an earlier submission says so in Idempotent-Replayed. */
export function created(body: unknown, replayed: boolean): Response {
  return json(body, 201, replayed ? { 'Idempotent-Replayed': 'true' } : undefined);
}
