import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { pricingChanges, pricings } from '../../../db/schema';
import { formatDateTime } from '../../format';
import { inRequestOrder, type LockedChange, type Refusal } from './lock-changes';
import { pricingChangeableSchema } from './schemas';
import { todayInSouthAfrica } from '../../format/dates';

type PricingUpdate = { id: number; cost_price: string; retail_price: string | null; effective_from: string | null };
type NewPricing = {
  change_id: number;
  item_id: number;
  subsidiary_code: string | null;
  cost_price: string;
  retail_price: string | null;
  effective_from: string;
};

const invalid = (id: number, issue: string): Refusal => ({ id, kind: 'conflict', message: `Change ${id} cannot be applied: ${issue}` });

/**
 * Writes approved pricing changes to the pricings, in the caller's transaction, and returns the changes
 * it refused instead. A change to an existing price is refused when that price was changed after the
 * change was requested (updated_at later than the change's created_at), when the cost it was made
 * against (previousCostPrice) is no longer the cost, or when an earlier change in the batch changes
 * it. A change without a price to change adds one for its item (and subsidiary, if it names one).
 */
export async function applyPricingChanges(tx: Tx, changes: readonly LockedChange[]): Promise<Refusal[]> {
  const refused: Refusal[] = [];
  const existing = changes.filter((c) => c.pricingId !== null).map((c) => c.id);
  const priceState = new Map(
    (existing.length
      ? await tx
          .select({
            changeId: pricingChanges.id,
            costPrice: pricings.costPrice,
            updatedAt: pricings.updatedAt,
            changedSince: sql<boolean>`${pricings.updatedAt} > ${pricingChanges.createdAt}`,
          })
          .from(pricingChanges)
          .innerJoin(pricings, sql`${pricings.id} = ${pricingChanges.pricingId}`)
          .where(inArray(pricingChanges.id, existing))
          .for('update', { of: pricings })
      : []
    ).map((row) => [row.changeId, row]),
  );

  const updates: PricingUpdate[] = [];
  const inserts: NewPricing[] = [];
  const touched = new Set<number>();
  for (const change of inRequestOrder(changes)) {
    const parsed = pricingChangeableSchema.safeParse(change.changeable);
    if (!parsed.success) {
      refused.push(invalid(change.id, parsed.error.issues[0]?.message ?? 'its values are not valid.'));
      continue;
    }
    const values = parsed.data;
    if (change.pricingId === null) {
      if (change.itemId === null) refused.push(invalid(change.id, `no item ${values.catalogueCode} to price.`));
      else
        inserts.push({
          change_id: change.id,
          item_id: change.itemId,
          subsidiary_code: values.subsidiaryCode ?? null,
          cost_price: values.costPrice,
          retail_price: values.retailPrice ?? null,
          effective_from: values.effectiveFrom ?? todayInSouthAfrica(),
        });
      continue;
    }
    const state = priceState.get(change.id);
    const costMoved = state && values.previousCostPrice !== undefined && Number(state.costPrice) !== Number(values.previousCostPrice);
    if (!state) refused.push(invalid(change.id, 'the price no longer exists.'));
    else if (state.changedSince || costMoved || touched.has(change.pricingId))
      refused.push({
        id: change.id,
        kind: 'conflict',
        message: `Change ${change.id} is out of date: the price of ${values.catalogueCode} was changed on ${formatDateTime(state.updatedAt)} (now ${state.costPrice}), after this change was requested. Reject it and ask for a new one.`,
      });
    else {
      touched.add(change.pricingId);
      updates.push({
        id: change.pricingId,
        cost_price: values.costPrice,
        retail_price: values.retailPrice ?? null,
        effective_from: values.effectiveFrom ?? null,
      });
    }
  }

  if (updates.length)
    await tx.execute(sql`
      update pricings p
         set cost_price = v.cost_price, retail_price = coalesce(v.retail_price, p.retail_price),
             effective_from = coalesce(v.effective_from, p.effective_from), updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as v(id int, cost_price numeric, retail_price numeric, effective_from date)
       where p.id = v.id`);
  if (inserts.length) refused.push(...(await insertPricings(tx, inserts)));
  return refused;
}

/** Adds the new prices and links each change to its price; a subsidiary code that names none refuses its change. */
async function insertPricings(tx: Tx, inserts: NewPricing[]): Promise<Refusal[]> {
  const result = await tx.execute<{ change_id: number }>(sql`
    with v as (
      select v.*, s.id as subsidiary_id
        from jsonb_to_recordset(${JSON.stringify(inserts)}::jsonb)
             as v(change_id int, item_id int, subsidiary_code text, cost_price numeric, retail_price numeric, effective_from date)
        left join subsidiaries s on s.code = v.subsidiary_code
       where v.subsidiary_code is null or s.id is not null
    ), added as (
      insert into pricings (item_id, subsidiary_id, cost_price, retail_price, effective_from)
      select item_id, subsidiary_id, cost_price, retail_price, effective_from from v order by change_id
      returning id, item_id, subsidiary_id, effective_from
    )
    update pricing_changes c set pricing_id = a.id
      from v join added a on a.item_id = v.item_id and a.subsidiary_id is not distinct from v.subsidiary_id and a.effective_from = v.effective_from
     where c.id = v.change_id
    returning c.id as change_id`);
  const added = new Set(result.rows.map((r) => Number(r.change_id)));
  return inserts.filter((i) => !added.has(i.change_id)).map((i) => invalid(i.change_id, `there is no subsidiary ${i.subsidiary_code}.`));
}
