import { db } from '../db/client';
import { items } from '../db/schema';

/**
 * Makes `count` items of a bench vendor (codes `<code>-0` …), `batch` at a time, and yields each batch's
 * rows as it is inserted, with the number of its first item, so a benchmark adds what it needs per batch
 * (prices, pending changes) without holding every row at once.
 */
export async function* benchItemBatches(
  vendorId: number,
  code: string,
  count: number,
  batch: number,
): AsyncGenerator<{ start: number; rows: { id: number; catalogueCode: string }[] }> {
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    const rows = await db
      .insert(items)
      .values(
        Array.from({ length: size }, (_, i) => ({
          vendorId,
          catalogueCode: `${code}-${start + i}`,
          descr: `Bench item ${start + i}`,
          barcode: String(6000000000000 + start + i),
        })),
      )
      .returning({ id: items.id, catalogueCode: items.catalogueCode });
    yield { start, rows };
  }
}
