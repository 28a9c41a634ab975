import { listManagedVendors } from '@/lib/domain/vendors/queries';
import { managedVendorFilterSchema } from '@/lib/domain/vendors/schemas';
import { route } from '@/lib/http/route';

/** GET /vendors/user?code=&name=&certificate=&page=: {vendors}, a page of the vendors the actor manages. */
export const GET = route({ allow: 'vendors.manage', query: managedVendorFilterSchema }, ({ actor, query }) =>
  listManagedVendors(actor, query),
);
