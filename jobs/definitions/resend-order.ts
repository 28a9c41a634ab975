import { z } from 'zod';

export const RESEND_ORDER = 'resend-order';

/** One e-mail of an order's PDF to one of its vendor's users (one row per recipient, so a retry never repeats another's). */
export const resendOrderPayloadSchema = z.object({
  xdocId: z.number().int().positive(),
  userId: z.number().int().positive(),
  requestedBy: z.string().min(1).max(200),
});
export type ResendOrderPayload = z.infer<typeof resendOrderPayloadSchema>;
