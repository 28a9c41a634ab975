import { allDeliveryNotes } from '@/lib/domain/invoicing/queries';
import { orderLookupSchema } from '@/lib/domain/invoicing/schemas';
import { route } from '@/lib/http/route';

/** GET /alldeliverynotes?orderno=&tinymce=: the order's delivery notes (xdocs) and delivered lines. */
export const GET = route({ allow: 'documents.read', query: orderLookupSchema }, ({ actor, query }) =>
  allDeliveryNotes(actor.scope, query.tinymce, query.orderno),
);
