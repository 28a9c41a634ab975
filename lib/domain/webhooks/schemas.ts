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

/**
 * The headers of every webhook POST (Standard Webhooks, signed by the standardwebhooks package in send.ts):
 * a receiver verifies the body with them and drops repeats by webhook-id (docs/api.md, Webhooks).
 */
export const webhookHeadersSchema = z.object({
  'webhook-id': z
    .string()
    .regex(/^msg_[0-9a-f]{32}$/)
    .meta({
      description: 'The same on every retry and replay of one event to one URL: drop repeats by it.',
      example: 'msg_0f8a3c1e9b7d4e2f8a6c5b4d3e2f1a0b',
    }),
  'webhook-timestamp': z
    .string()
    .regex(/^\d{1,12}$/)
    .meta({ description: 'When it was signed, in Unix seconds: refuse old ones.', example: '1795606443' }),
  'webhook-signature': z
    .string()
    .regex(/^v1,[A-Za-z0-9+/]+=*( v1,[A-Za-z0-9+/]+=*)*$/)
    .meta({
      description: "v1,<base64 HMAC-SHA256 of '<webhook-id>.<webhook-timestamp>.<body>'> with the integration's webhookSecret.",
      example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
    }),
});
