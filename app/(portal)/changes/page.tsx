import { notFound } from 'next/navigation';
import { requireActor } from '@/lib/auth/server';
import { can } from '@/lib/auth/permissions';
import { listChanges } from '@/lib/domain/changes/queries';
import { changeListFilterSchema } from '@/lib/domain/changes/schemas';
import { ChangesScreen } from './_components/changes-screen';

export const metadata = { title: 'Change management' };

/** /changes: item changes (the default tab) and pricing changes; the first page is rendered here. */
export default async function ChangesPage() {
  const actor = await requireActor();
  if (!can(actor, 'changes.read')) notFound();
  const { changes } = await listChanges(actor, 'item', changeListFilterSchema.parse({}));
  return <ChangesScreen initial={changes} canApprove={can(actor, 'changes.approve')} />;
}
