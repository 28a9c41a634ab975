/**
 * Rows in batches by keyset: each batch is fetched after the key of the last row of the one before
 * (`keyOf`), starting after `first`, so a long list is read in fixed-size pieces (never whole in memory)
 * and every batch uses the index of its order.
 */
export async function* keysetBatches<Row, Key>(
  first: Key,
  fetchAfter: (after: Key) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
): AsyncGenerator<Row[]> {
  for (let after = first; ;) {
    const batch = await fetchAfter(after);
    if (batch.length === 0) return;
    yield batch;
    after = keyOf(batch[batch.length - 1]);
  }
}
