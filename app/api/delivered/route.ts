import { deliveredTotals } from '@/lib/domain/invoicing/queries';
import { tinyMceLookupSchema } from '@/lib/domain/invoicing/schemas';
import { route } from '@/lib/http/route';

/** GET /delivered?tinymce=: the order's delivered quantity per line (deliveredLines). */
export const GET = route({ allow: 'documents.read', query: tinyMceLookupSchema }, ({ actor, query }) =>
  deliveredTotals(actor.scope, query.tinymce),
);
