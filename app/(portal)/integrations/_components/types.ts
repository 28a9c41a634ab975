import type { IntegrationScope } from '@/db/schema/integrations';
import type { IntegrationView } from '@/lib/domain/integrations/manage-integrations';

/** A value as its JSON answer carries it: dates become ISO strings. */
type AsJson<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

/** An integration as GET /integrations answers it (the domain's view, dates as JSON strings); never its key. */
export type Integration = AsJson<IntegrationView>;

export type Subsidiary = { id: number; code: string; name: string };

/** What each scope lets the retailer's system do, in the admin's words (docs/api.md). */
export const SCOPE_WORDS: Record<IntegrationScope, string> = {
  'documents:write': 'Send documents (orders, returns, GRVs, remittances…)',
  'events:read': 'Receive the suppliers’ answers (events feed and webhooks)',
};

export const scopeWords = (scope: string) => SCOPE_WORDS[scope as IntegrationScope] ?? scope;

export type IntegrationStatus = { label: string; tone: 'success' | 'danger' | 'warning' };

/** Active, revoked, or active with webhook URLs the worker stopped sending to after a day of failures. */
export function statusOf(integration: Integration): IntegrationStatus {
  if (integration.revokedAt) return { label: 'Revoked', tone: 'danger' };
  if (integration.disabledWebhookUrls.length) return { label: 'Active, webhook disabled after failures', tone: 'warning' };
  return { label: 'Active', tone: 'success' };
}
