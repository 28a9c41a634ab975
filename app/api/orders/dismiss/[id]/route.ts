import { dismissInvoicing } from '@/lib/domain/invoicing/dismiss-invoicing';
import { documentKeyParams } from '@/lib/domain/invoicing/schemas';
import { route } from '@/lib/http/route';

/**
 * GET /orders/dismiss/{tinyMce}: dismiss invoicing of the order (spec §4, §7). The spec makes it a GET,
 * yet it changes state, so it demands the anti-forgery header like a POST: a link on another site
 * (a top-level GET carries the Lax session cookie) must not dismiss anything.
 */
export const GET = route({ allow: 'invoices.submit', params: documentKeyParams, changesState: true }, ({ actor, params }) =>
  dismissInvoicing(actor, params.id),
);
