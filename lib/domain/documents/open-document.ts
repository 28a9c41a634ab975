import type { Actor } from '../../auth/actor';
import { availableHistoryActions } from '../history/available-actions';
import { documentDetail, findVisibleDocument, type XdocDetail } from './queries';

/** GET /xdocs/{tinyMce}: the document with its lines, stored response, invoice reference and the acts its reader may do. */
export async function openDocument(actor: Actor, key: string): Promise<{ xdoc: XdocDetail }> {
  const doc = await findVisibleDocument(actor.scope, key);
  return documentDetail(actor.scope, doc, await availableHistoryActions(actor, doc));
}
