import { listCustomers } from '@/lib/domain/users/queries';
import { route } from '@/lib/http/route';

/** GET /users/customers: {customers}, the subsidiaries the actor may grant. */
export const GET = route({ allow: 'users.read' }, ({ actor }) => listCustomers(actor));
