import { notFound } from 'next/navigation';
import { asAnswered } from '@/components/lists/first-page';
import { requireActor } from '@/lib/auth/server';
import { can } from '@/lib/auth/permissions';
import { listIntegrations } from '@/lib/domain/integrations/manage-integrations';
import { listSubsidiaries } from '@/lib/domain/lookups/queries';
import { IntegrationsScreen } from './_components/integrations-screen';

export const metadata = { title: 'Integrations' };

/**
 * /integrations: the integrations of GET /integrations, each naming its subsidiaries (portal admins only).
 * Subsidiaries are chosen by look-up, never loaded whole; two are read only to know whether there is just one.
 */
export default async function IntegrationsPage() {
  const actor = await requireActor();
  if (!can(actor, 'integrations.manage')) notFound();
  const [{ data }, { subsidiaries }] = await Promise.all([listIntegrations(actor), listSubsidiaries(actor, { limit: 2 })]);
  const only = subsidiaries.length === 1 ? { id: subsidiaries[0].id, code: subsidiaries[0].code, name: subsidiaries[0].name } : null;
  return <IntegrationsScreen initial={asAnswered(data)} onlySubsidiary={only} />;
}
