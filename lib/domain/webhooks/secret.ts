import { randomBytes } from 'node:crypto';

/** A Standard Webhooks signing secret: whsec_ and 32 random bytes in base64, as the standardwebhooks package reads it. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
