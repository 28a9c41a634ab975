import { deliverDueWebhooks, type DeliveryOptions } from '../../lib/domain/webhooks/deliver';

/** Rounds in a row at most, while each claims a full batch, before the timer's next tick. */
const MAX_ROUNDS = 20;

/**
 * The worker's periodic webhook job (jobs/worker.ts): sends due deliveries round after round while a round
 * finds a full batch, so a backlog drains without waiting a tick per batch. Not an outbox job: the
 * deliveries' own rows carry their state, and several workers share them (lib/domain/webhooks/deliver.ts).
 */
export async function deliverWebhooks(options: DeliveryOptions = {}): Promise<number> {
  const limit = options.limit ?? 200;
  let sent = 0;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const result = await deliverDueWebhooks({ ...options, limit });
    sent += result.sent;
    if (result.sent < limit) break;
  }
  return sent;
}
