import { activityFilterSchema, listActivity } from '@/lib/domain/users/activity';
import { route } from '@/lib/http/route';

/** GET /users/activity?activity=&user_email=&date_from=&date_to=&page=: who did what, when and from where. */
export const GET = route({ allow: 'users.activity', query: activityFilterSchema }, ({ actor, query }) => listActivity(actor, query));
