import { notFound } from 'next/navigation';
import { requireActor } from '@/lib/auth/server';
import { can } from '@/lib/auth/permissions';
import { listIntegrations } from '@/lib/domain/integrations/manage-integrations';
import { listSubsidiaries } from '@/lib/domain/lookups/queries';
import { IntegrationsScreen } from './_components/integrations-screen';

export const metadata = { title: 'Integrations' };

/** /integrations: the integrations of GET /integrations and the subsidiaries a new one may act for (portal admins only). */
export default async function IntegrationsPage() {
  const actor = await requireActor();
  if (!can(actor, 'integrations.manage')) notFound();
  const [{ data }, { subsidiaries }] = await Promise.all([listIntegrations(actor), listSubsidiaries(actor, { limit: 500 })]);
  return (
    <IntegrationsScreen
      initial={JSON.parse(JSON.stringify(data))}
      subsidiaries={subsidiaries.map(({ id, code, name }) => ({ id, code, name }))}
    />
  );
}
