import { listAuditEntries } from '@/lib/domain/audit/queries';
import { auditFilterSchema } from '@/lib/domain/audit/schemas';
import { route } from '@/lib/http/route';

/** GET /audit/entries?owner=&action=&entity_type=&docno=&date_from=&date_to=&pageLimit=&page=: {entries} (the audit screen). */
export const GET = route({ allow: 'audit.read', query: auditFilterSchema }, ({ actor, query }) => listAuditEntries(actor, query));
