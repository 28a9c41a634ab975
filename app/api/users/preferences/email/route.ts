import { emailPreferenceToggleSchema, setEmailPreferences } from '@/lib/domain/preferences/email-preferences';
import { route } from '@/lib/http/route';

/** PUT /users/preferences/email {codes, disabled}: turns a group of notification codes off or on. */
export const PUT = route({ allow: 'preferences.email', body: emailPreferenceToggleSchema }, ({ actor, body }) =>
  setEmailPreferences(actor, body),
);
