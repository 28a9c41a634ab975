import type { Activity } from '../domain/audit/activities';
import { ACTIVITY_LABELS } from './activities';
import { sentenceCase } from './document-types';

/**
 * Every action an audit entry records, as the audit screen and a document's audit trail show it. An
 * administration act on a user is recorded under its activity code (lib/domain/users/record-user-change.ts),
 * so those read as the activity does. The writers take their code from this table's keys (AuditAction),
 * so a new action cannot be written without its words.
 */
const DOCUMENT_AND_SYSTEM_ACTIONS = {
  created: 'Created',
  updated: 'Updated by the retailer',
  responded: 'Answered',
  read: 'Marked as read',
  dismissed: 'Invoicing dismissed',
  undismissed: 'Invoicing made available again',
  delivered: 'Delivery note submitted',
  invoiced: 'Invoiced',
  credited: 'Credited',
  outstanding: 'Marked outstanding',
  resent: 'Resent',
  approved: 'Approved',
  rejected: 'Rejected',
  rename: 'Changed own name',
  'integration.created': 'Integration created',
  'integration.revoked': 'Integration revoked',
  'integration.rotated': 'Integration key renewed',
  'webhook.replayed': 'Webhook delivery sent again',
  'queue.retry': 'Queue job retried',
  'queue.remove': 'Queue job removed',
} as const;

export type AuditAction = keyof typeof DOCUMENT_AND_SYSTEM_ACTIONS | Activity;

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = { ...ACTIVITY_LABELS, ...DOCUMENT_AND_SYSTEM_ACTIONS };

/** 'Answered' for responded, 'Invited a user' for invite-user; an unknown code as words, never as the code. */
export function auditActionLabel(code: string | null | undefined): string {
  const trimmed = code?.trim() ?? '';
  return (AUDIT_ACTION_LABELS as Record<string, string>)[trimmed] ?? sentenceCase(trimmed);
}

/** The audit entity kinds (what an entry concerns) as words, for the audit screen's column and filter. */
export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  xdoc: 'Document',
  item_change: 'Item change',
  pricing_change: 'Pricing change',
  masterdata_change: 'Master-data change',
  user: 'User',
  vendor: 'Vendor',
  integration: 'Integration',
  outbox: 'Queued message',
  other: 'Other',
};
