import { notFound } from 'next/navigation';
import { requireActor } from '@/lib/auth/server';
import { can } from '@/lib/auth/permissions';
import { listEmailPreferences } from '@/lib/domain/preferences/email-preferences';
import { EmailPreferences } from './_components/email-preferences';

export const metadata = { title: 'E-mail preferences' };

/** /preferences/email: the user's notification e-mails, toggled a group at a time. */
export default async function EmailPreferencesPage() {
  const actor = await requireActor();
  if (!can(actor, 'preferences.email')) notFound();
  return <EmailPreferences initial={await listEmailPreferences(actor)} />;
}
