import { z } from 'zod';
import { INTEGRATION_SCOPES } from '../../../db/schema';
import { idParam, MAX_ID } from '../ids';

const webhookUrl = z
  .string()
  .trim()
  .url('The webhook URL must be a full http(s) address.')
  .max(2000)
  .refine((url) => /^https?:\/\//i.test(url), 'The webhook URL must be a full http(s) address.');

/** POST /integrations. */
export const integrationFormSchema = z.object({
  name: z.string().trim().min(1, 'The name is required.').max(120),
  subsidiaries: z.array(z.coerce.number().int().positive().max(MAX_ID)).min(1, 'At least one subsidiary has to be selected').max(500),
  scopes: z.array(z.enum(INTEGRATION_SCOPES)).min(1, 'At least one scope is required.'),
  webhookUrl: webhookUrl.optional(),
  webhookUrls: z.array(webhookUrl).max(10).optional(),
});
export type IntegrationForm = z.infer<typeof integrationFormSchema>;

export const integrationIdSchema = z.object({ id: idParam('The integration id must be a number.') });

/** GET /api/v1/me: the integration a key belongs to (a connection check). */
export const integrationSelfSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    subsidiaries: z.array(z.number().int()).meta({ description: 'The ids of the subsidiaries it acts for.' }),
    scopes: z.array(z.enum(INTEGRATION_SCOPES)),
  })
  .meta({
    id: 'Integration',
    examples: [{ id: 7, name: 'Head office ERP', subsidiaries: [1, 2], scopes: ['documents:write', 'events:read'] }],
  });
