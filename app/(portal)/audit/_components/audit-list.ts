import { defineList, textFilters } from '@/components/lists/list-spec';
import { AUDIT_SORT_KEYS, type AuditEntries, type AuditListEntry } from '@/lib/domain/audit/schemas';
import { pagerOf } from '@/lib/domain/paging';

/** The audit list: GET /audit/entries, its filters and sorts, 25 rows a page (the server's default). */
export const AUDIT_LIST = defineList({
  endpoint: '/audit/entries',
  filters: textFilters('owner', 'action', 'entity_type', 'docno', 'date_from', 'date_to'),
  sortKeys: AUDIT_SORT_KEYS,
  defaultPageSize: 25,
  read: (answer: AuditEntries) => ({ rows: answer.entries.data as readonly AuditListEntry[], pager: pagerOf(answer.entries) }),
});
