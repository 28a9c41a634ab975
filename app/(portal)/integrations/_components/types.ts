import type { Answered } from '@/components/lists/first-page';
import type { IntegrationScope } from '@/db/schema/integrations';
import type { IntegrationView } from '@/lib/domain/integrations/manage-integrations';
import type { listSubsidiaries } from '@/lib/domain/lookups/queries';

/** An integration as GET /integrations answers it (the domain's view, dates as JSON strings); never its key. */
export type Integration = Answered<IntegrationView>;

/** A subsidiary as the look-up (GET /subsidiary) names it. */
export type Subsidiary = Pick<Awaited<ReturnType<typeof listSubsidiaries>>['subsidiaries'][number], 'id' | 'code' | 'name'>;

/** What each scope lets the retailer's system do, in the admin's words (docs/api.md). */
export const SCOPE_WORDS: Record<IntegrationScope, string> = {
  'documents:write': 'Send documents (orders, returns, goods received vouchers, remittances…)',
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
