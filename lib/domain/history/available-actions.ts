import type { Actor } from '../../auth/actor';
import { can } from '../../auth/permissions';
import type { XdocRow } from '../documents/queries';
import { OUTSTANDING } from './mark-outstanding';
import { orderOf } from './undismiss-document';

/** The history's acts on one document (docs/api.md: undismiss, mark outstanding, resend). */
export const HISTORY_ACTIONS = ['undismiss', 'outstanding', 'resend'] as const;
export type HistoryActionId = (typeof HISTORY_ACTIONS)[number];

/** The order an invoice was raised against (or the order itself); null when there is none. */
async function orderBehind(doc: XdocRow): Promise<XdocRow | null> {
  try {
    return await orderOf(doc);
  } catch {
    return null;
  }
}

/**
 * What this user may do to this document now, by the same rules the acts themselves check
 * (document-action.ts and each act): the right to act at all, write on the document's subsidiary, and
 * the document's state. The document window offers exactly these, so a read-only user is offered
 * nothing that would be refused, and "Make available for invoicing" only where invoicing was dismissed.
 */
export async function availableHistoryActions(actor: Actor, doc: XdocRow): Promise<HistoryActionId[]> {
  if (!can(actor, 'history.act') || !actor.scope.canWriteDocument(doc)) return [];
  const actions: HistoryActionId[] = [];
  if (doc.xdocTypeCode === 'order' || doc.xdocTypeCode === 'invoice') {
    const order = await orderBehind(doc);
    if (order?.invoicingClosedAt && actor.scope.canWriteDocument(order)) actions.push('undismiss');
  }
  if (doc.xdocTypeCode === 'order') {
    if (doc.wfStatusCode !== OUTSTANDING) actions.push('outstanding');
    actions.push('resend');
  }
  return actions;
}
