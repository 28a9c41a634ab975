import { notFound } from 'next/navigation';
import { requireActor } from '@/lib/auth/server';
import { can } from '@/lib/auth/permissions';
import { auditFilterSchema, listAuditEntries } from '@/lib/domain/audit/queries';
import { AuditScreen } from './_components/audit-screen';

export const metadata = { title: 'Audit' };

/** /audit: audit entries across the portal (replaces the "coming" state of the catch-all). */
export default async function AuditPage() {
  const actor = await requireActor();
  if (!can(actor, 'audit.read')) notFound();
  const { entries } = await listAuditEntries(actor, auditFilterSchema.parse({}));
  return <AuditScreen initial={entries} />;
}
