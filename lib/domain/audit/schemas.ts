import { z } from 'zod';
import { laravelPageSchema, pageParam, pageSizeParam } from '../paging';
import { isoDate } from '../query-text';
import { sortParams } from '../sorting';

const text = (name: string, max = 100) => z.string().trim().max(max, `${name} may be at most ${max} characters.`);

/** The columns the audit screen sorts by on the server (lib/domain/sorting.ts); none means newest first. */
export const AUDIT_SORT_KEYS = ['time', 'owner', 'action'] as const;

/** GET /audit/entries filters (the audit screen of spec §2): who, what, when, which document. */
export const auditFilterSchema = z
  .object({
    owner: text('owner').optional(),
    action: text('action', 50).optional(),
    entity_type: text('entity_type', 50).optional(),
    docno: text('docno', 50).optional(),
    date_from: isoDate('date_from').optional(),
    date_to: isoDate('date_to').optional(),
    pageLimit: pageSizeParam('pageLimit', 25, 250),
    page: pageParam(),
    ...sortParams(AUDIT_SORT_KEYS),
  })
  .refine((f) => !f.date_from || !f.date_to || f.date_from <= f.date_to, {
    path: ['date_to'],
    message: 'The to date is before the from date.',
  });
export type AuditFilter = z.infer<typeof auditFilterSchema>;

/** Spec §3 audit entry (time, owner.name, descr), with what it concerns. */
export const auditListEntrySchema = z.object({
  id: z.number().int(),
  time: z.string(),
  owner: z.object({ id: z.number().int().nullable(), name: z.string() }),
  action: z.string(),
  descr: z.string(),
  entity_type: z.string(),
  entity_id: z.number().int().nullable(),
  docno: z.string().nullable(),
});
export type AuditListEntry = z.infer<typeof auditListEntrySchema>;

/** GET /audit/entries answers its page as `entries`. */
export const auditEntriesSchema = z.object({ entries: laravelPageSchema(auditListEntrySchema) });
export type AuditEntries = z.infer<typeof auditEntriesSchema>;
