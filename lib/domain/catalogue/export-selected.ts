import type { Readable } from 'node:stream';
import { db } from '../../../db/client';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { xlsxReadable, xlsxSheet } from '../../exports/xlsx';
import { recordActivity } from '../audit/record';
import { ITEM_EXPORT_COLUMNS } from '../items/export-columns';
import { itemsByIds } from '../items/queries';
import { PRICING_EXPORT_COLUMNS } from '../pricing/export-columns';
import { pricingsByIds } from '../pricing/queries';
import type { CatalogueKind } from './upload-templates';

/** Spec §9: both exports are saved as items_export.xlsx. */
export const EXPORT_FILE_NAME = 'items_export.xlsx';

/**
 * POST /items/export and POST /pricings/export: the ticked rows the actor may see (others are left
 * out, as if they did not exist) as a streamed workbook; the export is recorded as the user's activity.
 */
export async function exportSelected(actor: Actor, kind: CatalogueKind, ids: readonly number[]): Promise<Readable> {
  assertCan(actor, kind === 'items' ? 'items.read' : 'pricing.read');
  const sheet =
    kind === 'items'
      ? xlsxSheet('Items', ITEM_EXPORT_COLUMNS, [await itemsByIds(actor.scope, ids)])
      : xlsxSheet('Pricing', PRICING_EXPORT_COLUMNS, [await pricingsByIds(actor.scope, ids)]);
  await recordActivity(db, actor, 'export', { detail: { kind, rows: ids.length, file: EXPORT_FILE_NAME } });
  return xlsxReadable([sheet]);
}
