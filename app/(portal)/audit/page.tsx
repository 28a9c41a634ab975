import { notFound } from 'next/navigation';
import { firstPage } from '@/components/lists/first-page';
import { requireActor } from '@/lib/auth/server';
import { can } from '@/lib/auth/permissions';
import { listAuditEntries } from '@/lib/domain/audit/queries';
import { auditFilterSchema } from '@/lib/domain/audit/schemas';
import { AuditScreen } from './_components/audit-screen';
import { AUDIT_LIST } from './_components/audit-list';

export const metadata = { title: 'Audit' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * /audit: audit entries across the portal. The address holds the filters, page, page size and sort
 * (AUDIT_LIST); the first page is rendered here for that address, or left to the browser when the
 * address asks what the API refuses (it then shows the refusal).
 */
export default async function AuditPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireActor();
  if (!can(actor, 'audit.read')) notFound();
  const initial = await firstPage(AUDIT_LIST, searchParams, auditFilterSchema, (query) => listAuditEntries(actor, query));
  return <AuditScreen initial={initial} />;
}
