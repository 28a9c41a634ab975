/**
 * Rows in batches by ascending id, each batch fetched after the last id of the one before, so a long
 * list is read in fixed-size pieces (never whole in memory) and every batch uses the primary key.
 */
export async function* keysetBatches<T extends { id: number }>(fetchAfter: (afterId: number) => Promise<T[]>): AsyncGenerator<T[]> {
  let after = 0;
  for (;;) {
    const batch = await fetchAfter(after);
    if (batch.length === 0) return;
    yield batch;
    after = batch[batch.length - 1].id;
  }
}
