import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { itemChanges, items } from '../../../db/schema';
import { formatDateTime } from '../../format';
import { inRequestOrder, type LockedChange, type Refusal } from './lock-changes';
import { itemChangeableSchema, type ItemChangeable } from './schemas';

type ItemUpdate = {
  id: number;
  descr: string | null;
  has_barcode: boolean;
  barcode: string | null;
  unit_of_measure: string | null;
  pack_size: number | null;
  active: boolean | null;
};
type NewItem = {
  change_id: number;
  vendor_id: number;
  catalogue_code: string;
  descr: string;
  barcode: string | null;
  unit_of_measure: string;
  pack_size: number;
};

const invalid = (id: number, issue: string): Refusal => ({ id, kind: 'conflict', message: `Change ${id} cannot be applied: ${issue}` });

/**
 * Writes approved item changes to the items, in the caller's transaction, and returns the changes it
 * refused instead. A change to an existing item is refused when the item was changed after the change
 * was requested (its updated_at is later than the change's created_at), or when an earlier change in
 * the same batch changes it: approving would overwrite newer data with values made against older data.
 * A change that adds an item is refused when an item with its code exists by now.
 */
export async function applyItemChanges(tx: Tx, changes: readonly LockedChange[]): Promise<Refusal[]> {
  const refused: Refusal[] = [];
  const existing = changes.filter((c) => c.itemId !== null).map((c) => c.id);
  const itemState = new Map(
    (existing.length
      ? await tx
          .select({
            changeId: itemChanges.id,
            code: items.catalogueCode,
            updatedAt: items.updatedAt,
            changedSince: sql<boolean>`${items.updatedAt} > ${itemChanges.createdAt}`,
          })
          .from(itemChanges)
          .innerJoin(items, sql`${items.id} = ${itemChanges.itemId}`)
          .where(inArray(itemChanges.id, existing))
          .for('update', { of: items })
      : []
    ).map((row) => [row.changeId, row]),
  );

  const updates: ItemUpdate[] = [];
  const inserts: NewItem[] = [];
  const touched = new Set<string>();
  for (const change of inRequestOrder(changes)) {
    const parsed = itemChangeableSchema.safeParse(change.changeable);
    if (!parsed.success) {
      refused.push(invalid(change.id, parsed.error.issues[0]?.message ?? 'its values are not valid.'));
      continue;
    }
    const values: ItemChangeable = parsed.data;
    if (change.itemId !== null) {
      const state = itemState.get(change.id);
      const key = `item:${change.itemId}`;
      if (!state) refused.push(invalid(change.id, 'the item no longer exists.'));
      else if (state.changedSince || touched.has(key))
        refused.push({
          id: change.id,
          kind: 'conflict',
          message: `Change ${change.id} is out of date: item ${state.code} was changed on ${formatDateTime(state.updatedAt)}, after this change was requested. Reject it and ask for a new one.`,
        });
      else {
        touched.add(key);
        updates.push({
          id: change.itemId,
          descr: values.descr ?? null,
          has_barcode: values.barcode !== undefined,
          barcode: values.barcode ?? null,
          unit_of_measure: values.unitOfMeasure ?? null,
          pack_size: values.packSize ?? null,
          active: values.active ?? null,
        });
      }
      continue;
    }
    const key = `new:${change.vendorId}:${values.catalogueCode}`;
    if (!values.descr) refused.push(invalid(change.id, 'a new item needs a description (descr).'));
    else if (touched.has(key)) refused.push(invalid(change.id, `another change in this batch adds item ${values.catalogueCode}.`));
    else {
      touched.add(key);
      inserts.push({
        change_id: change.id,
        vendor_id: change.vendorId,
        catalogue_code: values.catalogueCode,
        descr: values.descr,
        barcode: values.barcode ?? null,
        unit_of_measure: values.unitOfMeasure ?? 'EA',
        pack_size: values.packSize ?? 1,
      });
    }
  }

  if (updates.length)
    await tx.execute(sql`
      update items i
         set descr = coalesce(v.descr, i.descr),
             barcode = case when v.has_barcode then v.barcode else i.barcode end,
             unit_of_measure = coalesce(v.unit_of_measure, i.unit_of_measure),
             pack_size = coalesce(v.pack_size, i.pack_size),
             active = coalesce(v.active, i.active),
             updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb)
             as v(id int, descr text, has_barcode boolean, barcode text, unit_of_measure text, pack_size int, active boolean)
       where i.id = v.id`);
  if (inserts.length) refused.push(...(await insertItems(tx, inserts)));
  return refused;
}

/** Adds the new items and links each change to its item; a code that exists by now refuses its change. */
async function insertItems(tx: Tx, inserts: NewItem[]): Promise<Refusal[]> {
  const result = await tx.execute<{ change_id: number }>(sql`
    with added as (
      insert into items (vendor_id, catalogue_code, descr, barcode, unit_of_measure, pack_size)
      select v.vendor_id, v.catalogue_code, v.descr, v.barcode, v.unit_of_measure, v.pack_size
        from jsonb_to_recordset(${JSON.stringify(inserts)}::jsonb)
             as v(change_id int, vendor_id int, catalogue_code text, descr text, barcode text, unit_of_measure text, pack_size int)
      on conflict (vendor_id, catalogue_code) do nothing
      returning id, vendor_id, catalogue_code
    )
    update item_changes c set item_id = a.id
      from added a, jsonb_to_recordset(${JSON.stringify(inserts)}::jsonb) as v(change_id int, vendor_id int, catalogue_code text)
     where c.id = v.change_id and a.vendor_id = v.vendor_id and a.catalogue_code = v.catalogue_code
    returning c.id as change_id`);
  const added = new Set(result.rows.map((r) => Number(r.change_id)));
  return inserts
    .filter((i) => !added.has(i.change_id))
    .map((i) => ({
      id: i.change_id,
      kind: 'conflict' as const,
      message: `Change ${i.change_id} is out of date: item ${i.catalogue_code} was added after this change was requested. Reject it and ask for a new one.`,
    }));
}
