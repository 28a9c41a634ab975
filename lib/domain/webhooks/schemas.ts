import { z } from 'zod';
import { WEBHOOK_DELIVERY_STATUSES } from '../../../db/schema/webhooks';

/** GET /integrations/{id}/deliveries?status=&limit=: newest first. */
export const deliveriesQuerySchema = z.object({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type DeliveriesQuery = z.infer<typeof deliveriesQuerySchema>;

/** POST /integrations/{id}/deliveries/replay: one delivery, or (without deliveryId) every failed or disabled one. */
export const replayFormSchema = z.object({
  deliveryId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type ReplayForm = z.infer<typeof replayFormSchema>;
