import { notFound } from 'next/navigation';
import { asAnswered } from '@/components/lists/first-page';
import { requireActor } from '@/lib/auth/server';
import { can } from '@/lib/auth/permissions';
import { integrationIdSchema } from '@/lib/domain/integrations/schemas';
import { listIntegrations } from '@/lib/domain/integrations/manage-integrations';
import { listDeliveries } from '@/lib/domain/webhooks/deliveries';
import { deliveriesQuerySchema } from '@/lib/domain/webhooks/schemas';
import { DeliveriesScreen } from './_components/deliveries-screen';

export const metadata = { title: 'Webhook deliveries' };

/** /integrations/{id}/deliveries: one integration's webhook deliveries (GET /integrations/{id}/deliveries), newest first. */
export default async function DeliveriesPage({ params }: { params: Promise<{ id: string }> }) {
  const actor = await requireActor();
  if (!can(actor, 'integrations.manage')) notFound();
  const parsed = integrationIdSchema.safeParse(await params);
  if (!parsed.success) notFound();
  const { data: all } = await listIntegrations(actor);
  const integration = all.find((i) => i.id === parsed.data.id);
  if (!integration) notFound();
  const { data } = await listDeliveries(actor, integration.id, deliveriesQuerySchema.parse({}));
  return (
    <DeliveriesScreen
      integration={{ id: integration.id, name: integration.name, revoked: integration.revokedAt !== null }}
      initial={asAnswered(data)}
    />
  );
}
