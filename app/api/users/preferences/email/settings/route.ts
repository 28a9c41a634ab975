import { listEmailPreferences } from '@/lib/domain/preferences/email-preferences';
import { route } from '@/lib/http/route';

/** GET /users/preferences/email/settings: every notification code with the actor's setting. */
export const GET = route({ allow: 'preferences.email' }, ({ actor }) => listEmailPreferences(actor));
