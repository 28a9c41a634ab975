import { z } from 'zod';
import { listUserVendors } from '@/lib/domain/users/queries';
import { userIdParams, userVendorsQuerySchema } from '@/lib/domain/users/schemas';
import { route } from '@/lib/http/route';

// The link paths share this segment ({vendorId}/link), so the list's linked|unlinked arrives under its name.
const params = userIdParams.extend({ vendorId: z.enum(['linked', 'unlinked'], { message: 'Choose linked or unlinked.' }) });

/** GET /users/{id}/vendors/{linked|unlinked}?page=&code=&name=: a page of the user's vendors, or of those it could be linked to. */
export const GET = route({ allow: 'users.manage', params, query: userVendorsQuerySchema }, ({ actor, params, query }) =>
  listUserVendors(actor, params.id, params.vendorId, query),
);
